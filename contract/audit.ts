import { z } from 'zod';
import { id, listQuery, queryDate, queryId, startNotAfterEnd, timestamp } from './common.ts';

/** What kind of record an entry is about; the SPA translates these as area names. */
export const AUDIT_ENTITIES = [
  'order',
  'merchant',
  'design',
  'worker',
  'workerSalary',
  'expense',
  'bankDetail',
  'user',
  'organization',
  'session',
  'bill',
  'payment',
  'jobCard',
  'productionEntry',
  'productionStage',
  'note',
  'billNote',
] as const;
export const auditEntity = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof auditEntity>;

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'statusChange',
  'setActive',
  'cancel',
  'signIn',
  'signOut',
  'passwordChange',
  'passwordReset',
  'sessionRevoke',
] as const;
export const auditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditAction>;

/**
 * One write as it happened: `changes` maps each changed field to `[before, after]` (before is null
 * on create, after is null on delete). Secrets (password hashes, tokens) never appear.
 */
export const auditEntry = z.object({
  _id: id,
  at: timestamp,
  userId: id.nullable(),
  /** The name at the time of the write, so the trail reads the same after a rename. */
  userName: z.string(),
  action: auditAction,
  entity: auditEntity,
  entityId: id.nullable(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListQuery = listQuery(['at'], {
  entity: z.preprocess((value) => (value === '' ? undefined : value), auditEntity.optional()),
  entityId: queryId,
  userId: queryId,
  startDate: queryDate,
  endDate: queryDate,
}).refine(startNotAfterEnd, { error: 'dateRange', path: ['startDate'] });
export type AuditListQuery = z.input<typeof auditListQuery>;
export type AuditListParams = z.output<typeof auditListQuery>;
