// DATA_DIR on a small tmpfs that a filler file then fills: writes must answer 507 storage_full
// (never a generic 500; a 2xx only for a row that still fitted, and it must survive a restart)
// and /api/health 503 degraded; once the filler is deleted both recover by
// themselves, without a restart, and every write the server confirmed survives a restart.
// Needs root for the mount; otherwise reported as skipped.
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  call,
  codeOf,
  dataOf,
  hasErrorEnvelope,
  is2xx,
  register,
  validBody,
  type Ids,
} from './api.ts';
import { Failures, excerpt, type ScenarioContext, type ScenarioResult } from './scenario.ts';
import {
  forgetInterrupt,
  killPostgres,
  onInterrupt,
  reapPostgres,
  sleep,
  startServer,
  stopServer,
  type ServerHandle,
} from './server.ts';

const TMPFS_SIZE = '512m';
const MAX_WRITES_WHILE_FULL = 300;
const REFUSALS_WANTED = 10;
const RECOVERY_LIMIT_MS = 40_000;

/** Writes until the file system refuses, first in large then in small blocks; returns bytes. */
function fill(filePath: string): number {
  const descriptor = openSync(filePath, 'w');
  let written = 0;
  try {
    for (const blockSize of [1024 * 1024, 64 * 1024, 4096, 512]) {
      const block = Buffer.alloc(blockSize, 0x5a);
      for (;;) {
        try {
          written += writeSync(descriptor, block);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    closeSync(descriptor);
  }
  return written;
}

function skipped(reason: string, started: number): ScenarioResult {
  return {
    name: 'disk-full',
    status: 'skipped',
    summary: `skipped: ${reason}`,
    counts: {},
    failures: [],
    seconds: (Date.now() - started) / 1000,
  };
}

export async function run(context: ScenarioContext): Promise<ScenarioResult> {
  const started = Date.now();
  if (process.getuid?.() !== 0) return skipped('mounting a tmpfs needs root', started);
  const mountPoint = mkdtempSync(path.join(os.tmpdir(), 'karkhana-reliability-disk-'));
  const mounted = spawnSync(
    'mount',
    ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', mountPoint],
    {
      encoding: 'utf8',
    },
  );
  if (mounted.status !== 0) {
    rmSync(mountPoint, { recursive: true, force: true });
    return skipped(
      `mount -t tmpfs failed: ${(mounted.stderr || mounted.error?.message || '').trim()}`,
      started,
    );
  }
  const failures = new Failures();
  const dataDir = path.join(mountPoint, 'data');
  onInterrupt(mountPoint, () => {
    killPostgres(dataDir);
    spawnSync('umount', ['-l', mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });
  const fillerPath = path.join(mountPoint, 'filler');
  let server: ServerHandle | null = null;
  const statuses: Record<string, number> = {};
  let healthWhileFull = '–';
  let recoverySeconds: number | null = null;
  try {
    mkdirSync(dataDir);
    server = await startServer(dataDir);
    const baseUrl = server.baseUrl;
    const { token } = await register(baseUrl, 'disk');
    const references: Ids = {};
    const before = await call(baseUrl, 'POST', '/api/merchants', {
      token,
      body: validBody('merchants', references, 'before-full'),
    });
    if (!is2xx(before.status))
      throw new Error(`write before filling: ${before.status} ${before.text}`);
    const confirmed = [String(dataOf(before)._id)];

    const filled = fill(fillerPath);
    context.log(
      `filled ${(filled / 1024 ** 2).toFixed(0)} MiB; writing until ${REFUSALS_WANTED} are refused`,
    );
    // PostgreSQL places a row in space it already holds (a page's free space, the current WAL
    // segment) without asking the file system; only a write that needs a new block meets the
    // full disk. Large rows get there within a few writes; a 2xx before that must be durable.
    let refusals = 0;
    let unexpected = 0;
    for (
      let index = 0;
      index < MAX_WRITES_WHILE_FULL && refusals < REFUSALS_WANTED && unexpected < REFUSALS_WANTED;
      index += 1
    ) {
      const reply = await call(baseUrl, 'POST', '/api/merchants', {
        token,
        body: {
          ...validBody('merchants', references, `while-full-${index}`),
          address: 'a'.repeat(1000),
          notes: 'n'.repeat(1000),
        },
      });
      const key =
        reply.status === 0 ? 'no answer' : `${reply.status} ${codeOf(reply) ?? ''}`.trim();
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (is2xx(reply.status)) confirmed.push(String(dataOf(reply)._id));
      else if (reply.status === 507 && codeOf(reply) === 'storage_full' && hasErrorEnvelope(reply))
        refusals += 1;
      else {
        unexpected += 1;
        failures.add(
          'write while full',
          `POST /api/merchants -> ${reply.status || reply.error} ${excerpt(reply.text, 200)} (expected 507 storage_full)`,
        );
      }
    }
    if (refusals === 0 && unexpected === 0)
      failures.add(
        'write while full',
        `no write was refused with 507 storage_full in ${MAX_WRITES_WHILE_FULL} writes of 2 KB on a full disk`,
      );
    const health = await call(baseUrl, 'GET', '/api/health');
    healthWhileFull = `${health.status} ${JSON.stringify(dataOf(health).status ?? null)}`;
    if (health.status !== 503 || dataOf(health).status !== 'degraded')
      failures.add(
        'health while full',
        `GET /api/health -> ${health.status} ${excerpt(health.text, 200)}`,
      );
    if (server.hasExited())
      failures.add(
        'server died',
        `the server exited while the disk was full: ${excerpt(server.output(), 400)}`,
      );

    unlinkSync(fillerPath);
    const freedAt = Date.now();
    let lastProblem = '';
    while (!server.hasExited() && Date.now() - freedAt < RECOVERY_LIMIT_MS) {
      const healthNow = await call(baseUrl, 'GET', '/api/health', { timeoutMs: 5000 });
      const write = await call(baseUrl, 'POST', '/api/merchants', {
        token,
        body: validBody('merchants', references, 'after-free'),
        timeoutMs: 5000,
      });
      if (is2xx(write.status)) confirmed.push(String(dataOf(write)._id));
      if (healthNow.status === 200 && dataOf(healthNow).status === 'ok' && is2xx(write.status)) {
        recoverySeconds = (Date.now() - freedAt) / 1000;
        break;
      }
      lastProblem = `health ${healthNow.status || healthNow.error}, write ${write.status || write.error} ${excerpt(write.text, 150)}`;
      await sleep(1000);
    }
    if (recoverySeconds === null) {
      failures.add(
        'no recovery',
        `not recovered ${RECOVERY_LIMIT_MS / 1000} s after space was freed (${server.hasExited() ? 'server exited' : lastProblem})`,
      );
    } else {
      // Whatever the server confirmed, before, during or after the full disk, is on disk.
      await stopServer(server);
      server = await startServer(dataDir);
      for (const id of confirmed) {
        const read = await call(server.baseUrl, 'GET', `/api/merchants/${id}`, { token });
        if (read.status !== 200)
          failures.add(
            'lost after restart',
            `merchants/${id} (confirmed 2xx) -> ${read.status} ${excerpt(read.text, 150)}`,
          );
      }
    }
  } catch (error) {
    failures.addHarnessError(error);
  } finally {
    rmSync(fillerPath, { force: true });
    if (server) await stopServer(server);
    const left = await reapPostgres(dataDir);
    if (left.length > 0)
      failures.add('postgres left running', `pids ${left.join(', ')} after SIGTERM`);
    let unmounted = spawnSync('umount', [mountPoint], { encoding: 'utf8' });
    if (unmounted.status !== 0) {
      await sleep(2000);
      unmounted = spawnSync('umount', ['-l', mountPoint], { encoding: 'utf8' });
    }
    if (unmounted.status !== 0) failures.add('umount', `${mountPoint}: ${unmounted.stderr.trim()}`);
    else rmSync(mountPoint, { recursive: true, force: true });
    forgetInterrupt(mountPoint);
  }
  const statusList = Object.entries(statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
  return {
    name: 'disk-full',
    status: failures.count() === 0 ? 'passed' : 'failed',
    summary: `writes while full: ${statusList || 'none sent'}; health while full: ${healthWhileFull}; recovered ${recoverySeconds === null ? 'never' : `${recoverySeconds.toFixed(1)} s after space was freed`}`,
    counts: { ...statuses, healthWhileFull, recoverySeconds: recoverySeconds ?? 'never' },
    failures: failures.all(),
    seconds: (Date.now() - started) / 1000,
  };
}
