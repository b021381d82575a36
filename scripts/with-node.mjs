#!/usr/bin/env node
// Runs a command with a Node.js new enough for the project (>= 22.12). When the machine's Node is
// older, Node 24 is installed once from the npm registry into .cache/node24 and put first on PATH.
// Written in plain JavaScript so that it runs on any Node the machine has.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitAsChildDid, runChild } from './run-child.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [major, minor] = process.versions.node.split('.').map(Number);
const modern = major > 22 || (major === 22 && minor >= 12);

const env = { ...process.env };
const binDirs = [path.join(root, 'node_modules', '.bin')];
if (!modern) {
  const prefix = path.join(root, '.cache', 'node24');
  const nodeBin = path.join(prefix, 'node_modules', '.bin');
  if (!existsSync(path.join(nodeBin, 'node'))) {
    console.log(
      `Node ${process.versions.node} is older than the project needs; installing Node 24 into .cache/node24 ...`,
    );
    const npm = spawnSync(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--loglevel=error', 'node@24'],
      {
        stdio: 'inherit',
      },
    );
    if (npm.status !== 0) process.exit(npm.status ?? 1);
  }
  binDirs.unshift(nodeBin);
}
env.PATH = [...binDirs, env.PATH].join(path.delimiter);

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: with-node.mjs <command> [args...]');
  process.exit(2);
}
// Not spawnSync: a stop signal sent to this process (a service manager, Playwright, kill) is
// passed on so the server can finish its requests and stop its database; spawnSync would leave the
// child running.
let ended;
try {
  ended = await runChild(command, args, {
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32',
  });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
exitAsChildDid(ended);
