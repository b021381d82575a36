import type { z } from 'zod';

/**
 * Validation messages travel as stable keys so that one schema can produce English text on the
 * server and translated text in the browser. The server renders them with `validationMessagesEn`;
 * the client renders them with the `validation` i18n namespace, which must hold the same keys.
 */
export const validationMessagesEn = {
  required: 'This field is required',
  invalidType: 'Expected {{expected}}',
  tooShort: 'Must be at least {{min}} characters',
  tooLong: 'Must be at most {{max}} characters',
  tooSmall: 'Must be at least {{min}}',
  tooSmallExclusive: 'Must be greater than {{min}}',
  tooBig: 'Must be at most {{max}}',
  tooFewItems: 'Add at least {{min}}',
  tooManyItems: 'At most {{max}} allowed',
  integer: 'Must be a whole number',
  money: 'Use at most two decimal places',
  email: 'Enter a valid email address',
  id: 'Must be a valid id',
  date: 'Enter a real date as yyyy-MM-dd',
  dateRange: 'Start date must not be after end date',
  format: 'Invalid format',
  gstin: 'Enter a valid 15-character GSTIN',
  ifsc: 'Enter a valid IFSC code (e.g. HDFC0001234)',
  accountNumber: 'Account number must be 6 to 20 digits',
  phone: 'Enter a valid phone number',
  oneOf: 'Must be one of: {{values}}',
  unknownKey: 'Unknown field: {{keys}}',
  boolean: 'Must be true or false',
  sort: 'Cannot sort by this field',
  organizationMismatch: 'Organization does not match the signed-in organization',
  invalid: 'Invalid value',
} as const;

export type ValidationMessageKey = keyof typeof validationMessagesEn;

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && Object.hasOwn(validationMessagesEn, value);
}

type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

/**
 * Per-parse error map: turns every raw issue zod raises into a message key. Pass it as
 * `schema.safeParse(value, { error: validationKeyErrorMap })`. Schema-level messages (also keys,
 * e.g. `{ error: 'money' }`) take precedence over it.
 */
export const validationKeyErrorMap = (issue: RawIssue): ValidationMessageKey => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'required';
      return issue.expected === 'boolean' ? 'boolean' : 'invalidType';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'required' : 'tooShort';
      if (issue.origin === 'array' || issue.origin === 'set') return 'tooFewItems';
      return issue.inclusive === false ? 'tooSmallExclusive' : 'tooSmall';
    case 'too_big':
      if (issue.origin === 'string') return 'tooLong';
      if (issue.origin === 'array' || issue.origin === 'set') return 'tooManyItems';
      return 'tooBig';
    case 'invalid_format':
      if (issue.format === 'email') return 'email';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'id';
      if (issue.format === 'date') return 'date';
      return 'format';
    case 'invalid_value':
      return 'oneOf';
    case 'unrecognized_keys':
      return 'unknownKey';
    case 'not_multiple_of':
      return 'integer';
    default:
      return 'invalid';
  }
};

export interface DescribedIssue {
  path: string;
  key: ValidationMessageKey;
  values: Record<string, string | number>;
}

/** Reads a finished issue (from `error.issues`) into a key, its interpolation values and a dotted path. */
export function describeIssue(issue: z.core.$ZodIssue): DescribedIssue {
  const key: ValidationMessageKey = isValidationMessageKey(issue.message)
    ? issue.message
    : 'invalid';
  const values: Record<string, string | number> = {};
  const raw = issue as unknown as Record<string, unknown>;
  if (raw.minimum !== undefined) values.min = Number(raw.minimum);
  if (raw.maximum !== undefined) values.max = Number(raw.maximum);
  if (typeof raw.expected === 'string') values.expected = raw.expected;
  if (Array.isArray(raw.values)) values.values = raw.values.map(String).join(', ');
  if (Array.isArray(raw.keys)) values.keys = raw.keys.map(String).join(', ');
  let path = issue.path.map(String).join('.');
  // An unknown key is reported on its own path so that clients can point at it.
  if (issue.code === 'unrecognized_keys' && issue.keys.length === 1) {
    path = path ? `${path}.${issue.keys[0]}` : String(issue.keys[0]);
  }
  return { path, key, values };
}

export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** English rendering of an issue, used by the server for the `errors[]` of a 400. */
export function englishIssueMessage(issue: z.core.$ZodIssue): { path: string; message: string } {
  const { path, key, values } = describeIssue(issue);
  return { path, message: interpolate(validationMessagesEn[key], values) };
}
