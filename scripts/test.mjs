#!/usr/bin/env node
// Everything CI runs, in order: lint, typecheck, unit and API tests (then a check that the OpenAPI
// document describes every answer they got, then the tests again with the clock a year ahead and a
// year back), production build (then its bundle budgets), end-to-end tests. A failing stage does
// not stop the run, so one pass shows
// every problem; the exit code is non-zero when any stage failed. The last line always reads
// `Summary: N passed, M failed`, counting the tests reported by Vitest and Playwright. A stage that
// fails without a failing test (lint, a type error, a crash before tests ran) adds one to
// "failed", so the line is never green on a red run.
//
//   node scripts/test.mjs                  all stages
//   node scripts/test.mjs --only=lint,unit only these stages
//   node scripts/test.mjs --skip=e2e       all but these
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (...segments) => path.join(root, 'node_modules', ...segments);
const reportDir = path.join(root, '.cache', 'test-reports');
const vitestReport = path.join(reportDir, 'vitest.json');
const playwrightReport = path.join(reportDir, 'playwright.json');
// What the API tests were answered, checked against the OpenAPI document after they ran.
const responseLog = path.join(reportDir, 'openapi-responses');
const minutes = (count) => count * 60_000;

/**
 * @typedef {{ passed: number, failed: number }} TestCounts
 * @typedef {{ name: string, title: string, commands: string[][], timeoutMs: number,
 *   env?: Record<string, string>, needs?: string, counts?: () => TestCounts | undefined }} Stage
 */

/**
 * Left out of the runs with a moved clock: they start and stop processes (PostgreSQL, npm start,
 * a PGlite import) or lint and compile the OpenAPI document, read no calendar date, and are a third
 * of the suite's time.
 */
const CLOCK_INDEPENDENT_TESTS = [
  'server/db/embedded-postgres*.test.ts',
  'server/db/pglite-import.test.ts',
  'scripts/start-signals.test.ts',
  'server/openapi.test.ts',
];

