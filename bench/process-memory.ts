// Memory of a benchmark server: its Node process and, apart, the PostgreSQL processes of the data
// folder it uses (the postmaster named in postmaster.pid and every process below it). RSS counts
// PostgreSQL's shared memory once per process that touched it; PSS splits shared pages among
// them, so it is the closer figure for what the machine spends.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface MemoryFigures {
  processes: number;
  rssBytes: number;
  pssBytes: number;
}

export interface ServerMemory {
  /** When the snapshot was taken, e.g. `after data generation`, `after load`. */
  moment: string;
  node: MemoryFigures;
  /** Null when the folder has no running postmaster (it could not be read). */
  postgres: MemoryFigures | null;
}

/** Rss and Pss of one process in bytes, from /proc; null when it is gone or not readable. */
export function processMemory(pid: number): { rssBytes: number; pssBytes: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  } catch {
    return null;
  }
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text);
    return match?.[1] ? Number(match[1]) * 1024 : 0;
  };
  return { rssBytes: field('Rss'), pssBytes: field('Pss') };
}

/** Parent pid of every process in /proc. */
function parentsByPid(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses; the fields after the last `)` do not.
      const [, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(parent));
    } catch {
      // Exited while the list was read.
    }
  }
  return parents;
}

/** `root` and every process below it. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, parent] of parentsByPid()) {
    const list = children.get(parent) ?? [];
    list.push(pid);
    children.set(parent, list);
  }
  const tree: number[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

export function postmasterPid(clusterDir: string): number | null {
  try {
    const pid = Number(
      readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function sum(pids: number[]): MemoryFigures | null {
  const figures = pids.map(processMemory).filter((figure) => figure !== null);
  if (figures.length === 0) return null;
  return {
    processes: figures.length,
    rssBytes: figures.reduce((total, figure) => total + figure.rssBytes, 0),
    pssBytes: figures.reduce((total, figure) => total + figure.pssBytes, 0),
  };
}

export function serverMemory(moment: string, nodePid: number, clusterDir: string): ServerMemory {
  const node = sum([nodePid]);
  if (!node) throw new Error(`cannot read the memory of the server process ${nodePid}`);
  const postmaster = postmasterPid(clusterDir);
  return { moment, node, postgres: postmaster === null ? null : sum(processTree(postmaster)) };
}

const megabytes = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;

/** `node RSS 190 MB PSS 180 MB; PostgreSQL 12 processes RSS 120 MB PSS 60 MB` */
export function describeMemory(memory: ServerMemory): string {
  const { node, postgres } = memory;
  return (
    `${memory.moment}: node RSS ${megabytes(node.rssBytes)} PSS ${megabytes(node.pssBytes)}; ` +
    (postgres
      ? `PostgreSQL ${postgres.processes} processes RSS ${megabytes(postgres.rssBytes)} PSS ${megabytes(postgres.pssBytes)}`
      : 'PostgreSQL not found')
  );
}
