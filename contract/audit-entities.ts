/*
 * Every kind of record the audit trail keeps, with the locale namespace of its area: the trail
 * names the entity by that namespace's `auditEntities.<entity>` text and its fields by the area's
 * form labels; null keeps to the trail's own texts (audit.json). Written by `npm run generate`
 * (scripts/write-audit-entities.ts) from the `<x>AuditEntities` each contract file declares; do
 * not edit.
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
