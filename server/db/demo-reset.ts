import { eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '../../contract/auth.ts';
import { v7 as uuidv7 } from 'uuid';
import { hashPassword } from '../lib/passwords.ts';
import type { Database } from './client.ts';
import { organizations, sessions, users } from './platform-tables.ts';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_STAFF_EMAIL,
  insertDemoOrganization,
  lockDemoSeeding,
} from './seed.ts';

const DEMO_EMAILS = [DEMO_EMAIL, DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL];

export class DemoAccountElsewhereError extends Error {
  constructor(email: string) {
    super(`${email} belongs to an organization other than the demo one; nothing was reset`);
  }
}

/**
 * Brings the demo organization (the one its owner, demo@karkhana.app, belongs to) back to what the
 * seed writes: the organization goes with every row it owns, and the seed runs again. The audit
 * trail is append-only (no statement may remove an entry), so the old organization's entries stay
 * behind unreachable and the new one starts under a new id with an empty trail. Other
 * organizations are never read or written; a demo address found in another organization stops
 * the reset rather than take that account away.
 */
export async function resetDemoOrganization(
  db: Database,
  now = new Date(),
  language: Language = 'en',
): Promise<{ organizationId: string; replaced: string | null }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await lockDemoSeeding(txDb);
    const holders = await txDb
      .select({ email: users.email, organizationId: users.organizationId, role: users.role })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, DEMO_EMAILS));
    const owner = holders.find((holder) => holder.email.toLowerCase() === DEMO_EMAIL);
    const stray = holders.find((holder) => holder.organizationId !== owner?.organizationId);
    if (stray) throw new DemoAccountElsewhereError(stray.email);
    if (owner) {
      // Sessions carry the organization without a foreign key of their own; every other row
      // goes with the organization row.
      await txDb.delete(sessions).where(eq(sessions.organizationId, owner.organizationId));
      await txDb.delete(organizations).where(eq(organizations.id, owner.organizationId));
    }
    const organizationId = uuidv7();
    await insertDemoOrganization(txDb, organizationId, passwordHash, now, language);
    return { organizationId, replaced: owner?.organizationId ?? null };
  });
}
