import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A problem with the data folder that the person starting the server can fix; main.ts prints the
 * message alone (no stack) and exits with 1.
 */
export class DataFolderError extends Error {}

export interface PostgresPaths {
  cluster: string;
  passwordFile: string;
  logFile: string;
}

export function postgresPaths(dataDir: string): PostgresPaths {
  return {
    cluster: path.join(dataDir, 'postgres'),
    passwordFile: path.join(dataDir, 'postgres-password'),
    logFile: path.join(dataDir, 'postgres.log'),
  };
}

export function describeFsError(dataDir: string, error: unknown): DataFolderError | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') {
    return new DataFolderError(
      `Karkhana cannot read and write the data folder ${dataDir} (permission denied). Give the user running Karkhana access to it, or set DATA_DIR to another folder.`,
    );
  }
  if (code === 'EROFS') {
    return new DataFolderError(
      `The data folder ${dataDir} is read-only (its file system is mounted read-only). Set DATA_DIR to a writable folder.`,
    );
  }
  if (code === 'ENOSPC') return diskFull(dataDir);
  return undefined;
}

export function diskFull(dataDir: string) {
  return new DataFolderError(
    `The disk holding the data folder ${dataDir} is full (no space left on device). Free some space, then start Karkhana again.`,
  );
}

export const NO_SPACE = /No space left on device|could not extend file/i;

export async function probeDataFolder(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true });
    await access(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
    const probe = path.join(
      dataDir,
      `.write-test-${process.pid}-${randomBytes(4).toString('hex')}`,
    );
    await writeFile(probe, 'karkhana');
    await rm(probe, { force: true });
  } catch (error) {
    throw describeFsError(dataDir, error) ?? error;
  }
}

export async function readOrCreatePassword(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const password = randomBytes(32).toString('base64url');
  // `wx`: a second server creating the folder at the same moment keeps the first password.
  try {
    await writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
    return password;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      // The other server may not have written it yet.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const written = (await readFile(file, 'utf8')).trim();
        if (written) return written;
        await sleep(20);
      }
    }
    throw error;
  }
}

/** Half-made clusters of servers that died during their first start. */
export async function removeAbandonedStaging(dataDir: string) {
  for (const entry of await readdir(dataDir)) {
    const match = /^(?:postgres\.initializing|\.initdb-password)-(\d+)-[0-9a-f]+$/.exec(entry);
    if (!match) continue;
    const pid = Number(match[1]);
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (!alive) await rm(path.join(dataDir, entry), { recursive: true, force: true });
  }
}

export async function exists(file: string) {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

export async function fileSize(file: string) {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

export async function readFrom(file: string, offset: number) {
  try {
    return (await readFile(file)).subarray(offset).toString('utf8');
  } catch {
    return '';
  }
}

/** A folder of an earlier release, whose PGlite database lies in DATA_DIR itself. */
export async function isPgliteFolder(dataDir: string): Promise<boolean> {
  return (
    (await exists(path.join(dataDir, 'PG_VERSION'))) &&
    (await exists(path.join(dataDir, 'base'))) &&
    !(await exists(path.join(dataDir, 'postgres')))
  );
}
