import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { SessionOrganization, SessionUser } from '../../../contract/auth.ts';
import type { Database } from '../../db/database.ts';
import { organizations, sessions, users } from '../../db/platform-tables.ts';
import { appendAudit } from '../../lib/audit.ts';
import { sessionUserColumns, toSessionUser } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session unused this long ends (idle expiry, slid forward while it is used). */
export const SESSION_TTL_MS = 30 * DAY_MS;
/** However much it is used, a session ends this long after sign-in: then sign in again. */
export const SESSION_MAX_LIFETIME_MS = 90 * DAY_MS;
/** The stored expiry is pushed forward at most this often, so reads do not turn into writes. */
export const SESSION_REFRESH_INTERVAL_MS = 60 * 60 * 1000;

function generateAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface ActiveSession {
  /** The public id the sessions list shows; the token hash never leaves the server. */
  id: string;
  tokenHash: string;
  expiresAt: Date;
  /** The stored expiry moved forward on this request. */
  renewed: boolean;
  user: SessionUser;
  organization: SessionOrganization;
}

/** Enough to tell browsers and devices apart in the sessions list, bounded against abuse. */
export const USER_AGENT_MAX_LENGTH = 400;

export async function createSession(
  db: Database,
  userId: string,
  organizationId: string,
  now = new Date(),
  userAgent?: string | null,
): Promise<{ accessToken: string; expiresAt: Date }> {
  const accessToken = generateAccessToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const agent = userAgent?.trim().slice(0, USER_AGENT_MAX_LENGTH);
  await db.insert(sessions).values({
    tokenHash: hashAccessToken(accessToken),
    userId,
    organizationId,
    userAgent: agent || null,
    createdAt: now,
    lastUsedAt: now,
    expiresAt,
  });
  // Signing in is a use: the users list shows it at once rather than an hour later.
  await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, userId));
  return { accessToken, expiresAt };
}

/** The idle expiry from `now`, never past the absolute end of a session created at `createdAt`. */
function slidingExpiry(createdAt: Date, now: Date): Date {
  return new Date(
    Math.min(now.getTime() + SESSION_TTL_MS, createdAt.getTime() + SESSION_MAX_LIFETIME_MS),
  );
}

/**
 * The live session for a token, with its user and organization in one query; slides the expiry
 * when the last refresh is over an hour old, up to the session's absolute lifetime. A deactivated
 * user's sessions are revoked with the deactivation; skipping them here keeps that true even for
 * a session created in the same instant.
 */
export async function findActiveSession(
  db: Database,
  accessToken: string,
  now = new Date(),
): Promise<ActiveSession | undefined> {
  const tokenHash = hashAccessToken(accessToken);
  const [row] = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      user: sessionUserColumns,
      organizationId: organizations.id,
      organizationName: organizations.name,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(users.isActive, true),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, new Date(now.getTime() - SESSION_MAX_LIFETIME_MS)),
      ),
    )
    .limit(1);
  if (!row) return undefined;

  let expiresAt = row.expiresAt;
  let renewed = false;
  const renewedAt = expiresAt.getTime() - SESSION_TTL_MS;
  const next = slidingExpiry(row.createdAt, now);
  if (
    now.getTime() - renewedAt >= SESSION_REFRESH_INTERVAL_MS &&
    next.getTime() > expiresAt.getTime()
  ) {
    expiresAt = next;
    renewed = true;
    // Last use is kept at the same hourly precision, so reads stay reads most of the time.
    await db
      .update(sessions)
      .set({ expiresAt, lastUsedAt: now })
      .where(eq(sessions.tokenHash, tokenHash));
    await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, row.user.id));
  }
  return {
    id: row.id,
    tokenHash,
    expiresAt,
    renewed,
    user: toSessionUser(row.user, row.organizationId),
    organization: { _id: row.organizationId, name: row.organizationName },
  };
}

export async function revokeSession(db: Database, accessToken: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashAccessToken(accessToken)));
}

/** Ends every session of a user, or every one but `keepTokenHash` (the caller's own). */
export async function revokeUserSessions(
  db: Database,
  userId: string,
  keepTokenHash?: string,
): Promise<number> {
  const revoked = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        keepTokenHash === undefined ? undefined : ne(sessions.tokenHash, keepTokenHash),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

export async function purgeExpiredSessions(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.createdAt, new Date(now.getTime() - SESSION_MAX_LIFETIME_MS)),
      ),
    );
}

/** The audit entry of a sign-out, of one session or of all the user's. */
export function auditSignOut(db: Database, user: { organizationId: string; userId: string }) {
  return appendAudit(db, {
    organizationId: user.organizationId,
    userId: user.userId,
    action: 'signOut',
    entity: 'session',
    entityId: user.userId,
  });
}
