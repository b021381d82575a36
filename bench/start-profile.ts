/**
 * Where a warm start's main thread goes: the installed app (service worker and persisted cache
 * from an earlier visit) opened in a new tab at a tablet's CPU speed, profiled with V8's sampling
 * profiler from the navigation to the landing page's first figure, and the samples attributed to
 * source files through the build's source maps.
 *
 *   node --import tsx bench/start-profile.ts [--cpu=4] [--runs=3] [--dist=DIR]
 *
 * Without --dist it builds the client with source maps into a temporary folder. It prints a JSON
 * summary; the benchmark (bench/client-bench.ts) times the same start without a profiler.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, CHROMIUM, storeSessionScript } from './browser-session.ts';
import { buildClient, startDemoApp } from './demo-app.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIGURE = '[data-testid="total-orders"] [aria-labelledby="total-orders-label"]';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

/** A frame's place in the sources: the package, or the app's file, its function ran from. */
function sourceOf(frame: CallFrame, dist: string, maps: Map<string, TraceMap | null>): string {
  if (!frame.url) return frame.functionName || '(native)';
  const pathname = new URL(frame.url).pathname;
  if (!pathname.startsWith('/assets/')) return pathname;
  if (!maps.has(pathname)) {
    try {
      maps.set(pathname, new TraceMap(readFileSync(path.join(dist, `${pathname}.map`), 'utf8')));
    } catch {
      maps.set(pathname, null);
    }
  }
  const map = maps.get(pathname);
  const original = map
    ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber })
    : null;
  const source = original?.source;
  if (!source) return `${pathname} (top level)`;
  const inModules = source.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const rest = source.slice(inModules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? source);
  }
  return path.relative(ROOT, path.resolve(dist, 'assets', source));
}

function summarize(profile: CpuProfile, dist: string, maps: Map<string, TraceMap | null>) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const evaluation = new Map<string, number>();
  const zodInEvaluation = { ms: 0 };
  const add = (map: Map<string, number>, key: string, ms: number) =>
    map.set(key, (map.get(key) ?? 0) + ms);
  let total = 0;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    total += ms;
    const stack: CallFrame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (node) stack.push(node.callFrame);
    }
    const leaf = stack[0];
    if (!leaf) return;
    const sources = stack.map((frame) => sourceOf(frame, dist, maps));
    add(self, sources[0] ?? '?', ms);
    add(selfByFunction, `${sources[0] ?? '?'} ${leaf.functionName || '(anonymous)'}`, ms);
    for (const source of new Set(sources)) add(inclusive, source, ms);
    // A chunk's own top level is its modules' evaluation; the outermost such frame owns the sample.
    const moduleFrame = [...stack]
      .reverse()
      .find(
        (frame) =>
          frame.url.includes('/assets/') &&
          frame.functionName === '' &&
          frame.lineNumber === 0 &&
          frame.columnNumber === 0,
      );
    if (moduleFrame) {
      add(evaluation, new URL(moduleFrame.url).pathname, ms);
      if (sources.includes('zod')) zodInEvaluation.ms += ms;
    }
  });
  const top = (map: Map<string, number>, count: number) =>
    Object.fromEntries(
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([key, ms]) => [key, Math.round(ms)]),
    );
  return {
    profiledMs: Math.round(total),
    moduleEvaluationByChunk: top(evaluation, 15),
    zodDuringModuleEvaluationMs: Math.round(zodInEvaluation.ms),
    selfBySource: top(self, 30),
    selfByFunction: top(selfByFunction, 30),
    inclusiveBySource: top(inclusive, 40),
  };
}

async function main() {
  const cpu = Number(option('cpu') ?? 4);
  const runs = Number(option('runs') ?? 3);
  const cleanups: (() => Promise<void> | void)[] = [];
  try {
    const dist =
      option('dist') ?? (await buildClient('start-profile', cleanups, { sourcemap: true }));
    const { base, session } = await startDemoApp('start-profile', dist, cleanups);

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
    cleanups.push(() => browser.close());
    const context = await browser.newContext({
      serviceWorkers: 'allow',
      viewport: { width: 1366, height: 900 },
    });
    await context.addInitScript({ content: storeSessionScript(session, true) });
    const first = await context.newPage();
    await first.goto(`${base}/order-analytics`, { waitUntil: 'networkidle' });
    await first.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await first.reload();
    await first.locator(FIGURE).first().waitFor({ state: 'visible', timeout: 30_000 });
    await first.waitForTimeout(2_000);
    await first.close();

    const maps = new Map<string, TraceMap | null>();
    const results = [];
    for (let run = 1; run <= runs; run += 1) {
      const page = await context.newPage();
      const devtools = await context.newCDPSession(page);
      await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      await devtools.send('Profiler.enable');
      await devtools.send('Profiler.setSamplingInterval', { interval: 200 });
      await devtools.send('Profiler.start');
      await page.goto(`${base}/order-analytics`, { waitUntil: 'commit' });
      await page.locator(FIGURE).first().waitFor({ state: 'visible', timeout: 60_000 });
      const { profile } = (await devtools.send('Profiler.stop')) as unknown as {
        profile: CpuProfile;
      };
      const marks = await page.evaluate(`Object.fromEntries(performance.getEntriesByType('mark')
        .filter((mark) => mark.name.startsWith('karkhana:'))
        .map((mark) => [mark.name.slice(9), Math.round(mark.startTime)]))`);
      results.push({ run, marks, ...summarize(profile, dist, maps) });
      await page.close();
    }
    console.log(JSON.stringify({ cpu, results }, null, 2));
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

await main();
