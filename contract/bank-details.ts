import { z } from 'zod';
import {
  LIMITS,
  actionVersion,
  crudSchemas,
  isInvisibleOnly,
  listQuery,
  optionalText,
  paged,
  plainText,
  queryParam,
  recordBase,
  requiredText,
} from './common.ts';

const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT_NUMBER_PATTERN = /^\d{6,20}$/;

// `abort` keeps an empty value to the single "required" message instead of also failing the format.
const accountNumber = plainText()
  .min(1, { abort: true })
  .refine((value) => !isInvisibleOnly(value), { error: 'invisibleOnly', abort: true })
  .max(20, { abort: true })
  .regex(ACCOUNT_NUMBER_PATTERN, { error: 'accountNumber' });

const ifscCode = plainText()
  .toUpperCase()
  .min(1, { abort: true })
  .refine((value) => !isInvisibleOnly(value), { error: 'invisibleOnly', abort: true })
  .max(11, { abort: true })
  .regex(IFSC_PATTERN, { error: 'ifsc' });

export const bankDetailShape = {
  bankName: requiredText(LIMITS.name),
  accountHolderName: optionalText(LIMITS.name),
  accountNumber,
  ifscCode,
  branch: optionalText(LIMITS.name),
  /** Absent on create means inactive; absent on update leaves it as it is. */
  isActive: z.boolean().optional(),
};

export const bankDetail = z.object({
  ...recordBase,
  bankName: z.string(),
  accountHolderName: z.string().nullable(),
  accountNumber: z.string(),
  ifscCode: z.string(),
  branch: z.string().nullable(),
  isActive: z.boolean(),
});
export type BankDetail = z.infer<typeof bankDetail>;

/** `PATCH /:id/set-active` needs no body; a version in it is checked. */
export const bankDetailSetActive = z.strictObject({ ...actionVersion }).nullish();

export const BANK_DETAIL_SORTABLE = ['bankName', 'createdAt'] as const;

export const bankDetailListQuery = listQuery(BANK_DETAIL_SORTABLE, {
  bankName: queryParam.text(),
  accountNumber: queryParam.text(),
  ifscCode: queryParam.text(),
  isActive: queryParam.boolean,
});

export const bankDetailSchemas = crudSchemas(bankDetail, bankDetailShape, bankDetailListQuery);
export const { create: bankDetailCreate, update: bankDetailUpdate } = bankDetailSchemas;

/** The bank-details list repeats `hasPrevPage` as `hasPreviousPage`, as existing clients read it. */
export const bankDetailPage = paged(bankDetail).extend({ hasPreviousPage: z.boolean() });

export const NO_ACTIVE_BANK_DETAIL_MESSAGE = 'No active bank detail found';

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const bankDetailAuditEntities = { bankDetail: 'bank-details' } as const;
