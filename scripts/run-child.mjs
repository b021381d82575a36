// How a launcher (with-node.mjs, start.mjs) runs its child so that stopping the launcher stops the
// whole tree: the stop signals are passed on, and the launcher's own end is noticed too. Plain
// JavaScript that runs on any Node the machine has.
import { spawn } from 'node:child_process';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
const PARENT_CHECK_MS = 200;

/**
 * Spawns the child and resolves with how it ended ({ code, signal }); rejects when it could not be
 * started. While it runs, SIGINT, SIGTERM and SIGHUP sent to this process go to the child.
 *
 * When this process's parent goes away, the child is sent SIGTERM. npm runs a script through
 * `sh -c`, and dash (Debian's sh) stays in between instead of replacing itself with the command:
 * npm passes a SIGTERM or SIGINT on to that shell only, the shell dies of it and never passes it
 * on, and this launcher would keep the server and its database running. The same holds when the
 * parent is killed outright (SIGKILL) or dies of a SIGHUP, which npm does not pass on at all.
 */
export function runChild(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, options);
    const stop = (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of STOP_SIGNALS) process.on(signal, stop);
    // Orphans are adopted by init or a subreaper, so a different parent id means ours has ended.
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid === parent) return;
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
