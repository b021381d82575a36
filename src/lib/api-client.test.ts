import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { fail, ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import {
  announceResponse,
  API_EVENTS,
  ApiError,
  apiRequest,
  cleanSearchParams,
  DEFAULT_ERROR_MESSAGE,
  NO_CONTENT_MESSAGE,
} from './api-client';
import { testSession } from '@/test/fixtures';

const server = setupMswServer();

function signIn(accessToken = 'secret-token') {
  useAuthStore.getState().setSession(testSession(accessToken));
}

function captureRequests(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  respond = () => ok({ fine: true }),
) {
  const seen: Request[] = [];
  server.use(
    http[method](path, ({ request }) => {
      seen.push(request.clone());
      return respond();
    }),
  );
  return seen;
}

function listenFor(name: string) {
  const listener = vi.fn();
  window.addEventListener(name, listener);
  return { listener, stop: () => window.removeEventListener(name, listener) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('apiRequest', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('unwraps the envelope and sends the bearer token under /api', async () => {
    signIn('tok-123');
    const seen = captureRequests('get', '*/api/merchants/abc', () =>
      ok({ name: 'Acme' }, 'Fetched'),
    );
    const result = await apiRequest<{ name: string }>('GET', '/merchants/abc');
    expect(result).toEqual({ data: { name: 'Acme' }, message: 'Fetched' });
    expect(new URL(seen[0]!.url).pathname).toBe('/api/merchants/abc');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer tok-123');
  });

  it('sends no Authorization header when signed out', async () => {
    const seen = captureRequests('get', '*/api/health');
    await apiRequest('GET', '/health');
    expect(seen[0]!.headers.has('authorization')).toBe(false);
  });

  it('drops empty, null and undefined search params', async () => {
    const seen = captureRequests('get', '*/api/merchants');
    await apiRequest('GET', '/merchants', {
      searchParams: {
        page: 2,
        name: '',
        city: '   ',
        sort: undefined,
        gstin: null,
        isActive: false,
      },
    });
    const url = new URL(seen[0]!.url);
    expect([...url.searchParams.entries()]).toEqual([
      ['page', '2'],
      ['isActive', 'false'],
    ]);
    expect(cleanSearchParams(undefined)).toEqual({});
  });

  it('adds the XSRF header from the cookie and an Idempotency-Key on writes only', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf%2Bvalue; path=/';
    const posts = captureRequests('post', '*/api/merchants', () => ok({}, 'Created', 201));
    const gets = captureRequests('get', '*/api/merchants');
    await apiRequest('POST', '/merchants', { json: { name: 'A' } });
    await apiRequest('GET', '/merchants');
    expect(posts[0]!.headers.get('x-xsrf-token')).toBe('xsrf+value');
    expect(posts[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await posts[0]!.json()).toEqual({ name: 'A' });
    expect(gets[0]!.headers.has('x-xsrf-token')).toBe(false);
    expect(gets[0]!.headers.has('idempotency-key')).toBe(false);
  });

  it('uses the caller-provided Idempotency-Key', async () => {
    const seen = captureRequests('put', '*/api/merchants/1');
    await apiRequest('PUT', '/merchants/1', { json: {}, idempotencyKey: 'key-42' });
    expect(seen[0]!.headers.get('idempotency-key')).toBe('key-42');
  });

  it('sends a chosen JSON file as it is, byte for byte, as JSON', async () => {
    const seen = captureRequests('post', '*/api/backup/restore');
    const text = '{"format":"karkhana-backup",  "tables":{"notes":[{"body":"ચા"}]}}';
    await apiRequest('POST', '/backup/restore', {
      jsonFile: new Blob([text]),
      idempotencyKey: 'key-7',
    });
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(seen[0]!.headers.get('idempotency-key')).toBe('key-7');
    expect(await seen[0]!.text()).toBe(text);
  });

  it('throws ApiError with the failure code and coded field errors', async () => {
    server.use(
      http.post('*/api/merchants', () =>
        fail(400, 'Validation failed', [
          { path: 'name', code: 'required', message: 'This field is required' },
        ]),
      ),
    );
    const error = await apiRequest('POST', '/merchants', {
      json: {},
      defaultError: 'Failed to create merchant',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      kind: 'http',
      code: 'validation_failed',
      errors: [{ path: 'name', code: 'required', message: 'This field is required' }],
    });
  });

  it('falls back to defaultError, then to the generic message', async () => {
    server.use(http.get('*/api/a', () => new HttpResponse('oops', { status: 502 })));
    await expect(
      apiRequest('GET', '/a', { defaultError: 'Failed to fetch merchants' }),
    ).rejects.toMatchObject({
      status: 502,
      message: 'Failed to fetch merchants',
    });
    await expect(apiRequest('GET', '/a')).rejects.toMatchObject({ message: DEFAULT_ERROR_MESSAGE });
  });

  it('uses a problem-details title when there is no message', async () => {
    server.use(
      http.get('*/api/b', () =>
        HttpResponse.json({ title: 'Bad gateway upstream' }, { status: 502 }),
      ),
    );
    await expect(apiRequest('GET', '/b')).rejects.toMatchObject({
      message: 'Bad gateway upstream',
    });
  });

  it("treats 204 as 'Content not found.'", async () => {
    // happy-dom's fetch trips over an empty 204 body from msw; answer at the fetch boundary.
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiRequest('GET', '/c')).rejects.toMatchObject({
      status: 204,
      kind: 'no-content',
      message: NO_CONTENT_MESSAGE,
    });
  });

  it('reports a network failure as status 0', async () => {
    // happy-dom's fetch cannot surface msw's HttpResponse.error(), so fail fetch itself as a
    // browser does when offline.
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('GET', '/d')).rejects.toMatchObject({ status: 0, kind: 'network' });
  });

  it('rejects a 200 whose envelope says success: false', async () => {
    server.use(http.get('*/api/e', () => HttpResponse.json({ success: false, message: 'Nope' })));
    await expect(apiRequest('GET', '/e')).rejects.toMatchObject({ status: 200, message: 'Nope' });
  });
});

