#!/usr/bin/env node
// Production start: builds the SPA when the build is missing or older than its sources, then runs
// the API server (which also serves dist/). Plain JavaScript so it runs before anything is built.
// Signals are passed on to the server so that it can close the database cleanly, and its exit
// code becomes ours.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

function build() {
  console.log(
    existsSync(builtIndex)
      ? 'Sources changed since the last build; rebuilding ...'
      : 'Building the app ...',
  );
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Build failed; not starting the server.');
    process.exit(result.status ?? 1);
  }
}

function serve() {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  });
  const forward = (signal) => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  server.on('error', (error) => {
    console.error(`Could not start the server: ${error.message}`);
    process.exit(1);
  });
  server.on('exit', (code, signal) => {
    if (signal) {
      // Mirror the shell convention for a child killed by a signal.
      const number = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal] ?? 0;
      process.exit(128 + number);
    }
    process.exit(code ?? 1);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // A STATIC_DIR elsewhere is a build made beforehand (or none at all); building dist/ would only
  // cost time.
  if (servedDir() === buildDir && buildIsStale()) build();
  serve();
}
