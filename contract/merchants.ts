import { z } from 'zod';
import {
  LIMITS,
  listQuery,
  optionalEmail,
  optionalPhone,
  optionalText,
  plainText,
  queryText,
  recordBase,
  requiredText,
  writeSchemas,
} from './common.ts';

import { GSTIN_PATTERN } from './gst.ts';

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
  notes: optionalText(LIMITS.longText, { multiline: true }),
};

export const { create: merchantCreate, update: merchantUpdate } = writeSchemas(merchantShape);
export type MerchantCreate = z.output<typeof merchantCreate>;
export type MerchantUpdate = z.output<typeof merchantUpdate>;
/** What a form edits and sends. */
export type MerchantInput = z.input<typeof merchantCreate>;

export const merchant = z.object({
  ...recordBase,
  name: z.string(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  gstin: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Merchant = z.infer<typeof merchant>;

export const MERCHANT_SORTABLE = ['name', 'createdAt'] as const;

export const merchantListQuery = listQuery(MERCHANT_SORTABLE, { name: queryText() });
export type MerchantListQuery = z.input<typeof merchantListQuery>;
export type MerchantListParams = z.output<typeof merchantListQuery>;
