// How a launcher (with-node.mjs, start.mjs) runs its child so that stopping the launcher stops the
// whole tree: the stop signals are passed on, and the launcher's own end is noticed too. Plain
// JavaScript that runs on any Node the machine has.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
const PARENT_CHECK_MS = 200;

/** The parent of `pid` as /proc tells it (Linux), or undefined. */
function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces; the fields after it do not.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** Whether `pid` is the `sh -c <script>` that npm runs this process's script through. */
function isNpmScriptShell(pid) {
  const script = process.env.npm_lifecycle_script;
  if (!script) return false;
  try {
    const [, flag, command] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return flag === '-c' && command.startsWith(script);
  } catch {
    return false;
  }
}

/**
 * A check of whether the process that started this one has ended: the parent, and when the
 * parent is npm's shell, npm too. npm dies of a SIGHUP, which it does not pass on, or of a
 * SIGKILL, while its shell stays and waits for us.
 */
function startedByEnded() {
  const parent = process.ppid;
  const npm = isNpmScriptShell(parent) ? parentOf(parent) : undefined;
  // Orphans are adopted by init or a subreaper, so a different parent id means ours has ended.
  return () => process.ppid !== parent || (npm !== undefined && parentOf(parent) !== npm);
}

/**
 * Spawns the child and resolves with how it ended ({ code, signal }); rejects when it could not be
 * started. While it runs, SIGINT, SIGTERM and SIGHUP sent to this process go to the child.
 *
 * When the process that started this one ends, the child is sent SIGTERM. npm runs a script
 * through `sh -c`, and dash (Debian's sh) stays in between instead of replacing itself with the
 * command: npm passes a SIGTERM on to that shell only, which dies of it without passing it on, and
 * this launcher would keep the server and its database running. Killed launchers (SIGKILL) are
 * noticed the same way by the launcher below them.
 */
export function runChild(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, options);
    const stop = (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of STOP_SIGNALS) process.on(signal, stop);
    const ended = startedByEnded();
    const watch = setInterval(() => {
      if (!ended()) return;
      clearInterval(watch);
      stop('SIGTERM');
    }, PARENT_CHECK_MS);
    // The child keeps this process alive; the check alone must not.
    watch.unref();
    const finish = () => {
      clearInterval(watch);
      for (const signal of STOP_SIGNALS) process.off(signal, stop);
    };
    child.on('error', (error) => {
      finish();
      reject(error);
    });
    child.on('exit', (code, signal) => {
      finish();
      resolve({ code, signal });
    });
  });
}

/** Ends this process the way the child ended, with the shell's 128 + n for a signal. */
export function exitAsChildDid({ code, signal }) {
  if (signal) process.exit(128 + (SIGNAL_NUMBERS[signal] ?? 0));
  process.exit(code ?? 1);
}
