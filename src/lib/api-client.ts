import type { isHTTPError as IsHTTPError, KyInstance, default as Ky } from 'ky';
import {
  FAILURE_CODES,
  FIELD_ERROR_CODES,
  type FailureCode,
  type FieldErrorCode,
  type FieldErrorParams,
} from '../../contract/errors.ts';
import { reportNetworkFailure, reportServerReached } from '@/lib/offline/connectivity';
import { getAccessToken } from '@/stores/auth';

/** Window events the app shell listens to; the data layer only announces, it never navigates. */
export const API_EVENTS = {
  unauthorized: 'karkhana:unauthorized',
  serverError: 'karkhana:server-error',
  notModified: 'karkhana:not-modified',
  /** A temporary password is still in use: the server answers nothing else until it is changed. */
  passwordChangeRequired: 'karkhana:password-change-required',
} as const;

export type ApiEventName = (typeof API_EVENTS)[keyof typeof API_EVENTS];

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong!';
export const NO_CONTENT_MESSAGE = 'Content not found.';
const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A field error as the API reports it; `message` is English and only for logs. */
export interface FieldError {
  path: string;
  code: FieldErrorCode;
  params?: FieldErrorParams;
  message: string;
}

export type ApiErrorKind = 'http' | 'network' | 'no-content' | 'client';

/**
 * Every failure of `apiRequest` surfaces as this one type, so callers pick a message and field
 * errors without caring whether the server, the network or the envelope was at fault. The
 * interface words it from `code` (src/lib/error-text.ts); `message` is the server's English, kept
 * for logs only.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  readonly kind: ApiErrorKind;
  /** The API's failure code; undefined when the answer was not an API envelope (e.g. a proxy). */
  readonly code: FailureCode | undefined;
  /** The envelope's `data` on failure, e.g. the current record with `stale_version`. */
  readonly data: unknown;

  constructor(
    message: string,
    init: {
      status: number;
      kind: ApiErrorKind;
      code?: FailureCode | undefined;
      errors?: FieldError[];
      data?: unknown;
    },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.kind = init.kind;
    this.code = init.code;
    this.errors = init.errors ?? [];
    this.data = init.data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The record as it is stored now, when `error` is the API's 409 `stale_version` (someone else
 * saved it after this client read it); otherwise undefined.
 */
export function staleRecordOf(error: unknown): Record<string, unknown> | undefined {
  // A refused write restored after a reload carries its error as plain data, not an ApiError.
  const failure = error as { code?: unknown; data?: unknown } | null | undefined;
  if (typeof failure !== 'object' || failure === null || failure.code !== 'stale_version') {
    return undefined;
  }
  const current = failure.data;
  return typeof current === 'object' && current !== null
    ? (current as Record<string, unknown>)
    : undefined;
}

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// A wrong password must stay on the sign-in form instead of being treated as an expired session.
const CREDENTIAL_PATHS = ['/api/auth/login', '/api/auth/register'];

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function dispatchApiEvent(name: ApiEventName, detail: Record<string, unknown>) {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

function isCredentialRequest(request: Request) {
  const { pathname } = new URL(request.url);
  return CREDENTIAL_PATHS.some((path) => pathname === path);
}

/** Tells the app shell about responses it handles globally (sign-in redirect, error page, toast). */
export function announceResponse(request: Request, response: Response) {
  const method = request.method.toUpperCase();
  const detail = { status: response.status, url: request.url, method };
  if (response.status === 401 && !isCredentialRequest(request)) {
    dispatchApiEvent(API_EVENTS.unauthorized, detail);
  } else if (response.status === 500 && !MUTATING_METHODS.has(method)) {
    // A failed write is reported by the form that sent it, next to what was typed.
    dispatchApiEvent(API_EVENTS.serverError, detail);
  } else if (response.status === 304 && MUTATING_METHODS.has(method)) {
    dispatchApiEvent(API_EVENTS.notModified, detail);
  }
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

function createApi(ky: typeof Ky): KyInstance {
  return ky.create({
    prefix: '/api',
    timeout: false,
    // react-query decides about retries; a second layer here would multiply attempts.
    retry: 0,
    credentials: 'same-origin',
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = getAccessToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
          if (MUTATING_METHODS.has(request.method.toUpperCase())) {
            const xsrf = readCookie('XSRF-TOKEN');
            if (xsrf) request.headers.set('X-XSRF-TOKEN', xsrf);
            if (!request.headers.has('Idempotency-Key')) {
              request.headers.set('Idempotency-Key', newIdempotencyKey());
            }
          }
        },
      ],
      afterResponse: [({ request, response }) => announceResponse(request, response)],
    },
  });
}

// The HTTP library loads with the first request rather than with the app: the sign-in page
// needs it only once the form is sent.
let httpClient: Promise<{ api: KyInstance; isHTTPError: typeof IsHTTPError }> | undefined;

