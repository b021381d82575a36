/**
 * Points of the app's start, as `karkhana:<name>` entries on the page's performance timeline. The
 * client benchmark (bench/client-bench.ts) reads them to show where a start spends its time; they
 * cost a timestamp each and nothing reads them in the app.
 */
export type StartupMark =
  'app-start' | 'translations-ready' | 'cache-read' | 'cache-restored' | 'page-code-ready';

export function markStartup(name: StartupMark) {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') {
    performance.mark(`karkhana:${name}`);
  }
}
