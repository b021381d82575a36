// Beside production.ts rather than in it: that file is at the 500-line limit.

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const productionAuditEntities = {
  jobCard: 'production',
  productionEntry: 'production',
  productionStage: 'production',
} as const;
