import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, rmdir, symlink, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresPaths } from '../server/db/embedded/data-folder.ts';
import { processAlive, readPostmasterPid } from '../server/db/embedded/ports-and-pids.ts';
import { ownServerEnv } from '../server/test/server-env.ts';

// `npm start` as a service manager or `docker stop` sees it: a SIGTERM to the npm process alone
// must stop the whole tree (npm, its shell, with-node.mjs, start.mjs, the server, PostgreSQL),
// with the system's Node first on PATH as well as with a recent one.

const root = fileURLToPath(new URL('..', import.meta.url));
const STOP_WITHIN_MS = 15_000;

interface TreeProcess {
  pid: number;
  /** Field 22 of /proc/<pid>/stat: tells a process from a later one that got its pid. */
  startTime: string;
  command: string;
}

function readStat(pid: number): { ppid: number; state: string; startTime: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces; the fields after it do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, ppid: Number(fields[1]), startTime: fields[19]! };
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '?';
  }
}

/** `rootPid` and everything below it, PostgreSQL included (it runs in a session of its own). */
function processTree(rootPid: number): TreeProcess[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), Number(entry)]);
  }
  const pids = [rootPid];
  for (let index = 0; index < pids.length; index += 1) {
    pids.push(...(children.get(pids[index]!) ?? []));
  }
  return pids.flatMap((pid) => {
    const stat = readStat(pid);
    return stat ? [{ pid, startTime: stat.startTime, command: commandOf(pid) }] : [];
  });
}

function isAlive(process: TreeProcess): boolean {
  const stat = readStat(process.pid);
  return stat !== undefined && stat.startTime === process.startTime && stat.state !== 'Z';
}

function nodeMajor(binary: string): number | undefined {
  const result = spawnSync(binary, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.split('.')[0]) : undefined;
}

/** A Node older than the project needs, as a machine's system Node may be. */
function findOldNode(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/local/bin'];
  return [...new Set(dirs)]
    .map((dir) => path.join(dir, 'node'))
    .find((binary) => existsSync(binary) && (nodeMajor(binary) ?? 99) < 22);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The environment of a user's shell: none of this run's npm, Vitest or NODE_ENV settings. */
function userEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && !/^(npm_|VITEST|NODE_ENV$|NODE_OPTIONS$)/i.test(entry[0]),
    ),
  );
}

const oldNode = process.platform === 'linux' ? findOldNode() : undefined;
const started: TreeProcess[] = [];
const folders: string[] = [];
let staticDir: string;
/** One data folder for every start: each test leaves it stopped, and the next starts on it again. */
let dataDir: string;
let removeFetchedNode: (() => Promise<void>) | undefined;

/**
 * with-node.mjs runs the project on the Node 24 it fetched into .cache/node24. When this checkout
 * has not fetched it yet, the Node running this test stands in for the download while it lasts.
 */
async function provideFetchedNode(): Promise<(() => Promise<void>) | undefined> {
  const binDir = path.join(root, '.cache', 'node24', 'node_modules', '.bin');
  const link = path.join(binDir, 'node');
  if (existsSync(link)) return undefined;
  const createdDirs: string[] = [];
  for (let dir = binDir; !existsSync(dir); dir = path.dirname(dir)) createdDirs.push(dir);
  await mkdir(binDir, { recursive: true });
  await symlink(process.execPath, link);
  return async () => {
    await rm(link, { force: true });
    // Deepest first, and only while empty: anything else put there meanwhile stays.
    for (const dir of createdDirs) await rmdir(dir).catch(() => undefined);
  };
}

function npmStart(binDir: string, dataDir: string, port: number) {
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...userEnvironment(),
      PATH: [binDir, process.env.PATH].join(path.delimiter),
      ...ownServerEnv(port, dataDir),
      // Served as it is: start.mjs builds dist/ only when the server is going to serve dist/.
      STATIC_DIR: staticDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that the SIGTERM below reaches npm alone, as from `kill <pid>`.
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function waitForHealth(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`npm start did not answer /api/health:\n${output()}`);
}

