import { execFileSync, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { EmbeddedPostgres } from '../db/embedded/supervisor.ts';
import { migrate } from '../db/migrate.ts';
import { TEST_PASSWORD } from '../test/test-app.ts';
import { isStorageFullError, LOW_SPACE_BYTES, StorageMonitor } from './storage.ts';

const MB = 1024 * 1024;

describe('isStorageFullError', () => {
  const pgError = (code: string, message: string) =>
    Object.assign(new Error(message), { code, severity: 'ERROR' });

  it('recognises disk_full and "could not extend file", also wrapped by drizzle', () => {
    expect(isStorageFullError(pgError('53100', 'could not extend file "base/1/2"'))).toBe(true);
    expect(
      isStorageFullError(
        new Error('Failed query', {
          cause: pgError('53000', 'could not write to file: No space left on device'),
        }),
      ),
    ).toBe(true);
  });

  it('leaves other resource errors alone', () => {
    expect(isStorageFullError(pgError('53200', 'out of memory'))).toBe(false);
    expect(isStorageFullError(pgError('53300', 'too many connections'))).toBe(false);
    expect(isStorageFullError(pgError('23505', 'duplicate key'))).toBe(false);
    expect(isStorageFullError(new Error('No space left on device'))).toBe(false);
  });
});

describe('StorageMonitor', () => {
  it('is full below the low-space mark and after a failed write until space is freed', async () => {
    let now = 0;
    let free = 500 * MB;
    const monitor = new StorageMonitor(
      '/data',
      () => now,
      () => Promise.resolve(free),
    );
    expect(await monitor.status()).toBe('ok');
    free = LOW_SPACE_BYTES - 1;
    expect(await monitor.status()).toBe('full');
    free = 40 * MB;
    expect(await monitor.status()).toBe('ok');
    await monitor.recordFull();
    now += 1_000;
    expect(await monitor.status()).toBe('full');
    free = 200 * MB;
    expect(await monitor.status()).toBe('ok');
  });

  it('without a folder, counts a failed write for a minute', async () => {
    let now = 0;
    const monitor = new StorageMonitor(null, () => now);
    await monitor.recordFull();
    expect(await monitor.status()).toBe('full');
    now += 61_000;
    expect(await monitor.status()).toBe('ok');
  });
});

const canMount = process.getuid?.() === 0 && spawnSync('mount', ['--version']).status === 0;

describe.runIf(canMount && process.platform === 'linux')(
  'a disk that fills up while running',
  () => {
    let scratch: string | undefined;

    afterEach(async () => {
      if (!scratch) return;
      spawnSync('umount', ['-l', path.join(scratch, 'mnt')]);
      await rm(scratch, { recursive: true, force: true });
    });

    it('answers storage_full (507), reports it in /api/health, and recovers', async () => {
      scratch = await mkdtemp(path.join(os.tmpdir(), 'karkhana-full-'));
      await chmod(scratch, 0o755);
      const dataDir = path.join(scratch, 'mnt');
      await mkdir(dataDir);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m,mode=755', 'tmpfs', dataDir]);
      const embedded = new EmbeddedPostgres({ dataDir, durability: 'throwaway' });
      await embedded.start();
      const database = await openDatabase({ databaseUrl: embedded.url, maxConnections: 2 });
      const filler = path.join(dataDir, 'filler');
      try {
        await migrate(database.db);
        const app = await buildApp({
          db: database.db,
          dataDir,
          staticDir: null,
          rateLimitPerMinute: 0,
        });
        const registered = await app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: {
            organizationName: 'Full Disk Works',
            name: 'Owner',
            email: 'owner@full.example',
            password: TEST_PASSWORD,
          },
        });
        expect(registered.statusCode).toBe(201);
        const token = registered.json<{ data: { token: { accessToken: string } } }>().data.token
          .accessToken;
        const health = async () => {
          const response = await app.inject({ method: 'GET', url: '/api/health' });
          return { status: response.statusCode, body: response.json<{ data: unknown }>() };
        };
        expect((await health()).status).toBe(200);

        // Take every free byte.
        const handle = await open(filler, 'w');
        const chunk = Buffer.alloc(MB);
        try {
          for (;;) await handle.write(chunk);
        } catch (error) {
          expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
        } finally {
          await handle.close();
        }

        let failed: { statusCode: number; body: string } | undefined;
        for (let index = 0; index < 2000 && !failed; index += 1) {
          const response = await app.inject({
            method: 'POST',
            url: '/api/merchants',
            headers: { authorization: `Bearer ${token}` },
            payload: { name: `Merchant ${index}`, notes: 'x'.repeat(1000) },
          });
          if (response.statusCode !== 201) failed = response;
        }
        expect(failed?.statusCode).toBe(507);
        expect(JSON.parse(failed!.body)).toMatchObject({ success: false, code: 'storage_full' });

        const whileFull = await health();
        expect(whileFull.status).toBe(503);
        expect(whileFull.body).toMatchObject({
          code: 'storage_full',
          data: { status: 'degraded', storage: 'full' },
        });

        await rm(filler);
        const afterwards = await health();
        expect(afterwards.status).toBe(200);
        expect(afterwards.body).toMatchObject({ data: { status: 'ok', database: 'ok' } });
        await app.close();
      } finally {
        await rm(filler, { force: true });
        await database.close();
        await embedded.stop();
      }
    }, 120_000);
  },
);
