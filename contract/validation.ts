import type { z } from 'zod';
import { FIELD_ERROR_CODES, type FieldErrorCode, type FieldErrorParams } from './errors.ts';

/**
 * Schemas name a specific rule in their custom errors (`{ error: 'gstin' }`); the rule decides the
 * field-error code and params that the API sends and the SPA translates. Rules are short and
 * stable; the codes are the API's (contract/errors.ts).
 */
const RULES = {
  required: { code: 'required' },
  invisibleOnly: { code: 'required', params: { reason: 'invisible_only' } },
  controlCharacter: { code: 'invalid_format', params: { reason: 'control_character' } },
  unpairedSurrogate: { code: 'invalid_format', params: { reason: 'unpaired_surrogate' } },
  id: { code: 'invalid_format', params: { format: 'uuid' } },
  date: { code: 'invalid_format', params: { format: 'date' } },
  email: { code: 'invalid_format', params: { format: 'email' } },
  phone: { code: 'invalid_format', params: { format: 'phone' } },
  gstin: { code: 'invalid_format', params: { format: 'gstin' } },
  ifsc: { code: 'invalid_format', params: { format: 'ifsc' } },
  accountNumber: { code: 'invalid_format', params: { format: 'account_number' } },
  gstinCheckDigit: { code: 'invalid_format', params: { format: 'gstin_check_digit' } },
  gstinState: { code: 'invalid_value', params: { rule: 'gstin_state' } },
  stateCode: { code: 'invalid_value', params: { rule: 'state_code' } },
  pan: { code: 'invalid_format', params: { format: 'pan' } },
  udyam: { code: 'invalid_format', params: { format: 'udyam' } },
  upi: { code: 'invalid_format', params: { format: 'upi' } },
  pincode: { code: 'invalid_format', params: { format: 'pincode' } },
  sac: { code: 'invalid_format', params: { format: 'sac' } },
  duplicateIds: { code: 'duplicate', params: { rule: 'listed_twice' } },
  billPrefix: { code: 'invalid_format', params: { format: 'bill_prefix' } },
  resetCode: { code: 'invalid_format', params: { format: 'reset_code' } },
  currentPassword: { code: 'invalid_value', params: { rule: 'current_password' } },
  samePassword: { code: 'invalid_value', params: { rule: 'same_password' } },
  money: { code: 'too_many_decimals', params: { maximum: 2 } },
  integer: { code: 'invalid_type', params: { expected: 'integer' } },
  boolean: { code: 'invalid_type', params: { expected: 'boolean' } },
  oneOf: { code: 'invalid_value' },
  sort: { code: 'invalid_value', params: { rule: 'sort' } },
  dateRange: { code: 'invalid_value', params: { rule: 'date_range' } },
  organizationMismatch: { code: 'invalid_value', params: { rule: 'organization' } },
  allocationsExceedPayment: {
    code: 'invalid_value',
    params: { rule: 'allocations_exceed_payment' },
  },
  allocationAboveBalance: { code: 'invalid_value', params: { rule: 'allocation_above_balance' } },
  billNotOpen: { code: 'invalid_value', params: { rule: 'bill_not_open' } },
  billOfOtherMerchant: { code: 'invalid_value', params: { rule: 'bill_other_merchant' } },
  month: { code: 'invalid_format', params: { format: 'month' } },
  gstPeriod: { code: 'invalid_format', params: { format: 'gst_period' } },
  gstQuarter: { code: 'invalid_format', params: { format: 'gst_quarter' } },
  gstPeriodOrQuarter: { code: 'invalid_value', params: { rule: 'gst_period_or_quarter' } },
  piecesExceedQuantity: { code: 'invalid_value', params: { rule: 'pieces_exceed_quantity' } },
  cardNotInProduction: { code: 'invalid_value', params: { rule: 'card_not_in_production' } },
  noteCursor: { code: 'invalid_format', params: { format: 'note_cursor' } },
  noteCursorBoth: { code: 'invalid_value', params: { rule: 'note_cursor_both' } },
  mentionInactive: { code: 'invalid_value', params: { rule: 'mention_inactive' } },
} as const satisfies Record<string, { code: FieldErrorCode; params?: FieldErrorParams }>;

type ValidationRule = keyof typeof RULES;

function isRule(value: unknown): value is ValidationRule {
  return typeof value === 'string' && Object.hasOwn(RULES, value);
}

/**
 * English texts of field errors, keyed by the message key `fieldMessageKey` picks. The `en`
 * `validation` namespace holds exactly these; `gu` and `hi` translate them.
 */
