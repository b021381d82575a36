import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Language } from '../../../contract/auth.ts';
import type { SampleWorkshop } from '../../../contract/sample-workshop.ts';
import type { Database } from '../../db/database.ts';
import { organizations, sessions, users } from '../../db/platform-tables.ts';
import { sampleWorkshops } from './schema.ts';
import { insertDemoOrganization } from '../../db/seed.ts';
import { hashPassword } from '../../lib/passwords.ts';

/** Long enough for a browser to open the tab, short enough that a leaked link is worthless. */
const OPENING_TTL_MS = 2 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The link row of the sample made for `realOrganizationId`, with the sample's name. */
export async function findSampleWorkshop(
  db: Database,
  realOrganizationId: string,
): Promise<SampleWorkshop | undefined> {
  const [row] = await db
    .select({
      organizationId: sampleWorkshops.sampleOrganizationId,
      name: organizations.name,
      createdAt: sampleWorkshops.createdAt,
    })
    .from(sampleWorkshops)
    .innerJoin(organizations, eq(organizations.id, sampleWorkshops.sampleOrganizationId))
    .where(eq(sampleWorkshops.realOrganizationId, realOrganizationId))
    .limit(1);
  return row && { ...row, createdAt: row.createdAt.toISOString() };
}

/** Whether `organizationId` is itself a sample (a sample does not get a sample of its own). */
export async function isSampleOrganization(db: Database, organizationId: string) {
  const [row] = await db
    .select({ id: sampleWorkshops.sampleOrganizationId })
    .from(sampleWorkshops)
    .where(eq(sampleWorkshops.sampleOrganizationId, organizationId))
    .limit(1);
  return row !== undefined;
}

/**
 * Writes the demo data into a new organization for `realOrganizationId`, owned by an account of
 * its own whose password nobody knows: it is entered only through an opening token. The caller's
 * organization is only named in the link row, never written. Returns undefined when the
 * organization already has a sample.
 */
export async function createSampleWorkshop(
  db: Database,
  realOrganizationId: string,
  now: Date,
  language: Language,
): Promise<SampleWorkshop | undefined> {
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const sampleOrganizationId = uuidv7();
  const created = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    // Two clicks at once must not make two samples: the second waits here, then finds the first.
    const lockKey = `sample-workshop:${realOrganizationId}`;
    await txDb.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
    if (await findSampleWorkshop(txDb, realOrganizationId)) return false;
    const owner = {
      name: 'Sample Owner',
      email: `sample-${sampleOrganizationId}@sample.karkhana.invalid`,
      role: 'owner' as const,
    };
    await insertDemoOrganization(txDb, sampleOrganizationId, passwordHash, now, language, [owner]);
    await txDb
      .insert(sampleWorkshops)
      .values({ sampleOrganizationId, realOrganizationId, createdAt: now });
    return true;
  });
  return created ? findSampleWorkshop(db, realOrganizationId) : undefined;
}

/** A fresh one-time opening token for the sample, replacing any unused one. */
export async function issueOpening(
  db: Database,
  realOrganizationId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date } | undefined> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + OPENING_TTL_MS);
  const updated = await db
    .update(sampleWorkshops)
    .set({ openingTokenHash: hashToken(token), openingExpiresAt: expiresAt })
    .where(eq(sampleWorkshops.realOrganizationId, realOrganizationId))
    .returning({ id: sampleWorkshops.sampleOrganizationId });
  return updated.length > 0 ? { token, expiresAt } : undefined;
}

/**
 * Uses up a live opening token and answers the sample owner's id and organization; a token
 * answers once, whether or not the session that follows is made.
 */
export async function redeemOpening(
  db: Database,
  token: string,
  now: Date,
): Promise<{ userId: string; organizationId: string } | undefined> {
  const [link] = await db
    .update(sampleWorkshops)
    .set({ openingTokenHash: null, openingExpiresAt: null })
    .where(
      and(
        eq(sampleWorkshops.openingTokenHash, hashToken(token)),
        gt(sampleWorkshops.openingExpiresAt, now),
      ),
    )
    .returning({ organizationId: sampleWorkshops.sampleOrganizationId });
  if (!link) return undefined;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, link.organizationId), eq(users.role, 'owner')))
    .limit(1);
  return owner && { userId: owner.id, organizationId: link.organizationId };
}

/**
 * Deletes the sample made for `realOrganizationId` and everything in it, as `demo:reset` deletes
 * the demo organization: sessions by hand (they carry the organization without a foreign key),
 * the rest with the organization row. The audit trail is append-only and stays, unreachable.
 */
export async function deleteSampleWorkshop(
  db: Database,
  realOrganizationId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [link] = await txDb
      .select({ id: sampleWorkshops.sampleOrganizationId })
      .from(sampleWorkshops)
      .where(eq(sampleWorkshops.realOrganizationId, realOrganizationId))
      .for('update');
    if (!link) return false;
    await txDb.delete(sessions).where(eq(sessions.organizationId, link.id));
    await txDb.delete(organizations).where(eq(organizations.id, link.id));
    return true;
  });
}
