// Codes and shapes only, without zod: the app's startup code reads them, and the schemas that
// check them (`failureCode`, `fieldError`, `errorEnvelope`) are built in `common.ts`.

/**
 * Why a request failed, as the API names it in the failure envelope's `code`. The SPA translates
 * the code (never the English `message`), so a code is added here, once, with its status, and a
 * message is never used as a key. An area adds its own codes to this list.
 */
const FAILURE_STATUS = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  csrf_failed: 403,
  /** A temporary password is still in use: only `me`, change-password and logout work. */
  password_change_required: 403,
  not_found: 404,
  duplicate: 409,
  invalid_transition: 409,
  still_referenced: 409,
  idempotency_key_reused: 409,
  stale_version: 409,
  conflict: 409,
  /** The change would leave the organization without an active owner. */
  last_owner: 409,
  /** Nobody changes their own role or deactivates themselves. */
  own_account: 409,
  /** A bill is made only from completed or delivered orders. */
  order_not_billable: 409,
  /** The order is already on a bill that is not cancelled. */
  order_already_billed: 409,
  /** The order is on a live bill: its lines, merchant and paid flag follow the bill. */
  bill_locked: 409,
  /** Payments are allocated to the bill: move them before cancelling it. */
  bill_has_payments: 409,
  /** Credit or debit notes are issued against the bill: cancel them before cancelling it. */
  bill_has_notes: 409,
  /** A cancelled bill takes no credit or debit note. */
  bill_cancelled: 409,
  /** Job cards are in the stage: move them before removing it. */
  stage_in_use: 409,
  /** The order has job cards, so its lines are what the floor is working on. */
  order_in_production: 409,
  /** Completing an order whose job cards are not done needs `force: true`. */
  order_has_open_cards: 409,
  /** Job cards are made only for orders that are not cancelled or delivered. */
  order_not_in_production: 409,
  /** The server has no SMTP server configured (`SMTP_URL`), so it cannot send mail. */
  mail_not_configured: 409,
  /** The backup file was made by a newer release than this server: update the server first. */
  backup_newer_version: 400,
  /** The file is not a Karkhana backup (or is damaged). */
  backup_invalid: 400,
  /** A backup is restored only into an organization that holds no records yet. */
  organization_not_empty: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  /** The configured SMTP server refused the mail or could not be reached. */
  mail_not_sent: 502,
  /** The database (or its disk) cannot take requests right now; `/api/health` says why. */
  service_unavailable: 503,
  /** The disk holding the database is full: nothing can be saved until space is freed. */
  storage_full: 507,
} as const satisfies Record<string, number>;

export type FailureCode = keyof typeof FAILURE_STATUS;
export const FAILURE_CODES = Object.keys(FAILURE_STATUS) as [FailureCode, ...FailureCode[]];

/** The code a bare status maps to when nothing more specific is known (e.g. a framework error). */
export function failureCodeForStatus(status: number): FailureCode {
  switch (status) {
    case 400:
      return 'validation_failed';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 503:
      return 'service_unavailable';
    case 507:
      return 'storage_full';
    default:
      return 'internal';
  }
}

/**
 * What is wrong with one field, as `errors[].code`; `params` carries what a translation needs
 * (`maximum`, `minimum`, `format`, `values`, ...).
 */
export const FIELD_ERROR_CODES = [
  'required',
  'invalid_type',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'too_many_decimals',
  'invalid_format',
  'invalid_value',
  'unknown_key',
  'duplicate',
  'not_found',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];
export type FieldErrorParams = Record<string, string | number | boolean>;

export interface FieldError {
  /** Dotted path of the field, e.g. `designs.0.quantity`; empty for the body as a whole. */
  path: string;
  code: FieldErrorCode;
  params?: FieldErrorParams;
  /** English, for logs and API users; the SPA translates `code` instead. */
  message: string;
}

export interface ErrorEnvelope {
  success: false;
  code: FailureCode;
  message: string;
  errors?: FieldError[];
  /** e.g. the current record with `stale_version`. */
  data?: unknown;
}
