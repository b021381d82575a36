import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthData } from '../contract/auth.ts';
import { envelope, errorEnvelope } from '../contract/common.ts';
import { buildApp } from './app.ts';
import {
  createTestApp,
  createTestDatabase,
  type TestBody,
  type TestApp,
  type TestUser,
} from './test/test-app.ts';
import { loadResourceModules } from './modules/registry.ts';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      app.get('/api/test/explode', { config: { permission: 'public' } }, () => {
        throw new Error('secret internal detail');
      });
    },
  });
  user = await t.registerUser();
});
afterAll(() => t.close());

describe('envelope and status codes', () => {
  it('answers an unknown /api path with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json<TestBody>()).toEqual({
      success: false,
      code: 'not_found',
      message: 'Route not found',
    });
  });

  it('hides internal errors behind a generic 500 with a request id header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json<TestBody>()).toEqual({
      success: false,
      code: 'internal',
      message: 'Internal server error',
    });
    expect(response.body).not.toContain('secret');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects a body over 1 MB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers: { ...user.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x', notes: 'a'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(errorEnvelope.parse(response.json<TestBody>()).message).toMatch(/than 1 MB$/);
  });

  it("names the route's own limit when an import is over it", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/merchants/import',
      headers: { ...user.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ rows: [], padding: 'a'.repeat(17 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(errorEnvelope.parse(response.json<TestBody>())).toMatchObject({
      code: 'payload_too_large',
      message: 'Request body is larger than 16 MB',
    });
  });

  it('rejects a non-JSON write with 415', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/merchants',
        headers: { ...user.bearer, 'content-type': contentType },
        payload: 'name=Test',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json<TestBody>()).toMatchObject({ success: false });
    }
  });

  it('rejects malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers: { ...user.bearer, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<TestBody>()).toEqual({
      success: false,
      code: 'validation_failed',
      message: 'Request body is not valid JSON',
    });
  });

  it('answers a malformed URL or an over-long path parameter with the 400 envelope', async () => {
    for (const url of [
      '/api/merchants/%FF',
      '/api/merchants/%ED%A0%80',
      `/api/merchants/${'a'.repeat(150)}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: user.bearer });
      expect(response.statusCode, url).toBe(400);
      expect(errorEnvelope.parse(response.json<TestBody>())).toMatchObject({
        success: false,
        code: 'validation_failed',
      });
    }
  });

  it('treats an empty JSON body on a bodiless write as no body', async () => {
    const created = await t.send(user, 'POST', '/api/merchants', { name: 'Empty Body Co' });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/merchants/${created.json<TestBody>().data._id}`,
      headers: { ...user.bearer, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('requires authentication for resources', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/merchants' });
    expect(response.statusCode).toBe(401);
    expect(response.json<TestBody>()).toEqual({
      success: false,
      code: 'unauthenticated',
      message: 'Authentication required',
    });
  });
});

describe('health', () => {
  it('reports ok with the package version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = envelope(healthData).parse(response.json<TestBody>());
    expect(body.data).toEqual({ status: 'ok', database: 'ok', version: '0.1.0' });
  });

  it('answers 503 when the database is down', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ db: database.handle.db, staticDir: null, rateLimitPerMinute: 0 });
    await database.drop();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json<TestBody>()).toEqual({
      success: false,
      code: 'service_unavailable',
      message: 'Database unavailable',
      data: { status: 'degraded', database: 'down', version: '0.1.0' },
    });
    await app.close();
  });
});

