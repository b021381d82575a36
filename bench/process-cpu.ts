// CPU time the server spends, its Node process and its PostgreSQL cluster, from /proc: on a
// machine shared with other work, a download's wall time says how busy the machine was, its CPU
// time what the download costs.
import { readFileSync } from 'node:fs';
import { postmasterPid, processTree } from './process-memory.ts';

/** Linux reports CPU time in clock ticks of USER_HZ, which is 100 on every architecture. */
const TICKS_PER_SECOND = 100;

export interface ServerCpu {
  nodeSeconds: number;
  postgresSeconds: number;
}

/**
 * A process's CPU seconds from its /proc/<pid>/stat line: user and system time, and with
 * `reapedChildren` also that of its children that have exited (a postmaster's backends that
 * closed). The command name may hold spaces and parentheses; the fields after the last `)` do not.
 */
export function statCpuSeconds(stat: string, reapedChildren = false): number {
  // After the name the fields start at the third (state): utime is the 14th, stime the 15th,
  // cutime and cstime the 16th and 17th.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const own = (fields[11] ?? 0) + (fields[12] ?? 0);
  const children = reapedChildren ? (fields[13] ?? 0) + (fields[14] ?? 0) : 0;
  return (own + children) / TICKS_PER_SECOND;
}

function cpuSeconds(pid: number, reapedChildren = false): number {
  try {
    return statCpuSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'), reapedChildren);
  } catch {
    // Exited while it was read: its time is in its parent's reaped children from now on.
    return 0;
  }
}

export function serverCpu(nodePid: number, clusterDir: string): ServerCpu {
  const postmaster = postmasterPid(clusterDir);
  return {
    nodeSeconds: cpuSeconds(nodePid),
    postgresSeconds:
      postmaster === null
        ? 0
        : processTree(postmaster).reduce(
            (total, pid) => total + cpuSeconds(pid, pid === postmaster),
            0,
          ),
  };
}
