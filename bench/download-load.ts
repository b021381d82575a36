// A download (the year's bill register CSV) takes longer than a load window at 32 connections, so
// it is measured as a fixed number of whole downloads: how many finished, how long they took and
// how many bytes each was. Anything that did not finish with a 2xx counts as failed.
import type { ServerCpu } from './process-cpu.ts';

/** Downloads per connection; a single connection still gets enough for a median. */
const DOWNLOADS_PER_CONNECTION = 2;
const MIN_DOWNLOADS = 10;

/** How many downloads a run at `connections` asks for, spread evenly over the connections. */
export const downloadsAt = (connections: number) =>
  Math.max(MIN_DOWNLOADS, DOWNLOADS_PER_CONNECTION * connections);

/** The seconds one download may take before autocannon gives up on it (a failure). */
export const DOWNLOAD_TIMEOUT_SECONDS = 300;

export interface DownloadFigures {
  attempted: number;
  finished: number;
  /**
   * Attempted but not finished with a 2xx: an error status, a timeout, a refused or cut
   * connection. Autocannon reconnects after a cut response without counting it, so this is the
   * difference, not autocannon's error count.
   */
  failed: number;
  /** Bytes on the wire per finished download (headers and chunk framing included). */
  bytesEach: number | null;
  /** From the first request to the last answer. */
  seconds: number;
  /**
   * CPU milliseconds per finished download of the server's Node process and of its PostgreSQL
   * cluster, over the whole run; null when the processes could not be read.
   */
  cpuEach: { node: number; postgres: number } | null;
}

/** What autocannon reports for a run with `amount`, the part the figures need. */
export interface AmountRun {
  '2xx': number;
  throughput: { total: number };
}

export function downloadFigures(
  attempted: number,
  run: AmountRun,
  seconds: number,
  cpu: { before: ServerCpu | null; after: ServerCpu | null } = { before: null, after: null },
): DownloadFigures {
  const finished = Math.min(attempted, run['2xx']);
  const { before, after } = cpu;
  return {
    attempted,
    finished,
    failed: attempted - finished,
    bytesEach: finished > 0 ? run.throughput.total / finished : null,
    seconds,
    cpuEach:
      before && after && finished > 0
        ? {
            node: ((after.nodeSeconds - before.nodeSeconds) * 1000) / finished,
            postgres: ((after.postgresSeconds - before.postgresSeconds) * 1000) / finished,
          }
        : null,
  };
}
