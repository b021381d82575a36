// Real servers as child processes (`node --import tsx server/main.ts`) on a DATA_DIR of their own,
// and the bookkeeping that guarantees nothing outlives a scenario: the Node server, and the
// PostgreSQL processes the embedded database runs in DATA_DIR/postgres.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ownServerEnv } from '../server/test/server-env.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const interruptCleanups = new Map<string, () => void>();

/** Work to do if the run is interrupted (Ctrl+C) before the scenario's own cleanup runs. */
export function onInterrupt(key: string, cleanup: () => void) {
  interruptCleanups.set(key, cleanup);
}

export function forgetInterrupt(key: string) {
  interruptCleanups.delete(key);
}

export function freshDataDir(label: string): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `karkhana-reliability-${label}-`));
  // Run as root, the embedded PostgreSQL runs as an unprivileged user that must reach the folder.
  chmodSync(dataDir, 0o755);
  onInterrupt(dataDir, () => {
    killPostgres(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return dataDir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerHandle {
  baseUrl: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited: () => boolean;
}

export function spawnServer(dataDir: string, port: number): ServerHandle {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...ownServerEnv(port, dataDir),
      STATIC_DIR: '/nonexistent',
      RATE_LIMIT_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    // A long run must not hold every log line in memory.
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exitedPromise = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve) => {
      child.once('exit', (code, signal) => {
        exited = true;
        resolve({ code, signal });
      });
    },
  );
  liveChildren.add(child);
  void exitedPromise.then(() => liveChildren.delete(child));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    child,
    output: () => output,
    exited: exitedPromise,
    hasExited: () => exited,
  };
}

/** Waits until /api/health answers 200; throws with the server's output when it does not. */
export async function waitHealthy(server: ServerHandle, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.hasExited())
      throw new Error(`server exited before it was healthy:\n${server.output().slice(-2000)}`);
    try {
      const response = await fetch(`${server.baseUrl}/api/health`, {
        signal: AbortSignal.timeout(2000),
      });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output().slice(-2000)}`);
}

export async function startServer(dataDir: string): Promise<ServerHandle> {
  const server = spawnServer(dataDir, await freePort());
  await waitHealthy(server);
  return server;
}

/** SIGTERM, then SIGKILL if the server has not exited within the grace period. */
export async function stopServer(server: ServerHandle, graceMs = 20_000) {
  if (server.hasExited()) return server.exited;
  server.child.kill('SIGTERM');
  const result = await Promise.race([server.exited, sleep(graceMs).then(() => null)]);
  if (result) return result;
  server.child.kill('SIGKILL');
  return server.exited;
}

export async function killServer(server: ServerHandle) {
  if (!server.hasExited()) server.child.kill('SIGKILL');
  return server.exited;
}

const liveChildren = new Set<ChildProcess>();

/** Last resort on an interrupted run: servers, their PostgreSQL processes, mounts. */
export function cleanUpAfterInterrupt() {
  for (const child of liveChildren) child.kill('SIGKILL');
  for (const cleanup of interruptCleanups.values()) {
    try {
      cleanup();
    } catch (error) {
      console.error('cleanup failed:', error);
    }
  }
  interruptCleanups.clear();
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** The live postmaster of DATA_DIR/postgres, if its pid file names a running postgres process. */
function postmasterPid(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  // A stale pid file may name a pid the system has since given to another program.
  return /postgres|postmaster/.test(commandLine(pid)) ? pid : null;
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name in parentheses may contain spaces; the parent pid follows it.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) children.push(Number(entry));
    } catch {
      // The process ended while the table was read.
    }
  }
  return children;
}

/** The postmaster of this DATA_DIR and its backends; empty when none runs. */
function postgresProcesses(dataDir: string): number[] {
  const pid = postmasterPid(dataDir);
  return pid === null ? [] : [pid, ...childrenOf(pid)];
}

export function killPostgres(dataDir: string): number[] {
  const pids = postgresProcesses(dataDir);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  return pids;
}

/**
 * Waits a moment for PostgreSQL to finish its own shutdown after the server stopped, then kills
 * what is left. Returns the pids that were still running (a leftover is a failed expectation).
 */
export async function reapPostgres(dataDir: string, waitMs = 10_000): Promise<number[]> {
  const deadline = Date.now() + waitMs;
  while (postmasterPid(dataDir) !== null && Date.now() < deadline) await sleep(200);
  const left = postgresProcesses(dataDir);
  if (left.length > 0) {
    // SIGQUIT is PostgreSQL's immediate shutdown; whatever ignores it is killed.
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {
        // Already gone.
      }
    }
    await sleep(2000);
    killPostgres(dataDir);
  }
  return left;
}

/**
 * The end of every scenario: stop its servers, report PostgreSQL processes a clean stop should
 * have ended (and kill them), and remove the data folder unless `keepDataDir`.
 */
export async function tearDown(
  servers: (ServerHandle | null | undefined)[],
  dataDir: string,
  failures: { add(kind: string, detail: string): void },
  options: { keepDataDir?: boolean } = {},
) {
  for (const server of servers) if (server) await stopServer(server);
  const left = await reapPostgres(dataDir);
  if (left.length > 0)
    failures.add('postgres left running', `pids ${left.join(', ')} after SIGTERM`);
  if (!options.keepDataDir) removeDataDir(dataDir);
}

function removeDataDir(dataDir: string) {
  rmSync(dataDir, { recursive: true, force: true });
  forgetInterrupt(dataDir);
}
