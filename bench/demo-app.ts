import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { signIn } from './api-call.ts';
import type { Session } from './browser-session.ts';
import { ServerChild } from './server-child.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Cleanups = (() => Promise<void> | void)[];

/** Builds the client into a temporary folder that `cleanups` removes; returns the folder. */
export async function buildClient(
  label: string,
  cleanups: Cleanups,
  { sourcemap = false }: { sourcemap?: boolean } = {},
): Promise<string> {
  const workDir = mkdtempSync(path.join(tmpdir(), `karkhana-${label}-`));
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));
  const outDir = path.join(workDir, 'dist');
  await promisify(execFile)(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      ...(sourcemap ? ['--sourcemap'] : []),
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
  );
  return outDir;
}

export interface DemoApp {
  child: ServerChild;
  base: string;
  /** The demo account's session, as the app would store it after signing in. */
  session: Session;
}

/**
 * The real server on a fresh embedded database with the demo organization, serving `dist`, and a
 * signed-in session of the demo account: what a device that has used the app before would hold.
 */
export async function startDemoApp(
  label: string,
  dist: string,
  cleanups: Cleanups,
): Promise<DemoApp> {
  // Not inside the build's folder: as root the embedded PostgreSQL runs as an unprivileged user,
  // which cannot pass through a folder that mkdtemp made private; DATA_DIR itself is opened for it.
  const dataDir = mkdtempSync(path.join(tmpdir(), `karkhana-${label}-data-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const child = new ServerChild({
    backend: 'embedded',
    dataDir,
    data: { kind: 'demo' },
    staticDir: dist,
  });
  cleanups.push(() => child.stop());
  const ready = await child.next('ready');
  if (!ready.demo) throw new Error('the demo organization was not seeded');
  const base = `http://127.0.0.1:${ready.port}`;
  const session = (await signIn(base, ready.demo.email, ready.demo.password)) as Session;
  return { child, base, session };
}
