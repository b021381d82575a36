import { statfs } from 'node:fs/promises';
import { findPostgresError } from './db-errors.ts';

/** Below this much free space the data folder's disk counts as full: PostgreSQL is about to fail. */
export const LOW_SPACE_BYTES = 32 * 1024 * 1024;
/** A write refused for lack of space keeps the health report at "full" this long. */
const FULL_WRITE_MEMORY_MS = 60_000;

const NO_SPACE_MESSAGE = /No space left on device|could not extend file/i;

/**
 * True for PostgreSQL's "insufficient resources" errors about disk space: 53100 disk_full, and
 * write failures worded "could not extend file" / "No space left on device" (53000 or 58030).
 * 53200 out_of_memory and 53300 too_many_connections are not about the disk.
 */
export function isStorageFullError(error: unknown): boolean {
  const pgError = findPostgresError(error);
  if (pgError?.code === '53100') return true;
  if (!pgError || (pgError.code !== '53000' && pgError.code !== '58030')) return false;
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && NO_SPACE_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export type StorageStatus = 'ok' | 'full';

/** Whether the database's disk has room, for /api/health. */
export class StorageMonitor {
  private lastFullAt = Number.NEGATIVE_INFINITY;
  /** Free space when the last write failed; freeing more than LOW_SPACE_BYTES since ends "full". */
  private freeAtLastFull = 0;

  private readonly dataDir: string | null;
  private readonly now: () => number;
  private readonly freeBytes: (dir: string) => Promise<number>;

  constructor(
    /** The folder whose file system is checked; null when the database is elsewhere. */
    dataDir: string | null,
    now: () => number = Date.now,
    freeBytes: (dir: string) => Promise<number> = async (dir) => {
      const stats = await statfs(dir);
      return stats.bavail * stats.bsize;
    },
  ) {
    this.dataDir = dataDir;
    this.now = now;
    this.freeBytes = freeBytes;
  }

  async recordFull(): Promise<void> {
    this.lastFullAt = this.now();
    this.freeAtLastFull = Number.POSITIVE_INFINITY;
    this.freeAtLastFull = (await this.free()) ?? 0;
  }

  async status(): Promise<StorageStatus> {
    const free = await this.free();
    if (this.now() - this.lastFullAt < FULL_WRITE_MEMORY_MS) {
      // Without a folder to measure, a recent failure is all there is to go on.
      if (free === undefined || free < this.freeAtLastFull + LOW_SPACE_BYTES) return 'full';
    }
    return free !== undefined && free < LOW_SPACE_BYTES ? 'full' : 'ok';
  }

  private async free(): Promise<number | undefined> {
    if (!this.dataDir) return undefined;
    try {
      return await this.freeBytes(this.dataDir);
    } catch {
      return undefined;
    }
  }
}
