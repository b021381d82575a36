import { execFile } from 'node:child_process';
import { chmod, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { DataFolderError } from './data-folder.ts';

const run = promisify(execFile);

/** The account PostgreSQL runs under when the app runs as root; it refuses to run as root. */
const UNPRIVILEGED_USER = 'postgres';

export interface PostgresUser {
  uid: number;
  gid: number;
}

/** Makes the account PostgreSQL runs under when the app runs as root, unless it exists. */
export async function ensureUnprivilegedUser(): Promise<PostgresUser> {
  const lookup = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run('id', ['-u', UNPRIVILEGED_USER]),
      run('id', ['-g', UNPRIVILEGED_USER]),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await lookup();
  } catch {
    try {
      await run('groupadd', ['--system', UNPRIVILEGED_USER]).catch(() => undefined);
      await run('useradd', [
        '--system',
        '--no-create-home',
        '--gid',
        UNPRIVILEGED_USER,
        '--shell',
        '/usr/sbin/nologin',
        UNPRIVILEGED_USER,
      ]);
    } catch (error) {
      throw new DataFolderError(
        `The embedded database cannot run as root and the user '${UNPRIVILEGED_USER}' could not be created (${(error as Error).message.trim()}). Create it, or run Karkhana as a normal user.`,
      );
    }
    return lookup();
  }
}

function canTraverse(
  stats: { mode: number; uid: number; gid: number },
  user: PostgresUser,
): boolean {
  if (stats.uid === user.uid) return (stats.mode & 0o100) !== 0;
  if (stats.gid === user.gid) return (stats.mode & 0o010) !== 0;
  return (stats.mode & 0o001) !== 0;
}

/**
 * The unprivileged user must be able to walk down to the cluster. DATA_DIR is ours, so it gets
 * o+x when missing; an ancestor is someone else's folder, so that is for the person to fix.
 */
export async function ensureReachableBy(dataDir: string, user: PostgresUser): Promise<void> {
  const ancestors: string[] = [];
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    ancestors.unshift(dir);
    if (dir === path.dirname(dir)) break;
  }
  for (const dir of ancestors) {
    if (!canTraverse(await stat(dir), user)) {
      throw new DataFolderError(
        `The embedded database runs as the unprivileged user '${UNPRIVILEGED_USER}', which cannot reach ${dataDir} because ${dir} is not accessible to it. Set DATA_DIR to a folder outside ${dir}, e.g. DATA_DIR=/var/lib/karkhana, or run Karkhana as a normal user.`,
      );
    }
  }
  const own = await stat(dataDir);
  if (!canTraverse(own, user)) await chmod(dataDir, (own.mode & 0o7777) | 0o001);
}

/** Whether `user` can walk down every folder above `target`. */
export async function isReachableBy(target: string, user: PostgresUser): Promise<boolean> {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    if (!canTraverse(await stat(dir), user)) return false;
    if (dir === path.dirname(dir)) return true;
  }
}
