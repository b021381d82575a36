import { z } from 'zod';
import {
  LIMITS,
  optionalEmail,
  optionalPhone,
  optionalText,
  plainText,
  recordBase,
  requiredText,
  writeSchemas,
} from './common.ts';
import {
  BILL_PREFIX_PATTERN,
  GST_RATES,
  PAN_PATTERN,
  PINCODE_PATTERN,
  SAC_PATTERN,
  UDYAM_PATTERN,
  UPI_PATTERN,
  gstinMatchesState,
  hasValidGstinCheckDigit,
  isGstStateCode,
  GSTIN_PATTERN,
} from './gst.ts';

/** An optional code: upper-cased, empty becomes null, then checked against its pattern. */
const optionalCode = (max: number, pattern: RegExp, rule: string, upperCase = true) =>
  plainText()
    .max(max, { abort: true })
    .nullish()
    .transform((value) => (value === '' ? null : upperCase && value ? value.toUpperCase() : value))
    .refine((value) => value == null || pattern.test(value), { error: rule });

export const stateCode = plainText()
  .nullish()
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value == null || isGstStateCode(value), { error: 'stateCode' });

const checkedGstin = plainText()
  .toUpperCase()
  .max(15, { abort: true })
  .nullish()
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value == null || GSTIN_PATTERN.test(value), { error: 'gstin', abort: true })
  .refine((value) => value == null || hasValidGstinCheckDigit(value), {
    error: 'gstinCheckDigit',
  });

export const gstRate = z
  .number({ error: 'integer' })
  .refine((value) => (GST_RATES as readonly number[]).includes(value), { error: 'oneOf' });

/** The first part of a bill or note number: 1 to 6 letters or digits, kept in capitals. */
const seriesPrefix = plainText()
  .toUpperCase()
  .max(6, { abort: true })
  .refine((value) => BILL_PREFIX_PATTERN.test(value), { error: 'billPrefix' })
  .optional();

export const organizationShape = {
  name: requiredText(LIMITS.name),
  legalName: optionalText(LIMITS.name),
  address: optionalText(LIMITS.longText, { multiline: true }),
  city: optionalText(LIMITS.name),
  state: stateCode,
  pincode: optionalCode(6, PINCODE_PATTERN, 'pincode'),
  phone: optionalPhone,
  email: optionalEmail,
  gstin: checkedGstin,
  pan: optionalCode(10, PAN_PATTERN, 'pan'),
  udyamNumber: optionalCode(19, UDYAM_PATTERN, 'udyam'),
  upiId: optionalCode(LIMITS.email, UPI_PATTERN, 'upi', false),
  billPrefix: seriesPrefix,
  creditNotePrefix: seriesPrefix,
  debitNotePrefix: seriesPrefix,
  defaultSac: optionalCode(8, SAC_PATTERN, 'sac'),
  defaultGstRate: gstRate.optional(),
  paymentTermsDays: z.number().int({ error: 'integer' }).min(0).max(365).optional(),
  billTerms: optionalText(LIMITS.longText, { multiline: true }),
  whatsappSharing: z.boolean({ error: 'boolean' }).optional(),
};

const { update } = writeSchemas(organizationShape);
/**
 * `PUT /organization` (merge). The GSTIN/state match is checked here when both come in the body;
 * the server checks it again against the stored profile for a body that changes only one.
 */
export const organizationUpdate = update.refine(
  (value) => gstinMatchesState(value.gstin, value.state),
  { error: 'gstinState', path: ['gstin'] },
);
export type OrganizationUpdate = z.output<typeof organizationUpdate>;

/** Who the organization is, as its profile shows it and as each bill keeps a copy of it. */
export const organizationIdentity = {
  name: z.string(),
  legalName: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
  udyamNumber: z.string().nullable(),
  upiId: z.string().nullable(),
};

export const organizationProfile = z.object({
  ...recordBase,
  ...organizationIdentity,
  billPrefix: z.string(),
  creditNotePrefix: z.string(),
  debitNotePrefix: z.string(),
  defaultSac: z.string().nullable(),
  defaultGstRate: z.number(),
  paymentTermsDays: z.number().int(),
  billTerms: z.string().nullable(),
  whatsappSharing: z.boolean(),
});
export type OrganizationProfile = z.infer<typeof organizationProfile>;

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const organizationAuditEntities = { organization: null } as const;
