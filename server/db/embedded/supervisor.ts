import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { binariesReachableBy, platformBinaries, type Binaries } from './binaries.ts';
import {
  DataFolderError,
  describeFsError,
  diskFull,
  exists,
  fileSize,
  NO_SPACE,
  postgresPaths,
  probeDataFolder,
  readFrom,
  readOrCreatePassword,
  type PostgresPaths,
} from './data-folder.ts';
import { initCluster, SUPERUSER } from './init-cluster.ts';
import { ensureReachableBy, ensureUnprivilegedUser, type PostgresUser } from './os-user.ts';
import { freePort, processAlive, readPostmasterPid } from './ports-and-pids.ts';

const run = promisify(execFile);

/** Any fixed number works; only servers of this application take it. */
const SERVER_LOCK_ID = 5_310_274_466;
const LOCK_APPLICATION_NAME = 'karkhana-server-lock';
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 30_000;
const LOCK_WAIT_MS = 3_000;
const START_ATTEMPTS = 10;
export const APP_DATABASE = 'karkhana';

type Durability = 'full' | 'throwaway';

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

function connectionString(port: number, password: string, database: string) {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

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
    if (!(await exists(path.join(this.paths.cluster, 'PG_VERSION')))) {
      await initCluster({
        dataDir,
        paths: this.paths,
        password: this.password,
        binaries: this.binaries,
        user: this.user,
        log: (level, message) => this.log(level, message),
      });
    }
    await this.startOrAdopt();
    await this.ensureAppDatabase();
    this.supervising = true;
  }

  private spawnOptions() {
    return this.user ? { uid: this.user.uid, gid: this.user.gid } : {};
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
