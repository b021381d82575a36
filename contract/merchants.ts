import { z } from 'zod';
import {
  LIMITS,
  listQuery,
  optionalEmail,
  optionalPhone,
  optionalText,
  plainText,
  queryParam,
  recordBase,
  requiredText,
  writeSchemas,
} from './common.ts';

import { GSTIN_PATTERN, gstinMatchesState } from './gst.ts';
import { stateCode } from './organization.ts';

export { GSTIN_PATTERN };

const gstin = plainText()
  .toUpperCase()
  .max(15, { abort: true })
  .nullish()
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value == null || GSTIN_PATTERN.test(value), { error: 'gstin' });

export const merchantShape = {
  name: requiredText(LIMITS.name),
  contactPerson: optionalText(LIMITS.name),
  phone: optionalPhone,
  email: optionalEmail,
  address: optionalText(LIMITS.longText, { multiline: true }),
  city: optionalText(LIMITS.name),
  gstin,
  /** Two-digit GST state code; with a GSTIN the server takes it from the GSTIN's first digits. */
  state: stateCode,
  notes: optionalText(LIMITS.longText, { multiline: true }),
};

const merchantWrites = writeSchemas(merchantShape);
const gstinInState = (value: { gstin?: string | null; state?: string | null }) =>
  gstinMatchesState(value.gstin, value.state);
/** The server checks a state sent alone against the stored GSTIN as well. */
export const merchantCreate = merchantWrites.create.refine(gstinInState, {
  error: 'gstinState',
  path: ['gstin'],
});
export const merchantUpdate = merchantWrites.update.refine(gstinInState, {
  error: 'gstinState',
  path: ['gstin'],
});
export type MerchantCreate = z.output<typeof merchantCreate>;
export type MerchantUpdate = z.output<typeof merchantUpdate>;

export const merchant = z.object({
  ...recordBase,
  name: z.string(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  gstin: z.string().nullable(),
  state: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Merchant = z.infer<typeof merchant>;

export const MERCHANT_SORTABLE = ['name', 'createdAt'] as const;

export const merchantListQuery = listQuery(MERCHANT_SORTABLE, { name: queryParam.text() });

/** The four schemas of the area's CRUD routes. */
export const merchantSchemas = {
  record: merchant,
  create: merchantCreate,
  update: merchantUpdate,
  listQuery: merchantListQuery,
};

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const merchantAuditEntities = { merchant: 'merchants' } as const;
