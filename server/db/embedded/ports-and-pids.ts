import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

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
