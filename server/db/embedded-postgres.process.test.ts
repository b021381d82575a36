import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresPaths } from './embedded/data-folder.ts';
import { processAlive, readPostmasterPid } from './embedded/ports-and-pids.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'correct horse battery';

interface RunningServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start` without the build step: with-node.mjs running the server, as a process tree. */
function launch(dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    ['scripts/with-node.mjs', 'node', '--import', 'tsx', 'server/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        STATIC_DIR: path.join(dataDir, 'no-client'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, like npm start in a terminal: Ctrl+C goes to the whole group.
      detached: true,
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function startServer(dataDir: string): Promise<RunningServer> {
  const launched = launch(dataDir);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = /Karkhana is running at (http:\/\/[\d.]+:\d+)/.exec(launched.output());
    if (match?.[1]) return { ...launched, url: match[1] };
    if (launched.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  launched.child.kill('SIGKILL');
  throw new Error(`server did not start:\n${launched.output()}`);
}

async function post(server: RunningServer, url: string, body: unknown, token?: string) {
  const response = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: unknown } };
}

/** Processes whose command line names the folder: PostgreSQL and its children. */
async function processesUsing(folder: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(folder) && processAlive(Number(entry))) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** The launcher and server processes started on `dataDir`. */
async function serverProcesses(dataDir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = await readFile(`/proc/${entry}/environ`, 'utf8');
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      // PostgreSQL inherits the environment too; only the launcher and the server count here.
      if (
        environ.split('\0').includes(`DATA_DIR=${dataDir}`) &&
        /with-node\.mjs|server\/main\.ts/.test(cmdline) &&
        processAlive(Number(entry), 'node')
      ) {
        pids.push(Number(entry));
      }
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

function postgresPids(postmaster: number): number[] {
  const children = spawnSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' });
  return [postmaster, ...children.stdout.split('\n').filter(Boolean).map(Number)];
}

const hasStrace = spawnSync('strace', ['-V']).status === 0;

describe.runIf(process.platform === 'linux')('the server on its embedded PostgreSQL', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'karkhana-durable-'));
  });

  afterAll(async () => {
    for (const pid of await serverProcesses(dataDir)) process.kill(pid, 'SIGKILL');
    const postmaster = await readPostmasterPid(postgresPaths(dataDir).cluster);
    if (postmaster && processAlive(postmaster.pid)) process.kill(postmaster.pid, 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('syncs to disk, refuses a second server, survives kill -9 and stops cleanly', async () => {
    const first = await startServer(dataDir);
    const registered = await post(first, '/api/auth/register', {
      organizationName: 'Durable Works',
      name: 'Owner',
      email: 'owner@durable.example',
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    const token = (registered.body.data as { token: { accessToken: string } }).token.accessToken;

    const postmaster = await readPostmasterPid(postgresPaths(dataDir).cluster);
    expect(postmaster).toBeDefined();

    // Every merchant the server confirmed must survive the crash below.
    const confirmed: string[] = [];
    const writeMerchants = async (count: number) => {
      for (let index = 0; index < count; index += 1) {
        const name = `Merchant ${confirmed.length + 1}`;
        const created = await post(first, '/api/merchants', { name }, token);
        expect(created.status).toBe(201);
        confirmed.push(name);
      }
    };

    if (hasStrace) {
      const trace = spawn(
        'strace',
        [
          '-f',
          '-e',
          'trace=fsync,fdatasync',
          ...postgresPids(postmaster!.pid).flatMap((pid) => ['-p', String(pid)]),
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let traced = '';
      trace.stderr.on('data', (chunk: Buffer) => (traced += chunk.toString()));
      await new Promise((resolve) => setTimeout(resolve, 500));
      await writeMerchants(10);
      trace.kill('SIGINT');
      await new Promise((resolve) => trace.on('exit', resolve));
      const syncCalls = traced.match(/\b(fsync|fdatasync)\(/g) ?? [];
      expect(syncCalls.length).toBeGreaterThan(0);
    } else {
      await writeMerchants(10);
    }

    const second = launch(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data folder ${dataDir} is in use by another Karkhana server (started at `,
    );
    expect(second.output()).not.toMatch(/\n\s+at /);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    await writeMerchants(3);

    // A crash: the server and its launcher die at once, PostgreSQL (detached) keeps running.
    for (const pid of await serverProcesses(dataDir)) process.kill(pid, 'SIGKILL');
    await first.exited;

    const third = await startServer(dataDir);
    const signedIn = await post(third, '/api/auth/login', {
      email: 'owner@durable.example',
      password: PASSWORD,
    });
    expect(signedIn.status).toBe(200);
    const newToken = (signedIn.body.data as { token: { accessToken: string } }).token.accessToken;
    const list = await fetch(`${third.url}/api/merchants/all`, {
      headers: { authorization: `Bearer ${newToken}` },
    });
    const names = ((await list.json()) as { data: { data: { name: string }[] } }).data.data.map(
      (merchant) => merchant.name,
    );
    expect(names.sort()).toEqual([...confirmed].sort());

    // Ctrl+C: every process of the group gets SIGINT, the server also from its launcher; then
    // Ctrl+C once more while it is stopping. Neither may cut the database's shutdown short.
    process.kill(-third.child.pid!, 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 30));
    process.kill(-third.child.pid!, 'SIGINT');
    expect(await third.exited).toBe(0);
    expect(await processesUsing(dataDir)).toEqual([]);
    expect(await serverProcesses(dataDir)).toEqual([]);
  }, 180_000);

  it('stops the database it started when start-up fails later or a stop comes during it', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const busyPort = (busy.address() as AddressInfo).port;
    const portTaken = await mkdtemp(path.join(os.tmpdir(), 'karkhana-port-taken-'));
    const stoppedEarly = await mkdtemp(path.join(os.tmpdir(), 'karkhana-stopped-early-'));
    try {
      const failing = launch(portTaken, { PORT: String(busyPort) });
      expect(await failing.exited, failing.output()).toBe(1);
      expect(failing.output()).toContain('EADDRINUSE');
      expect(await processesUsing(portTaken)).toEqual([]);

      const stopping = launch(stoppedEarly);
      // Stop while the cluster is being created, long before the server listens.
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const entries = await readdir(stoppedEarly);
        if (entries.some((entry) => entry.startsWith('postgres'))) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      process.kill(-stopping.child.pid!, 'SIGTERM');
      expect(await stopping.exited, stopping.output()).toBe(0);
      expect(stopping.output()).not.toContain('Karkhana is running');
      expect(await processesUsing(stoppedEarly)).toEqual([]);
    } finally {
      busy.close();
      for (const folder of [portTaken, stoppedEarly]) {
        for (const pid of await serverProcesses(folder)) process.kill(pid, 'SIGKILL');
        const postmaster = await readPostmasterPid(postgresPaths(folder).cluster);
        if (postmaster && processAlive(postmaster.pid)) process.kill(postmaster.pid, 'SIGINT');
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      await Promise.all(
        [portTaken, stoppedEarly].map((folder) => rm(folder, { recursive: true, force: true })),
      );
    }
  }, 120_000);
});
