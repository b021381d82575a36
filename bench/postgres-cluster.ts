// A throwaway PostgreSQL cluster from the machine's binaries, started the way .ci/run starts one.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  databaseUrl: string;
  /** The cluster's folder, which holds postmaster.pid. */
  dataDir: string;
  stop(): void;
}

const isRoot = () => process.getuid?.() === 0;

/** initdb and postgres refuse to run as root; the cluster then belongs to the postgres user. */
function runAsOwner(command: string) {
  if (isRoot()) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { stdio: 'pipe' });
  else execFileSync('/bin/sh', ['-c', command], { stdio: 'pipe' });
}

export function postgresAvailable(): boolean {
  if (!existsSync(path.join(PG_BIN, 'initdb'))) return false;
  if (!isRoot()) return true;
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<PostgresCluster> {
  const root = mkdtempSync(path.join(tmpdir(), 'karkhana-bench-pg-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  mkdirSync(dataDir);
  mkdirSync(socketDir);
  if (isRoot()) execFileSync('chown', ['-R', 'postgres:', root]);
  const port = await freePort();
  let started = false;
  const stop = () => {
    if (started) {
      try {
        runAsOwner(`'${PG_BIN}/pg_ctl' -D '${dataDir}' -m fast -w stop`);
      } catch {
        // Already gone; the directory is removed below either way.
      }
      started = false;
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    runAsOwner(`'${PG_BIN}/initdb' -D '${dataDir}' -A trust -U postgres -E UTF8 --locale=C.UTF-8`);
    // Durability stays at the defaults: order create is measured with real commits.
    runAsOwner(
      `'${PG_BIN}/pg_ctl' -D '${dataDir}' -l '${root}/server.log' -w -t 60 ` +
        `-o "-h 127.0.0.1 -p ${port} -k '${socketDir}' -c shared_buffers=256MB -c max_connections=100" start`,
    );
    started = true;
    runAsOwner(`'${PG_BIN}/createdb' -h 127.0.0.1 -p ${port} -U postgres karkhana_bench`);
    return { databaseUrl: `postgres://postgres@127.0.0.1:${port}/karkhana_bench`, dataDir, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
