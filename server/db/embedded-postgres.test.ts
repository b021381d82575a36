import { execFileSync, spawnSync } from 'node:child_process';
import { chmod, cp, lstat, mkdir, mkdtemp, readdir, readlink, rm, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from './client.ts';
import {
  binariesReachableBy,
  platformBinaries,
  restoreLibrarySymlinks,
} from './embedded/binaries.ts';
import { DataFolderError } from './embedded/data-folder.ts';
import { readPostmasterPid } from './embedded/ports-and-pids.ts';
import { EmbeddedPostgres } from './embedded/supervisor.ts';

interface HealthBody {
  data: { database: string };
}

const isRoot = process.getuid?.() === 0;
const projectRoot = path.resolve(import.meta.dirname, '..', '..');
/** Whether `nobody` can read the project (a CI clone may sit in a private temporary folder). */
const nobodyReadsProject =
  isRoot &&
  spawnSync('runuser', ['-u', 'nobody', '--', 'test', '-r', path.join(projectRoot, 'package.json')])
    .status === 0;
const canMount = isRoot && spawnSync('mount', ['--version']).status === 0;

let scratch: string;

beforeEach(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'karkhana-embedded-'));
  // mkdtemp makes it 700; the folders inside stand for ones a real installation would use.
  await chmod(scratch, 0o755);
});

afterEach(async () => {
  spawnSync('umount', [path.join(scratch, 'mnt')]);
  await rm(scratch, { recursive: true, force: true });
});

async function startError(dataDir: string): Promise<unknown> {
  const embedded = new EmbeddedPostgres({ dataDir, durability: 'throwaway' });
  try {
    await embedded.start();
  } catch (error) {
    return error;
  }
  await embedded.stop();
  throw new Error('expected the start to fail');
}

async function mountTmpfs(options: string): Promise<string> {
  const mountPoint = path.join(scratch, 'mnt');
  await mkdir(mountPoint);
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', mountPoint]);
  return mountPoint;
}

