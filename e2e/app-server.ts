import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * How the end-to-end run starts a Karkhana server: the production build through the real start
 * script, on its own embedded database in a data folder. playwright.config.ts starts the shared
 * one this way; a test that needs a second, empty server (a restore on a new machine) starts one
 * with `startAppServer`.
 */

const root = path.resolve(import.meta.dirname, '..');

/** The start script: rebuilds dist/ only when it is older than the sources, then serves it. */
export const APP_SERVER_COMMAND = 'node scripts/start.mjs';

/** `preferred` when it is free on the loopback address, else any free port. */
export async function freePort(preferred = 0): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : port));
      });
    });
  try {
    return await tryListen(preferred);
  } catch {
    return tryListen(0);
  }
}

export interface AppServerOptions {
  port: number;
  dataDir: string;
  /** The run's mailbox (e2e/mail-server.ts), where sign-up and recovery codes land. */
  smtpPort: number;
  /** The demo organization and its three users, or an empty server. */
  seedDemo: boolean;
}

/** The environment of a server: production mode, its own embedded database, the run's mailbox. */
export function appServerEnv(options: AppServerOptions): Record<string, string> {
  return {
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DATABASE_URL: '',
    SEED_DEMO: String(options.seedDemo),
    LOG_LEVEL: 'warn',
    STATIC_DIR: './dist',
    NODE_ENV: 'production',
    SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
    MAIL_FROM: 'Karkhana <no-reply@karkhana.test>',
    // Every browser of the run comes from 127.0.0.1, so two workers share one address's ceiling
    // and a busy minute ran into 429s. The ceiling itself is tested in server/app.test.ts.
    RATE_LIMIT_PER_MINUTE: '100000',
  };
}

export interface RunningAppServer {
  baseURL: string;
  /** Stops the server (and with it its embedded PostgreSQL) and removes its data folder. */
  stop(): Promise<void>;
}

async function waitForHealth(url: string, exited: () => string | null, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const exit = exited();
    if (exit) throw new Error(`The server stopped before it was ready (${exit})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Another server beside the shared one, on a free loopback port with an empty data folder of its
 * own. Stopped with SIGTERM as Playwright stops the shared one, so PostgreSQL shuts down cleanly.
 */
export async function startAppServer(
  options: Omit<AppServerOptions, 'port' | 'dataDir'>,
): Promise<RunningAppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'karkhana-e2e-second-'));
  const [command, ...args] = APP_SERVER_COMMAND.split(' ') as [string, ...string[]];
  const child = spawn(command === 'node' ? process.execPath : command, args, {
    cwd: root,
    env: { ...process.env, ...appServerEnv({ ...options, port, dataDir }) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null
      ? `exit ${child.exitCode ?? child.signalCode}: ${stderr}`
      : null;
  const stop = async () => {
    if (!exited()) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseURL}/api/health`, exited, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}