describe('API events', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  function watch(name: string) {
    const handle = listenFor(name);
    stops.push(handle.stop);
    return handle.listener;
  }

  it('announces 401 except for login and register', async () => {
    const unauthorized = watch(API_EVENTS.unauthorized);
    server.use(
      http.get('*/api/merchants', () => fail(401, 'Session expired')),
      http.post('*/api/auth/login', () => fail(401, 'Invalid email or password')),
      http.post('*/api/auth/register', () => fail(401, 'No')),
    );
    await expect(apiRequest('POST', '/auth/login', { json: {} })).rejects.toMatchObject({
      status: 401,
    });
    await expect(apiRequest('POST', '/auth/register', { json: {} })).rejects.toMatchObject({
      status: 401,
    });
    expect(unauthorized).not.toHaveBeenCalled();
    await expect(apiRequest('GET', '/merchants')).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('announces 500', async () => {
    const serverError = watch(API_EVENTS.serverError);
    server.use(http.get('*/api/f', () => fail(500, 'Internal server error')));
    await expect(apiRequest('GET', '/f')).rejects.toMatchObject({ status: 500 });
    expect(serverError).toHaveBeenCalledTimes(1);
    expect((serverError.mock.calls[0]![0] as CustomEvent).detail).toMatchObject({ status: 500 });
  });

  it('announces 304 on a mutation only', () => {
    const notModified = watch(API_EVENTS.notModified);
    const notModifiedResponse = () => new Response(null, { status: 304 });
    announceResponse(new Request('http://localhost/api/g'), notModifiedResponse());
    expect(notModified).not.toHaveBeenCalled();
    announceResponse(
      new Request('http://localhost/api/g', { method: 'PUT' }),
      notModifiedResponse(),
    );
    expect(notModified).toHaveBeenCalledTimes(1);
  });
});
