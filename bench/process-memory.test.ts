import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeMemory, postmasterPid, processTree, serverMemory } from './process-memory.ts';

const started: ChildProcess[] = [];
const folders: string[] = [];

afterEach(() => {
  for (const child of started.splice(0)) if (child.pid) process.kill(-child.pid, 'SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A shell with two sleeping children, like a postmaster with its backends. */
async function processFamily(): Promise<number> {
  const shell = spawn('sh', ['-c', 'sleep 60 & sleep 60 & wait'], {
    detached: true,
    stdio: 'ignore',
  });
  started.push(shell);
  const pid = shell.pid!;
  const deadline = Date.now() + 5_000;
  while (processTree(pid).length < 3 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return pid;
}

function clusterFolder(postmaster: number | null): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'karkhana-memory-test-'));
  folders.push(folder);
  if (postmaster !== null)
    writeFileSync(path.join(folder, 'postmaster.pid'), `${postmaster}\n/data\n1700000000\n5432\n`);
  return folder;
}

describe.runIf(process.platform === 'linux')('server memory', () => {
  it('counts the postmaster and every process below it, apart from the Node process', async () => {
    const postmaster = await processFamily();
    const memory = serverMemory('after load', process.pid, clusterFolder(postmaster));

    expect(memory.moment).toBe('after load');
    expect(memory.node.processes).toBe(1);
    expect(memory.node.rssBytes).toBeGreaterThan(10 * 1024 ** 2);
    expect(memory.node.pssBytes).toBeGreaterThan(0);
    expect(memory.postgres?.processes).toBe(3);
    expect(memory.postgres?.rssBytes).toBeGreaterThan(0);
    expect(describeMemory(memory)).toMatch(/^after load: node RSS \d+ MB .*PostgreSQL 3 processes/);
  });

  it('reports no PostgreSQL when the folder has no postmaster.pid', () => {
    const folder = clusterFolder(null);

    expect(postmasterPid(folder)).toBeNull();
    expect(serverMemory('after data generation', process.pid, folder).postgres).toBeNull();
  });
});