/**
 * Starts `npm start`, sends `signal` to npm (or to the process of the tree whose command matches
 * `target`), and returns what was still running STOP_WITHIN_MS later.
 */
async function startAndStop(binDir: string, signal: NodeJS.Signals, target?: RegExp) {
  const port = await freePort();
  const { child, output } = npmStart(binDir, dataDir, port);
  started.push({
    pid: child.pid!,
    startTime: readStat(child.pid!)?.startTime ?? '',
    command: 'npm',
  });
  await waitForHealth(port, child, output);
  const tree = processTree(child.pid!);
  started.push(...tree);
  const commands = tree.map((process) => process.command).join('\n');
  expect(commands).toMatch(/scripts\/with-node\.mjs/);
  expect(commands).toMatch(/server\/main\.ts/);
  expect(commands).toMatch(/postgres -D/);

  const signalled = target ? tree.find((process) => target.test(process.command)) : tree[0];
  process.kill(signalled!.pid, signal);
  const deadline = Date.now() + STOP_WITHIN_MS;
  let running = tree;
  while (running.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    running = running.filter(isAlive);
  }
  return { running: running.map((process) => `${process.pid} ${process.command}`), output };
}

describe.runIf(process.platform === 'linux')('stopping npm start', () => {
  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'karkhana-signals-client-'));
    folders.push(staticDir);
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>Karkhana</title>');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'karkhana-signals-'));
    folders.push(dataDir);
    if (oldNode) removeFetchedNode = await provideFetchedNode();
  });

  afterAll(async () => {
    // Launchers and servers first: a server that is still running restarts a PostgreSQL it sees
    // stop. Then PostgreSQL, with its fast shutdown, so that it removes its shared memory.
    for (const survivor of started.filter(isAlive)) {
      if (!/postgres/.test(survivor.command)) process.kill(survivor.pid, 'SIGKILL');
    }
    const postmaster = dataDir
      ? await readPostmasterPid(postgresPaths(dataDir).cluster)
      : undefined;
    if (postmaster && processAlive(postmaster.pid)) {
      process.kill(postmaster.pid, 'SIGINT');
      const deadline = Date.now() + 10_000;
      while (processAlive(postmaster.pid) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    for (const survivor of started.filter(isAlive)) process.kill(survivor.pid, 'SIGKILL');
    await removeFetchedNode?.();
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  const cases = [
    {
      name: `a recent Node (${process.version}) first on PATH`,
      binDir: path.dirname(process.execPath),
    },
    ...(oldNode
      ? [{ name: `the old system Node ${oldNode} first on PATH`, binDir: path.dirname(oldNode) }]
      : []),
  ];

  it.each(cases)(
    'with $name: every process stops and the data folder starts again',
    async ({ binDir }) => {
      for (const round of ['start', 'start again on the same data folder']) {
        const { running, output } = await startAndStop(binDir, 'SIGTERM');
        expect(
          running,
          `${round}: still running ${STOP_WITHIN_MS} ms after SIGTERM\n${output()}`,
        ).toEqual([]);
      }
    },
    120_000,
  );

  it('stops as well when npm dies of a SIGHUP or start.mjs is killed outright', async () => {
    const recentNode = path.dirname(process.execPath);
    // npm does not pass SIGHUP on; its shell stays and with-node.mjs notices npm's end.
    const hangUp = await startAndStop(recentNode, 'SIGHUP');
    expect(hangUp.running, `after SIGHUP to npm\n${hangUp.output()}`).toEqual([]);
    // No handler sees a SIGKILL; the server notices that its channel to start.mjs closed.
    const killed = await startAndStop(recentNode, 'SIGKILL', /^\S*node scripts\/start\.mjs/);
    expect(killed.running, `after SIGKILL to start.mjs\n${killed.output()}`).toEqual([]);
  }, 120_000);

  if (!oldNode) {
    it.skip('with a Node older than 22 first on PATH: there is none on this machine', () => {});
  }
});