/** Starts loading the HTTP library ahead of the first request, e.g. when the signed-in app opens. */
export function preloadHttpClient(): void {
  void loadHttpClient().catch(() => undefined);
}

function loadHttpClient() {
  httpClient ??= import('ky').then(
    ({ default: ky, isHTTPError }) => ({ api: createApi(ky), isHTTPError }),
    () => {
      // Offline before the service worker cached it: the next request tries again.
      httpClient = undefined;
      reportNetworkFailure();
      throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, kind: 'network' });
    },
  );
  return httpClient;
}

export type SearchParamValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  json?: unknown;
  /** A JSON document sent as it is (a chosen file), instead of `json` serialized here. */
  jsonFile?: Blob;
  searchParams?: Record<string, SearchParamValue>;
  idempotencyKey?: string;
  defaultError?: string;
  signal?: AbortSignal;
}

export interface ApiResult<T> {
  data: T;
  message: string;
}

/** Empty strings, null and undefined mean "no filter" in every list query of the API. */
export function cleanSearchParams(
  params: Record<string, SearchParamValue> | undefined,
): Record<string, string> {
  const clean: Record<string, string> = {};
  if (!params) return clean;
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = String(value);
    if (text.trim() === '') continue;
    clean[key] = text;
  }
  return clean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const failureCodes = new Set<string>(FAILURE_CODES);
const fieldErrorCodes = new Set<string>(FIELD_ERROR_CODES);

function readFieldErrors(body: Record<string, unknown>): FieldError[] {
  if (!Array.isArray(body.errors)) return [];
  return body.errors.flatMap((entry: unknown): FieldError[] => {
    if (!isRecord(entry) || typeof entry.path !== 'string') return [];
    const code =
      typeof entry.code === 'string' && fieldErrorCodes.has(entry.code)
        ? entry.code
        : 'invalid_value';
    const error: FieldError = {
      path: entry.path,
      code: code as FieldErrorCode,
      message: typeof entry.message === 'string' ? entry.message : '',
    };
    if (isRecord(entry.params)) error.params = entry.params as FieldErrorParams;
    return [error];
  });
}

function readFailureCode(body: unknown): FailureCode | undefined {
  return isRecord(body) && typeof body.code === 'string' && failureCodes.has(body.code)
    ? (body.code as FailureCode)
    : undefined;
}

/** An HTTP failure as an ApiError, whatever the body looked like. */
function httpFailure(body: unknown, status: number, fallback: string): ApiError {
  const serverMessage = readServerMessage(body);
  const error = new ApiError(serverMessage ?? fallback, {
    status,
    kind: 'http',
    code: readFailureCode(body),
    errors: isRecord(body) ? readFieldErrors(body) : [],
    data: isRecord(body) ? body.data : undefined,
  });
  // Only the code tells this 403 from a forbidden action, so it is announced once the body is read.
  if (error.code === 'password_change_required') {
    dispatchApiEvent(API_EVENTS.passwordChangeRequired, { status });
  }
  return error;
}

function readServerMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  // Problem-details style bodies (e.g. from a proxy) carry `title` instead of `message`.
  const candidate = typeof body.message === 'string' ? body.message : body.title;
  return typeof candidate === 'string' && candidate.trim() !== '' ? candidate : undefined;
}

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Calls the API and unwraps its envelope `{ success, data, message }`. Resolves with `data` and
 * `message` on success; rejects with an `ApiError` otherwise.
 */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResult<T>> {
  const fallback = options.defaultError ?? DEFAULT_ERROR_MESSAGE;
  const headers: Record<string, string> = {};
  if (options.jsonFile) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey && MUTATING_METHODS.has(method)) {
    headers['Idempotency-Key'] = options.idempotencyKey;
  }

  const { api, isHTTPError } = await loadHttpClient();
  let response: Response;
  try {
    response = await api(path.replace(/^\/+/, ''), {
      method,
      headers,
      json: options.json,
      body: options.jsonFile,
      searchParams: cleanSearchParams(options.searchParams),
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error) || options.signal?.aborted) throw error;
    if (isHTTPError(error)) {
      reportServerReached();
      throw httpFailure(error.data, error.response.status, fallback);
    }
    reportNetworkFailure();
    throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, kind: 'network' });
  }

  reportServerReached();
  if (response.status === 204) {
    throw new ApiError(NO_CONTENT_MESSAGE, { status: 204, kind: 'no-content' });
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(fallback, { status: response.status, kind: 'http' });
  }
  if (!isRecord(body) || body.success !== true) throw httpFailure(body, response.status, fallback);
  return { data: body.data as T, message: typeof body.message === 'string' ? body.message : '' };
}