export const fieldMessagesEn = {
  required: 'This field is required',
  invalid_type: 'Expected {{expected}}',
  invalid_type_integer: 'Must be a whole number',
  invalid_type_boolean: 'Must be true or false',
  invalid_type_number: 'Must be a number',
  invalid_type_string: 'Must be text',
  invalid_type_array: 'Must be a list',
  invalid_type_object: 'Must be an object',
  too_short: 'Must be at least {{minimum}} characters',
  too_long: 'Must be at most {{maximum}} characters',
  too_small: 'Must be at least {{minimum}}',
  too_small_exclusive: 'Must be greater than {{minimum}}',
  too_small_array: 'Add at least {{minimum}}',
  too_small_date: 'Must be on or after {{minimum}}',
  too_big: 'Must be at most {{maximum}}',
  too_big_array: 'At most {{maximum}} allowed',
  too_big_date: 'Must be on or before {{maximum}}',
  too_many_decimals: 'Use at most two decimal places',
  invalid_format: 'Invalid format',
  invalid_format_uuid: 'Must be a valid id',
  invalid_format_date: 'Enter a real date as yyyy-MM-dd',
  invalid_format_email: 'Enter a valid email address',
  invalid_format_phone: 'Enter a valid phone number',
  invalid_format_gstin: 'Enter a valid 15-character GSTIN',
  invalid_format_ifsc: 'Enter a valid IFSC code (e.g. HDFC0001234)',
  invalid_format_account_number: 'Account number must be 6 to 20 digits',
  invalid_format_gstin_check_digit:
    'This GSTIN has a typing mistake: its last character does not match',
  invalid_format_pan: 'Enter a valid 10-character PAN (e.g. ABCDE1234F)',
  invalid_format_udyam: 'Enter the Udyam number as UDYAM-XX-00-0000000',
  invalid_format_upi: 'Enter a UPI address such as name@bank',
  invalid_format_pincode: 'Enter a 6-digit PIN code',
  invalid_format_sac: 'Enter a SAC code of 4 to 8 digits',
  invalid_format_bill_prefix: 'Use 1 to 6 letters or digits',
  invalid_format_reset_code: 'Enter the 6-digit code from the email',
  invalid_format_month: 'Enter a month as yyyy-MM',
  invalid_format_gst_period: 'Enter a tax period as MMYYYY, e.g. 042026',
  invalid_format_gst_quarter: 'Enter a quarter as YYYY-Qn, e.g. 2026-Q2',
  invalid_format_control_character: 'Remove control characters (such as NUL) from this text',
  invalid_format_unpaired_surrogate: 'Contains a broken character; please retype the text',
  invalid_value: 'Must be one of: {{values}}',
  invalid_value_sort: 'Cannot sort by this field',
  invalid_value_date_range: 'Start date must not be after end date',
  invalid_value_organization: 'Organization does not match the signed-in organization',
  invalid_value_gstin_state: 'The GSTIN belongs to another state than the one chosen',
  invalid_value_state_code: 'Choose a state from the list',
  invalid_value_current_password: 'Your current password is not correct',
  invalid_value_same_password: 'Choose a new password that differs from the current one',
  invalid_value_reset_code: 'Invalid or expired code',
  invalid_value_allocations_exceed_payment:
    'The bills settled add up to more than the amount and TDS received',
  invalid_value_allocation_above_balance: 'More than this bill still owes ({{balance}})',
  invalid_value_bill_not_open: 'This bill is cancelled and cannot take a payment',
  invalid_value_bill_other_merchant: 'This bill belongs to another merchant',
  invalid_value_pieces_exceed_quantity: 'More pieces than the job card has left ({{left}})',
  invalid_value_card_not_in_production:
    "This job card's order is cancelled or delivered: no more work is logged on it",
  invalid_format_note_cursor: 'Not a position in a notes thread',
  invalid_value_note_cursor_both: 'Page either before or after a note, not both',
  invalid_value_gst_period_or_quarter: 'Choose a month or a quarter, not both',
  invalid_value_mention_inactive: 'This person is no longer active on the team',
  invalid_value_subject: 'Does not match what the note is about',
  invalid_value_sign_up_code: 'This code is wrong or has expired; sign up again for a new one',
  unknown_key: 'Unknown field: {{keys}}',
  duplicate: 'This value is already in use',
  not_found: 'This record does not exist',
} as const;

export type FieldMessageKey = keyof typeof fieldMessagesEn;

function isFieldMessageKey(value: string): value is FieldMessageKey {
  return Object.hasOwn(fieldMessagesEn, value);
}

