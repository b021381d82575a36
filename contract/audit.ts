import { z } from 'zod';
import { AUDIT_ENTITY_NAMESPACES } from './audit-entities.ts';
import { dateRangeFilters, datedListQuery, id, queryParam, timestamp } from './common.ts';

// The map is written from the contract files (scripts/write-audit-entities.ts).
type AuditEntityName = keyof typeof AUDIT_ENTITY_NAMESPACES;
export const AUDIT_ENTITIES = Object.keys(AUDIT_ENTITY_NAMESPACES) as [
  AuditEntityName,
  ...AuditEntityName[],
];
const auditEntity = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof auditEntity>;

const AUDIT_ACTIONS = [
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
const auditAction = z.enum(AUDIT_ACTIONS);
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

export const auditListQuery = datedListQuery(['at'], {
  entity: queryParam.optional(auditEntity),
  entityId: queryParam.id,
  userId: queryParam.id,
  ...dateRangeFilters,
});
export type AuditListParams = z.output<typeof auditListQuery>;
