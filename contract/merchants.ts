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

export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

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
