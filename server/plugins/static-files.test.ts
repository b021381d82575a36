import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const BIG_SCRIPT = 'console.log("karkhana");\n'.repeat(200);

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'karkhana-dist-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, 'locales', 'gu'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Karkhana</title>');
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dir, 'assets', 'big-abc123.js'), BIG_SCRIPT);
  await writeFile(path.join(dir, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_SCRIPT));
  await writeFile(path.join(dir, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_SCRIPT));
  await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await writeFile(path.join(dir, 'manifest.webmanifest'), '{}');
  await writeFile(path.join(dir, 'locales', 'gu', 'common.json'), '{}');
  t = await createTestApp({ staticDir: dir });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('static SPA serving', () => {
  it('serves index.html at / without long caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Karkhana</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client routes', async () => {
    for (const url of ['/merchants', '/merchants/123/edit?tab=1', '/order-analytics']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets forever and revalidates the rest', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/sw.js', '/manifest.webmanifest', '/locales/gu/common.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends the pre-compressed copy the browser accepts, and the plain file otherwise', async () => {
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_SCRIPT);

    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it('never falls back for /api paths', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: 'not_found',
      message: 'Route not found',
    });
  });
});
