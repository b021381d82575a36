import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { yieldToMain } from '@/lib/offline/yield-to-main';

// A browser counts a task over 50 ms as long; slices this size leave room for a slower tablet.
const SLICE_MS = 8;

/**
 * `JSON.stringify(persisted)`, made a few queries at a time with the main thread given back in
 * between. The working set makes the cache several megabytes, and one stringify of it took over
 * 50 ms on its own (a long task, each time the persister saves). Same text, so the saved copy
 * restores with a plain `JSON.parse`.
 */
export async function serializeInChunks(persisted: PersistedClient): Promise<string> {
  const { queries, ...state } = persisted.clientState;
  const parts: string[] = [];
  let sliceStarted = performance.now();
  for (const query of queries) {
    parts.push(JSON.stringify(query));
    if (performance.now() - sliceStarted >= SLICE_MS) {
      await yieldToMain();
      sliceStarted = performance.now();
    }
  }
  // Everything but the queries is small; it is written whole, and the queries put at its end.
  const head = JSON.stringify({ ...persisted, clientState: state });
  const open = head.slice(0, -2);
  const separator = open.endsWith('{') ? '' : ',';
  return `${open}${separator}"queries":[${parts.join(',')}]}}`;
}
