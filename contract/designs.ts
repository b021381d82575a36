import { z } from 'zod';
import {
  LIMITS,
  crudSchemas,
  listQuery,
  money,
  optionalText,
  queryParam,
  recordBase,
  requiredText,
} from './common.ts';

export const designShape = {
  name: requiredText(LIMITS.name),
  designCode: requiredText(LIMITS.code),
  description: optionalText(LIMITS.longText, { multiline: true }),
  /** Price per piece; null when the design has no standard rate. */
  rate: money.nullish(),
};

export const design = z.object({
  ...recordBase,
  name: z.string(),
  designCode: z.string(),
  description: z.string().nullable(),
  rate: z.number().nullable(),
});
export type Design = z.infer<typeof design>;

export const DESIGN_SORTABLE = ['name', 'designCode', 'createdAt'] as const;

export const designListQuery = listQuery(DESIGN_SORTABLE, {
  name: queryParam.text(),
  designCode: queryParam.text(),
});

export const designSchemas = crudSchemas(design, designShape, designListQuery);
export const { create: designCreate, update: designUpdate } = designSchemas;

export const DESIGN_CODE_TAKEN_MESSAGE = 'A design with this code already exists';
export const DESIGN_IN_USE_MESSAGE = 'This design is used in orders and cannot be deleted';

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const designAuditEntities = { design: 'designs' } as const;
