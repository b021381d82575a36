import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Binaries } from './binaries.ts';
import {
  describeFsError,
  diskFull,
  NO_SPACE,
  removeAbandonedStaging,
  type PostgresPaths,
} from './data-folder.ts';
import type { PostgresUser } from './os-user.ts';

/** The role initdb creates; the app connects as it. */
export const SUPERUSER = 'postgres';

export interface NewCluster {
  dataDir: string;
  paths: PostgresPaths;
  password: string;
  binaries: Binaries;
  /** Set when the app runs as root: the cluster is made by and for this account. */
  user: PostgresUser | undefined;
  log: (level: 'info', message: string) => void;
}

/**
 * Creates the cluster in a staging folder and renames it into place, so a start that dies half way
 * leaves nothing that looks like a cluster. When another server finishes first, its cluster wins.
 */
export async function initCluster(cluster: NewCluster): Promise<void> {
  const { dataDir, paths, password, binaries, user, log } = cluster;
  // Per process: two servers started together on a new folder must not share a half-made one.
  const unique = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = `${paths.cluster}.initializing-${unique}`;
  const pwfile = path.join(dataDir, `.initdb-password-${unique}`);
  try {
    await removeAbandonedStaging(dataDir);
    await mkdir(staging, { mode: 0o700 });
    await writeFile(pwfile, password, { mode: 0o600 });
    if (user) {
      await chown(staging, user.uid, user.gid);
      await chown(pwfile, user.uid, user.gid);
    }
  } catch (error) {
    throw describeFsError(dataDir, error) ?? error;
  }
  const attempt = (locale: string) =>
    new Promise<{ code: number | null; signal: string | null; output: string }>(
      (resolve, reject) => {
        const initdb = spawn(
          binaries.initdb,
          [
            `--pgdata=${staging}`,
            '--auth=scram-sha-256',
            `--username=${SUPERUSER}`,
            `--pwfile=${pwfile}`,
            '--encoding=UTF8',
            `--locale=${locale}`,
            '--lc-messages=C',
          ],
          // Own process group, like PostgreSQL: a Ctrl+C during the first start lets initdb finish
          // (main.ts stops once the database is up) instead of leaving half a cluster.
          {
            stdio: ['ignore', 'pipe', 'pipe'],
            detached: true,
            ...(user ? { uid: user.uid, gid: user.gid } : {}),
          },
        );
        let output = '';
        initdb.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        initdb.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        initdb.on('error', reject);
        initdb.on('close', (code, signal) => resolve({ code, signal, output }));
      },
    );
  const fresh = async () => {
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { mode: 0o700 });
    if (user) await chown(staging, user.uid, user.gid);
  };
  try {
    let locale = 'C.UTF-8';
    let result = await attempt(locale);
    if (result.signal) {
      // A stop signal sent to our process group can reach initdb in the moment between its
      // fork and its move to a group of its own; the stop itself waits for this start.
      await fresh();
      result = await attempt(locale);
    }
    if (result.code !== 0 && /locale/i.test(result.output) && !NO_SPACE.test(result.output)) {
      await fresh();
      locale = 'C';
      result = await attempt(locale);
    }
    if (result.code !== 0) {
      await rm(staging, { recursive: true, force: true });
      if (NO_SPACE.test(result.output)) throw diskFull(dataDir);
      throw new Error(`initdb failed:\n${result.output}`);
    }
    try {
      await rename(staging, paths.cluster);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      // The other server finished first; its cluster (and password) are the ones to use.
      await rm(staging, { recursive: true, force: true });
      return;
    }
    log('info', `created the database cluster in ${paths.cluster}`);
  } finally {
    await rm(pwfile, { force: true });
  }
}