describe('security headers and documentation', () => {
  it('marks every /api answer no-store: records, failures, unknown paths and sign-in', async () => {
    const answers = [
      await t.send(user, 'GET', '/api/merchants'),
      await t.send(user, 'GET', '/api/auth/me'),
      await t.send(null, 'GET', '/api/merchants'),
      await t.send(null, 'GET', '/api/no-such-thing'),
      await t.send(null, 'GET', '/api/health'),
      await t.send(null, 'POST', '/api/auth/login', { email: 'x@example.com', password: 'nope' }),
      await t.app.inject({ method: 'GET', url: '/api/test/explode' }),
    ];
    for (const response of answers) {
      expect(response.headers['cache-control'], response.body).toBe('no-store');
    }
  });

  it('sends a CSP that allows inline styles but only own scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, { post?: { requestBody?: unknown } }>;
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/merchants',
        '/api/merchants/{id}',
        '/api/auth/login',
        '/api/health',
      ]),
    );
    expect(document.paths['/api/merchants']?.post?.requestBody).toBeDefined();
  });

  it('documents the version a PUT names and the current record a stale one gets back', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    type Schema = { $ref?: string; properties?: Record<string, Schema>; required?: string[] };
    const document = response.json<{
      components: { schemas: Record<string, Schema> };
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: Schema }> };
            responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
          }
        >
      >;
    }>();
    // Records and bodies are named components, referenced where they are used.
    const resolve = (schema: Schema | undefined) =>
      schema?.$ref ? document.components.schemas[schema.$ref.split('/').pop() ?? ''] : schema;
    const put = document.paths['/api/merchants/{id}']?.put;
    const body = resolve(put?.requestBody?.content['application/json']?.schema);
    expect(body?.required).toContain('version');
    const stale = resolve(put?.responses['409']?.content?.['application/json']?.schema);
    expect(resolve(stale?.properties?.data)?.properties).toHaveProperty('version');
    expect(resolve(stale?.properties?.data)?.properties).toHaveProperty('name');
    const status = document.paths['/api/orders/{id}/status']?.put;
    const statusBody = resolve(status?.requestBody?.content['application/json']?.schema);
    expect(statusBody?.properties).toHaveProperty('version');
    expect(statusBody?.required ?? []).not.toContain('version');
  });

  it('serves the docs UI with a relaxed CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(String(response.headers['content-security-policy'])).toContain(
      "script-src 'self' 'unsafe-inline'",
    );
  });
});

describe('general rate limit', () => {
  it('answers 429 with Retry-After in the envelope once the ceiling is reached', async () => {
    const limited = await createTestApp({ rateLimitPerMinute: 2 });
    try {
      await limited.app.inject({ method: 'GET', url: '/api/health' });
      await limited.app.inject({ method: 'GET', url: '/api/health' });
      const response = await limited.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json<TestBody>()).toEqual({
        success: false,
        code: 'rate_limited',
        message: 'Too many requests, please try again later',
      });
      // The app's own files stay reachable: a cold start loads far more of them than API calls.
      const page = await limited.app.inject({ method: 'GET', url: '/merchants' });
      expect(page.statusCode).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('area modules', () => {
  it('mounts every area folder whose routes.ts exports a module, each under its own prefix', async () => {
    const mounted = await loadResourceModules();
    const prefixes = mounted.map((module) => module.prefix);
    expect(new Set(prefixes).size, 'one area per prefix').toBe(prefixes.length);
    const modulesDirectory = new URL('./modules/', import.meta.url);
    const areas = readdirSync(modulesDirectory, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .filter((entry) => existsSync(new URL(`./${entry.name}/routes.ts`, modulesDirectory)));
    expect(areas.length).toBeGreaterThan(20);
    for (const area of areas) {
      const exported = (await import(
        new URL(`./${area.name}/routes.ts`, modulesDirectory).href
      )) as { resourceModule?: { prefix: string }; resourceModules?: { prefix: string }[] };
      const own = [
        ...(exported.resourceModule ? [exported.resourceModule] : []),
        ...(exported.resourceModules ?? []),
      ];
      for (const module of own) expect(prefixes, area.name).toContain(module.prefix);
    }
    // Areas of the spec that must never drop out of the mount.
    expect(prefixes).toEqual(
      expect.arrayContaining(['/orders', '/merchants', '/bills', '/payments', '/workers']),
    );
  });
});
