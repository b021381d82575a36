import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionInfo, SessionUser, updateMeBody } from '../../../contract/auth.ts';
import { englishFieldMessage } from '../../../contract/validation.ts';
import type { Database } from '../../db/database.ts';
import { sessions, users } from '../../db/platform-tables.ts';
import { appendAudit, auditChanges } from '../../lib/audit.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { passwordWrite } from './password-write.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { sessionUserColumns, toSessionUser } from './repository.ts';
import { SESSION_MAX_LIFETIME_MS, auditSignOut, revokeUserSessions } from './sessions.ts';

export type UpdateMe = z.output<typeof updateMeBody>;

/** Whose account: the signed-in user, their organization and the session making the request. */
export interface AccountOwner {
  userId: string;
  organizationId: string;
  tokenHash: string;
}

async function readSessionUser(db: Database, owner: AccountOwner): Promise<SessionUser> {
  const [row] = await db
    .select(sessionUserColumns)
    .from(users)
    .where(and(eq(users.id, owner.userId), eq(users.organizationId, owner.organizationId)))
    .limit(1);
  // The session was found a moment ago and users are never deleted.
  if (!row) throw new Error(`user ${owner.userId} of a live session is missing`);
  return toSessionUser(row, owner.organizationId);
}

/** The audit view of one's own profile: what `PUT /auth/me` may change, flattened. */
function profileOf(user: SessionUser) {
  return {
    name: user.name,
    phone: user.phone,
    language: user.language,
    syncToasts: user.notifications.syncToasts,
    dailyDigest: user.notifications.dailyDigest,
  };
}

export async function updateOwnProfile(
  db: Database,
  owner: AccountOwner,
  values: UpdateMe,
): Promise<SessionUser> {
  const changing = {
    ...(values.name !== undefined && { name: values.name }),
    ...(values.phone !== undefined && { phone: values.phone }),
    ...(values.language !== undefined && { language: values.language }),
    ...(values.notifications?.syncToasts !== undefined && {
      notifySyncToasts: values.notifications.syncToasts,
    }),
    ...(values.notifications?.dailyDigest !== undefined && {
      notifyDailyDigest: values.notifications.dailyDigest,
    }),
  };
  return db.transaction(async (tx) => {
    const before = await readSessionUser(tx, owner);
    if (Object.keys(changing).length === 0) return before;
    await tx
      .update(users)
      .set({ ...changing, version: sql`${users.version} + 1`, updatedAt: new Date() })
      .where(and(eq(users.id, owner.userId), eq(users.organizationId, owner.organizationId)));
    const after = await readSessionUser(tx, owner);
    const changes = auditChanges(profileOf(before), profileOf(after));
    if (Object.keys(changes).length > 0) {
      await appendAudit(tx, {
        organizationId: owner.organizationId,
        userId: owner.userId,
        action: 'update',
        entity: 'user',
        entityId: owner.userId,
        changes,
      });
    }
    return after;
  });
}

function passwordFieldError(path: 'currentPassword' | 'newPassword', rule: string) {
  return badRequest('Validation failed', [
    {
      path,
      code: 'invalid_value',
      params: { rule },
      message: englishFieldMessage('invalid_value', { rule }),
    },
  ]);
}

/**
 * Replaces the password after checking the current one. Any other session of the user ends (a
 * password change is what someone does who fears another device has it); this one stays.
 */
export async function changeOwnPassword(
  db: Database,
  owner: AccountOwner,
  body: { currentPassword: string; newPassword: string },
): Promise<SessionUser> {
  const [stored] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, owner.userId), eq(users.organizationId, owner.organizationId)))
    .limit(1);
  if (!stored || !(await verifyPassword(body.currentPassword, stored.passwordHash))) {
    throw passwordFieldError('currentPassword', 'current_password');
  }
  if (body.newPassword === body.currentPassword) {
    throw passwordFieldError('newPassword', 'same_password');
  }
  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction(async (tx) => {
    const before = await readSessionUser(tx, owner);
    await tx
      .update(users)
      .set(passwordWrite(passwordHash, false))
      .where(and(eq(users.id, owner.userId), eq(users.organizationId, owner.organizationId)));
    await revokeUserSessions(tx, owner.userId, owner.tokenHash);
    await appendAudit(tx, {
      organizationId: owner.organizationId,
      userId: owner.userId,
      action: 'passwordChange',
      entity: 'user',
      entityId: owner.userId,
      changes: auditChanges(
        { mustChangePassword: before.mustChangePassword },
        { mustChangePassword: false },
      ),
    });
    return readSessionUser(tx, owner);
  });
}

/** The user's live sessions, most recently used first. */
export async function listOwnSessions(
  db: Database,
  owner: AccountOwner,
  now: Date,
): Promise<SessionInfo[]> {
  const rows = await db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, owner.userId),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, new Date(now.getTime() - SESSION_MAX_LIFETIME_MS)),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    userAgent: row.userAgent,
    current: row.tokenHash === owner.tokenHash,
  }));
}

/**
 * Ends one of the user's own sessions. Undefined when the id is not a session of theirs (another
 * user's session is as unknown as one that never existed); otherwise whether it was this one.
 */
export async function revokeOwnSession(
  db: Database,
  owner: AccountOwner,
  sessionId: string,
): Promise<{ wasCurrent: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, owner.userId)))
      .returning({ tokenHash: sessions.tokenHash });
    if (!revoked) return undefined;
    await appendAudit(tx, {
      organizationId: owner.organizationId,
      userId: owner.userId,
      action: 'sessionRevoke',
      entity: 'session',
      entityId: sessionId,
    });
    return { wasCurrent: revoked.tokenHash === owner.tokenHash };
  });
}

/** Signs the user out everywhere, this session included. */
export async function revokeAllOwnSessions(db: Database, owner: AccountOwner): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeUserSessions(tx, owner.userId);
    await auditSignOut(tx, owner);
  });
}
