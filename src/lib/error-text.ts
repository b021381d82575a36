import type { FailureCode, FieldErrorCode, FieldErrorParams } from '../../contract/errors.ts';
import { fieldMessageKey } from '../../contract/validation.ts';
import { ApiError } from '@/lib/api-client';
import { runtimeT, type AnyT, type TranslationKey } from '@/lib/translation-keys';

/**
 * Raised before any request when the signed-in session lacks what a write must carry. The message
 * is the spec's English text; `messageKey` lets the interface translate it.
 */
export class MissingAuthStateError extends Error {
  readonly messageKey: TranslationKey;
  constructor(message: string, messageKey: TranslationKey) {
    super(message);
    this.name = 'MissingAuthStateError';
    this.messageKey = messageKey;
  }
}

/**
 * Codes that say, by themselves, what went wrong and what to do. Others (`validation_failed`,
 * `conflict`, `internal`, `service_unavailable`) say less than the caller's own text ("Failed to
 * fetch merchants"), which is shown instead when there is one.
 */
const TELLING_CODES = new Set<FailureCode>([
  'unauthenticated',
  'forbidden',
  'csrf_failed',
  'password_change_required',
  'not_found',
  'duplicate',
  'invalid_transition',
  'still_referenced',
  'idempotency_key_reused',
  'stale_version',
  'last_owner',
  'own_account',
  'order_not_billable',
  'order_already_billed',
  'bill_locked',
  'bill_has_payments',
  'bill_has_notes',
  'bill_cancelled',
  'stage_in_use',
  'order_in_production',
  'order_not_in_production',
  'order_has_open_cards',
  'mail_not_configured',
  'mail_not_sent',
  'backup_newer_version',
  'backup_invalid',
  'organization_not_empty',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'storage_full',
]);

/** `designs` from `designs:errors.create`. */
function namespaceOf(key: string | undefined): string | undefined {
  const separator = key?.indexOf(':') ?? -1;
  return key && separator > 0 ? key.slice(0, separator) : undefined;
}

/**
 * The text to show for a failed request, in the interface language: never the server's English
 * `message`. A failure code is looked up first in the area's namespace (`designs:failures.duplicate`
 * says "A design with this code already exists") and then in the shared `ui:failures`; a code that
 * says little, an unknown code or a non-API error falls back to `fallbackKey` (the spec's
 * "Failed to create design") or a generic text.
 */
export function errorText(error: unknown, typedT: AnyT, fallbackKey?: TranslationKey): string {
  const t = runtimeT(typedT);
  if (error instanceof MissingAuthStateError) return t(error.messageKey);
  const fallback = fallbackKey ?? 'ui:failures.unknown';
  if (!(error instanceof ApiError)) return t(fallback);
  if (error.kind === 'network') return typedT('ui:errors.network');
  if (error.kind === 'no-content') return typedT('ui:errors.noContent');
  const code = error.code;
  if (code && TELLING_CODES.has(code)) {
    const namespace = namespaceOf(fallbackKey);
    const keys = [`ui:failures.${code}`];
    if (namespace) keys.unshift(`${namespace}:failures.${code}`);
    return t(keys);
  }
  if (code && !fallbackKey) return t(`ui:failures.${code}`);
  return t(fallback);
}

export interface FieldErrorLike {
  path: string;
  code: FieldErrorCode;
  params?: FieldErrorParams | undefined;
}

/**
 * A field error in the interface language. A form may word a code for one of its fields
 * (`orders:fieldErrors.merchantId.required` = "Choose a merchant"); otherwise the shared
 * `validation` text for the code and its params.
 */
export function fieldErrorText(error: FieldErrorLike, typedT: AnyT, namespace?: string): string {
  const t = runtimeT(typedT);
  const params = error.params ?? {};
  const messageKey = fieldMessageKey(error.code, params);
  const field = error.path
    .split('.')
    .filter((segment) => !/^\d+$/.test(segment))
    .pop();
  const keys = [`validation:${messageKey}`];
  if (namespace && field) {
    keys.unshift(`${namespace}:fieldErrors.${field}.${error.code}`);
    if (messageKey !== error.code) keys.unshift(`${namespace}:fieldErrors.${field}.${messageKey}`);
  }
  return t(keys, params);
}
