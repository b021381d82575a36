import { z } from 'zod';
import { datedListQuery, id, queryId, timestamp } from './common.ts';

/** What kind of record an entry is about; the SPA translates these as area names. */
/**
 * Every kind of record the trail keeps, with the locale namespace of its area: the trail names
 * the entity by that namespace's `auditEntities.<entity>` text and its fields by the area's form
 * labels. `null` keeps to the trail's own texts (audit.json). A new area adds one line here.
 */
export const AUDIT_ENTITY_NAMESPACES = {
  order: 'orders',
  merchant: 'merchants',
  design: 'designs',
  worker: 'workers',
  workerSalary: 'worker-salaries',
  expense: 'expenses',
  bankDetail: 'bank-details',
  user: null,
  organization: null,
  session: null,
  bill: 'bills',
  payment: 'payments',
  jobCard: 'production',
  productionEntry: 'production',
  productionStage: 'production',
  note: null,
  billNote: 'bills',
} as const;
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
  entity: z.preprocess((value) => (value === '' ? undefined : value), auditEntity.optional()),
  entityId: queryId,
  userId: queryId,
});
export type AuditListParams = z.output<typeof auditListQuery>;
