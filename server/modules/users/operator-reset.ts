import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/platform-tables.ts';
import { appendAudit } from '../../lib/audit.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { findUserByEmail } from '../auth/repository.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { passwordWrite } from '../auth/password-write.ts';

/** Lower-case letters and digits without the look-alikes (i, l, o, 0, 1): read out or typed. */
const TEMPORARY_PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const TEMPORARY_PASSWORD_GROUPS = 3;
const TEMPORARY_PASSWORD_GROUP_LENGTH = 4;

/** Three groups of four, e.g. `k7pm-3xqa-9fhz`: about 59 bits, for one sign-in only. */
export function temporaryPassword(): string {
  const groups: string[] = [];
  for (let group = 0; group < TEMPORARY_PASSWORD_GROUPS; group += 1) {
    let text = '';
    for (let index = 0; index < TEMPORARY_PASSWORD_GROUP_LENGTH; index += 1) {
      text += TEMPORARY_PASSWORD_ALPHABET[randomInt(TEMPORARY_PASSWORD_ALPHABET.length)];
    }
    groups.push(text);
  }
  return groups.join('-');
}

export interface OperatorReset {
  password: string;
  name: string;
  email: string;
  organizationName: string;
  isActive: boolean;
  sessionsEnded: number;
}

/**
 * The operator's way back in when nobody can sign in (`npm run reset-password -- EMAIL`): a new
 * temporary password that must be changed at the next sign-in; the account's sessions end. The
 * audit entry names no user, as nobody signed in made the change. Undefined for an unknown email.
 */
export async function resetPasswordByEmail(
  db: Database,
  email: string,
): Promise<OperatorReset | undefined> {
  const user = await findUserByEmail(db, email);
  if (!user) return undefined;
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const sessionsEnded = await db.transaction(async (tx) => {
    await tx.update(users).set(passwordWrite(passwordHash, true)).where(eq(users.id, user.id));
    const ended = await revokeUserSessions(tx, user.id);
    await appendAudit(tx, {
      organizationId: user.organizationId,
      userId: null,
      action: 'passwordReset',
      entity: 'user',
      entityId: user.id,
      changes: user.mustChangePassword ? {} : { mustChangePassword: [false, true] },
    });
    return ended;
  });
  return {
    password,
    name: user.name,
    email: user.email,
    organizationName: user.organizationName,
    isActive: user.isActive,
    sessionsEnded,
  };
}