/** The most specific message key for a code and its params, e.g. `invalid_format_gstin`. */
export function fieldMessageKey(
  code: FieldErrorCode,
  params: FieldErrorParams = {},
): FieldMessageKey {
  const variants: unknown[] = [];
  switch (code) {
    case 'invalid_type':
      variants.push(params.expected);
      break;
    case 'too_small':
    case 'too_big':
      variants.push(
        params.origin === 'array' || params.origin === 'date' ? params.origin : undefined,
      );
      if (params.inclusive === false) variants.push('exclusive');
      break;
    case 'invalid_format':
      variants.push(params.reason, params.format);
      break;
    case 'invalid_value':
      variants.push(params.rule);
      break;
    default:
      break;
  }
  for (const variant of variants) {
    if (typeof variant !== 'string') continue;
    const key = `${code}_${variant}`;
    if (isFieldMessageKey(key)) return key;
  }
  return isFieldMessageKey(code) ? code : 'invalid_value';
}

type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

/**
 * Per-parse error map: every issue zod raises becomes a rule name or a field code, kept in the
 * issue's message. Pass it as `schema.safeParse(value, { error: validationErrorMap })`. Rules set
 * by the schema (`{ error: 'money' }`) take precedence over it.
 */
export const validationErrorMap = (issue: RawIssue): string => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'required';
      return 'invalid_type';
    case 'too_small':
      // A trimmed empty string is a missing value, not a short one.
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return 'required';
      return issue.origin === 'string' ? 'too_short' : 'too_small';
    case 'too_big':
      return issue.origin === 'string' ? 'too_long' : 'too_big';
    case 'invalid_format':
      if (issue.format === 'email') return 'email';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'id';
      if (issue.format === 'date') return 'date';
      return 'invalid_format';
    case 'invalid_value':
      // A select left empty sends "" for its enum: the user missed the field, chose nothing wrong.
      if (issue.input === '' || issue.input === undefined || issue.input === null)
        return 'required';
      return 'invalid_value';
    case 'unrecognized_keys':
      return 'unknown_key';
    case 'not_multiple_of':
      return 'integer';
    default:
      return 'invalid_value';
  }
};

export interface DescribedIssue {
  path: string;
  code: FieldErrorCode;
  params: FieldErrorParams;
}

const FIELD_CODES = new Set<string>(FIELD_ERROR_CODES);

/** Reads a finished issue (from `error.issues`) into its field code, params and dotted path. */
export function describeIssue(issue: z.core.$ZodIssue): DescribedIssue {
  const raw = issue as unknown as Record<string, unknown>;
  let code: FieldErrorCode = 'invalid_value';
  const params: FieldErrorParams = {};
  if (isRule(issue.message)) {
    const rule: { code: FieldErrorCode; params?: FieldErrorParams } = RULES[issue.message];
    code = rule.code;
    Object.assign(params, rule.params);
  } else if (FIELD_CODES.has(issue.message)) {
    code = issue.message as FieldErrorCode;
  }
  if (code === 'too_small' || code === 'too_big' || code === 'too_short' || code === 'too_long') {
    // Date bounds arrive as epoch milliseconds and are reported as `yyyy-MM-dd`.
    const bound = (value: unknown) =>
      raw.origin === 'date' ? new Date(Number(value)).toISOString().slice(0, 10) : Number(value);
    if (raw.minimum !== undefined) params.minimum = bound(raw.minimum);
    if (raw.maximum !== undefined) params.maximum = bound(raw.maximum);
    if (raw.inclusive === false) params.inclusive = false;
    if (raw.origin === 'array' || raw.origin === 'set') params.origin = 'array';
    if (raw.origin === 'date') params.origin = 'date';
  }
  if (
    code === 'invalid_type' &&
    params.expected === undefined &&
    typeof raw.expected === 'string'
  ) {
    params.expected = raw.expected;
  }
  if (code === 'invalid_value' && Array.isArray(raw.values)) {
    params.values = raw.values.map(String).join(', ');
  }
  if (code === 'unknown_key' && Array.isArray(raw.keys))
    params.keys = raw.keys.map(String).join(', ');
  let path = issue.path.map(String).join('.');
  // An unknown key is reported on its own path so that clients can point at it.
  if (issue.code === 'unrecognized_keys' && issue.keys.length === 1) {
    path = path ? `${path}.${issue.keys[0]}` : String(issue.keys[0]);
  }
  return { path, code, params };
}

function interpolate(template: string, values: FieldErrorParams): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The English text of a field error, as the server sends it in `errors[].message`. */
export function englishFieldMessage(code: FieldErrorCode, params: FieldErrorParams = {}): string {
  return interpolate(fieldMessagesEn[fieldMessageKey(code, params)], params);
}

/** A zod issue as the API reports it in a 400's `errors[]`. */
export function fieldErrorOf(issue: z.core.$ZodIssue): {
  path: string;
  code: FieldErrorCode;
  params?: FieldErrorParams;
  message: string;
} {
  const { path, code, params } = describeIssue(issue);
  const message = englishFieldMessage(code, params);
  return Object.keys(params).length > 0 ? { path, code, params, message } : { path, code, message };
}
