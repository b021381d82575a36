import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AuditAction, AuditEntity } from '../../contract/audit.ts';
import type { Database } from '../db/database.ts';
import { auditLog, users } from '../db/platform-tables.ts';
import type { TenantContext } from './tenant.ts';

/** Keys that never reach the trail: they are secrets or say nothing a reader needs. */
const UNAUDITED_KEYS = new Set([
  'passwordHash',
  'tokenHash',
  'codeHash',
  'version',
  'createdAt',
  'updatedAt',
  'organizationId',
  '_id',
  'id',
]);

export type AuditChanges = Record<string, [unknown, unknown]>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `{ field: [before, after] }` for every field that differs; `before` undefined means a create
 * (every field of `after`), `after` undefined a delete (every field of `before`).
 */
export function auditChanges(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (UNAUDITED_KEYS.has(key)) continue;
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (!same(from, to)) changes[key] = [from, to];
  }
  return changes;
}

export interface AuditEntryInput {
  organizationId: string;
  /** Who did it; null for the system (e.g. a password reset by emailed code before sign-in). */
  userId: string | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  changes?: AuditChanges;
}

/**
 * Appends one entry. Pass the transaction that makes the write, so the entry exists exactly when
 * the write does. The user's name is copied at write time: a later rename leaves history as it was.
 */
export async function appendAudit(db: Database, entry: AuditEntryInput): Promise<void> {
  const userName = entry.userId
    ? sql`coalesce((select ${users.name} from ${users} where ${users.id} = ${entry.userId}), '')`
    : sql`''`;
  await db.insert(auditLog).values({
    id: uuidv7(),
    organizationId: entry.organizationId,
    userId: entry.userId,
    userName,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    changes: entry.changes ?? {},
  });
}

/** An entry of a signed-in user's write: the tenant's organization, the tenant's user as actor. */
export function appendTenantAudit(
  db: Database,
  tenant: TenantContext,
  entry: Omit<AuditEntryInput, 'organizationId' | 'userId'>,
): Promise<void> {
  return appendAudit(db, {
    organizationId: tenant.organizationId,
    userId: tenant.userId,
    ...entry,
  });
}

/** Puts one write of a record on the trail, from its views before and after. */
export type RecordAuditor<T> = (
  db: Database,
  tenant: TenantContext,
  id: string,
  action: AuditAction,
  before: T | undefined,
  after: T | undefined,
) => Promise<void>;

/**
 * The audit writer of one kind of record: each entry holds what changed between the record's
 * views before and after the write (none before a create, none after a delete).
 */
export function recordAuditor<T>(
  entity: AuditEntity,
  view: (record: T) => Record<string, unknown>,
): RecordAuditor<T> {
  return (db, tenant, id, action, before, after) =>
    appendTenantAudit(db, tenant, {
      action,
      entity,
      entityId: id,
      changes: auditChanges(before ? view(before) : undefined, after ? view(after) : undefined),
    });
}

/**
 * How a create or an update ends: the record read back as the write left it, its change put on
 * the trail in the same transaction, and the record returned.
 */
export function afterWrite<T>(
  audit: RecordAuditor<T>,
  read: (db: Database, tenant: TenantContext, id: string) => Promise<T | undefined>,
) {
  return async (
    db: Database,
    tenant: TenantContext,
    id: string,
    action: AuditAction,
    before: T | undefined,
  ): Promise<T> => {
    const after = (await read(db, tenant, id)) as T;
    await audit(db, tenant, id, action, before, after);
    return after;
  };
}

/** A cancel changes the status and gives its reason; the rest of the record stays as it was. */
export interface CancelAuditView {
  status: string;
  cancelReason: string | null;
}

export const cancelAuditView = (record: CancelAuditView): Record<string, unknown> => ({
  status: record.status,
  cancelReason: record.cancelReason,
});