/** @type {Stage[]} */
const stages = [
  {
    name: 'lint',
    title: 'Lint (ESLint, knip, dependency-cruiser)',
    commands: [
      [bin('eslint', 'bin', 'eslint.js'), '.', '--max-warnings=0'],
      // Unused files, exports and dependencies (knip.jsonc), then import cycles (.dependency-cruiser.cjs).
      [bin('knip', 'bin', 'knip.js'), '--no-progress'],
      [
        bin('dependency-cruiser', 'bin', 'dependency-cruiser.mjs'),
        ...['src', 'server', 'contract', 'scripts', 'bench', 'reliability', 'e2e'],
      ],
    ],
    timeoutMs: minutes(15),
  },
  {
    name: 'typecheck',
    title: 'Typecheck (tsc)',
    commands: [
      [bin('typescript', 'bin', 'tsc'), '-p', 'tsconfig.app.json', '--noEmit'],
      [bin('typescript', 'bin', 'tsc'), '-p', 'tsconfig.node.json', '--noEmit'],
    ],
    timeoutMs: minutes(10),
  },
  {
    name: 'unit',
    title: 'Unit and API tests (Vitest)',
    commands: [
      [
        bin('vitest', 'vitest.mjs'),
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${vitestReport}`,
      ],
      ['--import', 'tsx', path.join(root, 'scripts', 'check-openapi-responses.ts'), responseLog],
    ],
    env: { OPENAPI_RESPONSE_LOG: responseLog },
    timeoutMs: minutes(25),
    counts: () => {
      const report = readJson(vitestReport);
      if (!report) return undefined;
      return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 };
    },
  },
  ...[
    ['clock-ahead', 'a year ahead', '+365d'],
    ['clock-behind', 'a year back', '-365d'],
  ].map(([name, words, offset]) => clockStage(name, words, offset)),
  {
    name: 'build',
    title: 'Production build (Vite) and bundle budgets',
    commands: [
      [bin('vite', 'bin', 'vite.js'), 'build'],
      ['--import', 'tsx', path.join(root, 'scripts', 'check-bundle-budgets.ts')],
    ],
    timeoutMs: minutes(10),
  },
  {
    name: 'e2e',
    title: 'End-to-end tests (Playwright)',
    commands: [[bin('@playwright', 'test', 'cli.js'), 'test', '--project=e2e']],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
    needs: 'build',
    timeoutMs: minutes(25),
    counts: () => {
      const report = readJson(playwrightReport);
      if (!report?.stats) return undefined;
      const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
      return { passed: expected + flaky, failed: unexpected };
    },
  },
];

/**
 * The unit and API tests again with the system clock moved (libfaketime, preloaded into Node and
 * the PostgreSQL it starts), so a test that reads today's date without setting the clock fails
 * now and not on the day the calendar reaches it. Monotonic clocks stay real: timeouts still work.
 * @param {string} name @param {string} words @param {string} offset
 * @returns {Stage}
 */

function clockStage(name, words, offset) {
  const report = path.join(reportDir, `vitest-${name}.json`);
  const library = fakeTimeLibrary();
  return {
    name,
    title: `Unit and API tests, clock ${words}`,
    commands: [
      library
        ? [
            bin('vitest', 'vitest.mjs'),
            'run',
            '--reporter=dot',
            '--reporter=json',
            `--outputFile.json=${report}`,
            ...CLOCK_INDEPENDENT_TESTS.flatMap((glob) => ['--exclude', glob]),
          ]
        : [
            '-e',
            'console.error("libfaketime is missing: install the Debian package faketime (apt-get install faketime)."); process.exit(1)',
          ],
    ],
    env: library
      ? { LD_PRELOAD: library, FAKETIME: offset, FAKETIME_DONT_FAKE_MONOTONIC: '1' }
      : undefined,
    timeoutMs: minutes(25),
    counts: () => {
      const result = readJson(report);
      if (!result) return undefined;
      return { passed: result.numPassedTests ?? 0, failed: result.numFailedTests ?? 0 };
    },
  };
}

function fakeTimeLibrary() {
  const candidates = [
    '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
    '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
    '/usr/lib/faketime/libfaketime.so.1',
  ];
  return candidates.find((candidate) => existsSync(candidate));
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function parseList(flag) {
  const arg = process.argv.slice(2).find((value) => value.startsWith(`--${flag}=`));
  if (!arg) return undefined;
  return new Set(
    arg
      .slice(flag.length + 3)
      .split(',')
      .filter(Boolean),
  );
}

const only = parseList('only');
const skip = parseList('skip') ?? new Set();
for (const name of [...(only ?? []), ...skip]) {
  if (!stages.some((stage) => stage.name === name)) {
    console.error(
      `Unknown stage "${name}". Stages: ${stages.map((stage) => stage.name).join(', ')}`,
    );
    process.exit(2);
  }
}

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = (text) => paint('1', text);
const green = (text) => paint('32', text);
const red = (text) => paint('31', text);
const dim = (text) => paint('2', text);

/** @type {import('node:child_process').ChildProcess | undefined} */
let running;
let interrupted = false;

function killGroup(child, signal) {
  try {
    // Stages run in their own process group so that browsers and servers they start go too.
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    if (running) killGroup(running, signal);
  });
}

/** Runs one command; resolves with its exit code (124 on timeout, like coreutils' timeout). */
function run(command, { env, timeoutMs }) {
  const [file, ...args] = command;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...args], {
      cwd: root,
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, ...env },
    });
    running = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(red(`\nTimed out after ${Math.round(timeoutMs / 60_000)} min; stopping.`));
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 10_000).unref();
    }, timeoutMs);
    child.on('error', (error) => {
      console.error(red(error.message));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running = undefined;
      if (timedOut) resolve(124);
      else resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const formatDuration = (ms) => {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  return `${Math.floor(seconds / 60)}m ${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
};

// Old reports must not be counted when a stage dies before writing a new one.
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
/** @type {{ stage: Stage, status: 'pass' | 'fail' | 'skipped', ms: number, note: string, counts?: TestCounts }[]} */
const results = [];

for (const stage of stages) {
  if ((only && !only.has(stage.name)) || skip.has(stage.name)) continue;
  if (interrupted) {
    results.push({ stage, status: 'skipped', ms: 0, note: 'interrupted' });
    continue;
  }
  const prerequisite = stage.needs && results.find((result) => result.stage.name === stage.needs);
  if (prerequisite && prerequisite.status !== 'pass') {
    results.push({ stage, status: 'fail', ms: 0, note: `not run: ${stage.needs} failed` });
    continue;
  }

  console.log(`\n${bold(`▶ ${stage.title}`)}`);
  const started = performance.now();
  let failed = false;
  for (const command of stage.commands) {
    const code = await run(command, { env: stage.env, timeoutMs: stage.timeoutMs });
    if (code !== 0) failed = true;
    if (interrupted) break;
  }
  const ms = performance.now() - started;
  const counts = stage.counts?.();
  const note = counts ? `${counts.passed} passed, ${counts.failed} failed` : '';
  results.push({ stage, status: failed ? 'fail' : 'pass', ms, note, counts });
  console.log(
    failed
      ? red(`✖ ${stage.title} failed (${formatDuration(ms)})`)
      : green(`✔ ${stage.title} (${formatDuration(ms)})`),
  );
}

let passed = 0;
let failed = 0;
for (const result of results) {
  passed += result.counts?.passed ?? 0;
  failed += result.counts?.failed ?? 0;
  if (result.status === 'fail' && !result.counts?.failed) failed += 1;
}

const nameWidth = Math.max(5, ...results.map((result) => result.stage.title.length));
const line = (name, status, time, note) =>
  `  ${name.padEnd(nameWidth)}  ${status.padEnd(7)}  ${time.padStart(8)}  ${note}`;
console.log(`\n${bold(line('Stage', 'Result', 'Time', 'Tests'))}`);
for (const result of results) {
  const status =
    result.status === 'pass'
      ? green('pass   ')
      : result.status === 'fail'
        ? red('FAIL   ')
        : dim('skipped');
  console.log(
    line(result.stage.title, status, result.ms ? formatDuration(result.ms) : '-', result.note),
  );
}
const anyFailed = interrupted || results.some((result) => result.status === 'fail');
console.log(`\nSummary: ${passed} passed, ${failed} failed`);
process.exit(anyFailed ? 1 : 0);