describe.runIf(process.platform === 'linux')('embedded PostgreSQL', () => {
  it('recreates shared-library links that npm did not create', async () => {
    const binaries = await platformBinaries();
    const packageRoot = path.resolve(path.dirname(binaries.postgres), '..', '..');
    const copy = path.join(scratch, 'package');
    await cp(packageRoot, copy, { recursive: true, verbatimSymlinks: true });
    const link = path.join(copy, 'native', 'lib', 'libicuuc.so.60');
    const target = await readlink(link);
    await unlink(link);

    const brokenRun = spawnSync(path.join(copy, 'native', 'bin', 'postgres'), ['--version']);
    expect(brokenRun.status).not.toBe(0);

    expect(await restoreLibrarySymlinks(copy)).toBe(1);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe(target);
    const fixedRun = spawnSync(path.join(copy, 'native', 'bin', 'postgres'), ['--version'], {
      encoding: 'utf8',
    });
    expect(fixedRun.stdout).toMatch(/PostgreSQL/);
    expect(await restoreLibrarySymlinks(copy)).toBe(0);
  });

  it.runIf(isRoot)(
    'runs PostgreSQL from a copy its user can read when the project sits in a private folder',
    async () => {
      const binaries = await platformBinaries();
      const packageRoot = path.resolve(path.dirname(binaries.postgres), '..', '..');
      const hidden = path.join(scratch, 'private');
      await mkdir(hidden, { mode: 0o700 });
      const installed = path.join(hidden, 'package');
      await cp(packageRoot, installed, { recursive: true, verbatimSymlinks: true });
      const inPrivate = (binary: string) =>
        path.join(installed, path.relative(packageRoot, binary));
      const copies = path.join(scratch, 'copies');
      await mkdir(copies, { mode: 0o1777 });
      const postgresUser = {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
      };
      const runAsPostgres = (binary: string) =>
        spawnSync(binary, ['--version'], {
          uid: postgresUser.uid,
          gid: postgresUser.gid,
          encoding: 'utf8',
        });
      const privateBinaries = {
        initdb: inPrivate(binaries.initdb),
        postgres: inPrivate(binaries.postgres),
        pg_ctl: inPrivate(binaries.pg_ctl),
      };
      expect(runAsPostgres(privateBinaries.postgres).status).not.toBe(0);

      // A folder someone else could write to is never trusted, even under the expected name.
      const first = await binariesReachableBy(privateBinaries, postgresUser, copies);
      const copyRoot = path.resolve(path.dirname(first.postgres), '..', '..');
      await chmod(copyRoot, 0o777);
      const again = await binariesReachableBy(privateBinaries, postgresUser, copies);
      expect(again.postgres).toBe(first.postgres);
      expect((await lstat(copyRoot)).mode & 0o022).toBe(0);

      for (const binary of [again.postgres, again.initdb, again.pg_ctl]) {
        expect(runAsPostgres(binary).stdout).toMatch(/PostgreSQL/);
      }
      // Binaries the user can already reach (such as the copy) are used where they are.
      expect(await binariesReachableBy(again, postgresUser, copies)).toEqual(again);
    },
    60_000,
  );

  it('lets exactly one of two servers started together on a new folder run', async () => {
    const dataDir = path.join(scratch, 'data');
    const servers = [0, 1].map(() => new EmbeddedPostgres({ dataDir, durability: 'throwaway' }));
    const results = await Promise.allSettled(servers.map((server) => server.start()));
    try {
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((result) => result.status === 'rejected');
      expect(refused?.reason).toBeInstanceOf(DataFolderError);
      expect((refused?.reason as Error).message).toContain(
        `The data folder ${dataDir} is in use by another Karkhana server`,
      );
      expect((await readdir(dataDir)).filter((entry) => entry.includes('initializing'))).toEqual(
        [],
      );
    } finally {
      const winner = results.findIndex((result) => result.status === 'fulfilled');
      if (winner >= 0) await servers[winner]!.stop();
    }
  }, 60_000);

  it('clears away the half-made cluster of a server that died during its first start', async () => {
    const dataDir = path.join(scratch, 'data');
    // A pid that is certainly gone: a finished child's.
    const gone = spawnSync('true').pid;
    const abandoned = path.join(dataDir, `postgres.initializing-${gone}-0badc0de`);
    await mkdir(path.join(abandoned, 'base'), { recursive: true });
    const embedded = new EmbeddedPostgres({ dataDir, durability: 'throwaway' });
    await embedded.start();
    try {
      expect(await readdir(dataDir)).not.toContain(path.basename(abandoned));
    } finally {
      await embedded.stop();
    }
  }, 60_000);

  it('notices PostgreSQL dying under a running server and starts it again', async () => {
    const embedded = new EmbeddedPostgres({
      dataDir: path.join(scratch, 'data'),
      durability: 'throwaway',
    });
    await embedded.start();
    const database = await openDatabase({ databaseUrl: embedded.url, maxConnections: 2 });
    const app = await buildApp({ db: database.db, staticDir: null, rateLimitPerMinute: 0 });
    const health = async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      return { status: response.statusCode, database: response.json<HealthBody>().data.database };
    };
    const waitFor = async (expected: { status: number; database: string }) => {
      const deadline = Date.now() + 20_000;
      let last = await health();
      while (
        Date.now() < deadline &&
        (last.status !== expected.status || last.database !== expected.database)
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        last = await health();
      }
      return last;
    };
    try {
      expect(await health()).toEqual({ status: 200, database: 'ok' });
      const crashed = (await readPostmasterPid(embedded.paths.cluster))!.pid;
      process.kill(crashed, 'SIGKILL');
      expect(await waitFor({ status: 503, database: 'down' })).toEqual({
        status: 503,
        database: 'down',
      });
      expect(await waitFor({ status: 200, database: 'ok' })).toEqual({
        status: 200,
        database: 'ok',
      });
      const restarted = (await readPostmasterPid(embedded.paths.cluster))!.pid;
      expect(restarted).not.toBe(crashed);
      // The server lock is taken again right after PostgreSQL accepts connections.
      for (let waited = 0; !embedded.running && waited < 5_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(embedded.running).toBe(true);
    } finally {
      await app.close();
      await database.close();
      await embedded.stop();
    }
  }, 60_000);

  it.runIf(isRoot)(
    'as root, explains that an unreachable parent folder keeps PostgreSQL out',
    async () => {
      const home = path.join(scratch, 'home');
      await mkdir(home, { mode: 0o700 });
      await chmod(home, 0o700);
      const dataDir = path.join(home, 'data');
      const error = await startError(dataDir);
      expect(error).toBeInstanceOf(DataFolderError);
      expect((error as Error).message).toBe(
        `The embedded database runs as the unprivileged user 'postgres', which cannot reach ${dataDir} because ${home} is not accessible to it. Set DATA_DIR to a folder outside ${home}, e.g. DATA_DIR=/var/lib/karkhana, or run Karkhana as a normal user.`,
      );
    },
  );

  it.runIf(!isRoot)('says so when the data folder is not writable', async () => {
    const locked = path.join(scratch, 'locked');
    await mkdir(locked, { mode: 0o500 });
    const error = await startError(locked);
    expect(error).toBeInstanceOf(DataFolderError);
    expect((error as Error).message).toContain(
      `Karkhana cannot read and write the data folder ${locked} (permission denied)`,
    );
  });

  it.runIf(nobodyReadsProject)(
    'as a normal user, says so when the data folder is not accessible (exit 1, no stack)',
    async () => {
      // Root may enter every folder, so the server runs as `nobody`, from a node binary it can
      // reach (the one running the tests may live under /root).
      const node = path.join(scratch, 'node');
      await cp(process.execPath, node);
      await chmod(node, 0o755);
      const locked = path.join(scratch, 'locked');
      await mkdir(locked, { mode: 0o700 });
      const dataDir = path.join(locked, 'data');
      const run = spawnSync(
        'runuser',
        ['-u', 'nobody', '--', node, '--import', 'tsx', 'server/main.ts'],
        {
          cwd: projectRoot,
          env: { ...process.env, HOME: scratch, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(
        `Karkhana cannot read and write the data folder ${dataDir} (permission denied). Give the user running Karkhana access to it, or set DATA_DIR to another folder.`,
      );
    },
    90_000,
  );

  it.runIf(canMount)('says so when the data folder is on a read-only file system', async () => {
    const mountPoint = await mountTmpfs('size=8m,mode=755');
    execFileSync('mount', ['-o', 'remount,ro', mountPoint]);
    const error = await startError(mountPoint);
    expect(error).toBeInstanceOf(DataFolderError);
    expect((error as Error).message).toBe(
      `The data folder ${mountPoint} is read-only (its file system is mounted read-only). Set DATA_DIR to a writable folder.`,
    );
  });

  it.runIf(canMount)(
    'says so when the disk is too full to create the database',
    async () => {
      const mountPoint = await mountTmpfs('size=12m,mode=755');
      const error = await startError(mountPoint);
      expect(error).toBeInstanceOf(DataFolderError);
      expect((error as Error).message).toBe(
        `The disk holding the data folder ${mountPoint} is full (no space left on device). Free some space, then start Karkhana again.`,
      );
    },
    60_000,
  );
});
