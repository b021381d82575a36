// The benchmark's server, a child process running bench/server-process.ts, and a way to ask it
// things over IPC; stopping it also stops a PostgreSQL it left running.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { postgresPaths } from '../server/db/embedded/data-folder.ts';
import { processAlive } from '../server/db/embedded/ports-and-pids.ts';
import { serverCpu, type ServerCpu } from './process-cpu.ts';
import { postmasterPid, processTree, serverMemory, type ServerMemory } from './process-memory.ts';
import type { ChildMessage, ParentMessage, ServerProcessConfig } from './server-process.ts';

const SERVER_PROCESS = fileURLToPath(new URL('./server-process.ts', import.meta.url));

/** The server child and a way to ask it things over IPC. */
export class ServerChild {
  readonly process: ChildProcess;
  /** The folder holding the PostgreSQL cluster's postmaster.pid, for its memory and its stop. */
  readonly clusterDir: string | null;
  private waiting: {
    type: ChildMessage['type'];
    resolve: (m: ChildMessage) => void;
    reject: (e: Error) => void;
  }[] = [];
  private exitError: Error | null = null;
  private readonly embedded: boolean;

  constructor(config: ServerProcessConfig, clusterDir: string | null = null) {
    this.clusterDir =
      config.backend === 'embedded' && config.dataDir
        ? postgresPaths(config.dataDir).cluster
        : clusterDir;
    this.embedded = config.backend === 'embedded';
    this.process = spawn(
      process.execPath,
      ['--import', 'tsx', SERVER_PROCESS, JSON.stringify(config)],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    this.process.on('message', (message: ChildMessage) => {
      if (message.type === 'error') {
        const error = new Error(`benchmark server: ${message.message}`);
        for (const waiter of this.waiting.splice(0)) waiter.reject(error);
        return;
      }
      const index = this.waiting.findIndex((waiter) => waiter.type === message.type);
      if (index >= 0) this.waiting.splice(index, 1)[0]?.resolve(message);
    });
    this.process.on('exit', (code, signal) => {
      this.exitError = new Error(`benchmark server exited (${signal ?? code})`);
      for (const waiter of this.waiting.splice(0)) waiter.reject(this.exitError);
    });
  }

  next<T extends ChildMessage['type']>(type: T): Promise<Extract<ChildMessage, { type: T }>> {
    if (this.exitError) return Promise.reject(this.exitError);
    return new Promise((resolve, reject) => {
      this.waiting.push({ type, resolve: resolve as (m: ChildMessage) => void, reject });
    });
  }

  send(message: ParentMessage) {
    this.process.send(message);
  }

  memory(moment: string): ServerMemory | null {
    if (this.process.pid === undefined || !this.clusterDir) return null;
    return serverMemory(moment, this.process.pid, this.clusterDir);
  }

  /** CPU seconds used so far by the server's Node process and by its PostgreSQL cluster. */
  cpu(): ServerCpu | null {
    if (this.process.pid === undefined || !this.clusterDir) return null;
    return serverCpu(this.process.pid, this.clusterDir);
  }

  async stop(): Promise<void> {
    if (this.process.exitCode === null && this.process.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.process.once('exit', () => resolve()));
      this.process.kill('SIGTERM');
      const timer = setTimeout(() => this.process.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    // The server stops its PostgreSQL on SIGTERM; one that crashed or was killed leaves it
    // running detached, and the benchmark must not.
    if (this.embedded && this.clusterDir) await stopLeftoverPostmaster(this.clusterDir);
  }
}

async function stopLeftoverPostmaster(clusterDir: string) {
  const pid = postmasterPid(clusterDir);
  if (pid === null || !processAlive(pid)) return;
  console.error(`stopping PostgreSQL ${pid}, which its server left running`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (processAlive(pid) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  if (processAlive(pid)) for (const member of processTree(pid)) process.kill(member, 'SIGKILL');
}
