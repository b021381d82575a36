#!/usr/bin/env node
// Production start: builds the SPA when the build is missing or older than its sources, then runs
// the API server (which also serves dist/). Plain JavaScript so it runs before anything is built.
// Signals are passed on to the build and the server (scripts/run-child.mjs) so that the server can
// close the database cleanly, and the server's exit code becomes ours.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitAsChildDid, runChild } from './run-child.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(root, 'dist');
const builtIndex = path.join(buildDir, 'index.html');
// Everything that ends up in the bundle: the SPA, its static files, and the shared contract.
const buildInputs = ['src', 'public', 'contract', 'index.html', 'vite.config.ts'];

/** Newest modification time under `target` (a file or a directory), 0 when it does not exist. */
export function newestMtime(target) {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export function buildIsStale(projectRoot = root) {
  const index = path.join(projectRoot, 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const builtAt = statSync(index).mtimeMs;
  return buildInputs.some((input) => newestMtime(path.join(projectRoot, input)) > builtAt);
}

/**
 * The folder the server will serve, resolved as the server resolves it (start.mjs and the server
 * both run in the project folder).
 */
export function servedDir(env = process.env, projectRoot = root) {
  return env.STATIC_DIR
    ? path.resolve(projectRoot, env.STATIC_DIR)
    : path.join(projectRoot, 'dist');
}

/** Runs a step as a child of this script; exits with 1 when it cannot be started at all. */
async function run(description, command, args, options) {
  try {
    return await runChild(command, args, { cwd: root, stdio: 'inherit', ...options });
  } catch (error) {
    console.error(`Could not start ${description}: ${error.message}`);
    process.exit(1);
  }
}

async function build() {
  console.log(
    existsSync(builtIndex)
      ? 'Sources changed since the last build; rebuilding ...'
      : 'Building the app ...',
  );
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = await run('the build', process.execPath, [vite, 'build']);
  if (result.code === 0) return;
  if (!result.signal) console.error('Build failed; not starting the server.');
  exitAsChildDid(result);
}

async function serve() {
  const result = await run('the server', process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
    // The channel closes however this process ends, even by SIGKILL, which no signal handler
    // sees; the server then stops rather than keep the data folder locked (server/main.ts).
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  exitAsChildDid(result);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // A STATIC_DIR elsewhere is a build made beforehand (or none at all); building dist/ would only
  // cost time.
  if (servedDir() === buildDir && buildIsStale()) await build();
  await serve();
}
