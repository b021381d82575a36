import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { lighthouseMedians, warmStartMedians } from './client-summary.ts';
import type { BenchOptions } from './config.ts';
import { CHROME_FLAGS, CHROMIUM, storeSessionScript, type Session } from './browser-session.ts';
import { runLighthouse, type LighthouseFigures } from './lighthouse-runs.ts';
import { buildClient, startDemoApp } from './demo-app.ts';

interface AssetTotals {
  files: number;
  raw: number;
  gzip: number;
  /** Largest first, so the bundle's composition can be read off the results. */
  assets: { path: string; raw: number; gzip: number }[];
}

export interface PageBundle {
  route: string;
  js: AssetTotals;
  css: AssetTotals;
  /** Font files (woff2 is already compressed; its gzip size is about its raw size). */
  fonts: AssetTotals;
}

/** The warm start is timed at the machine's own speed and at a mid-range tablet's. */
export const WARM_START_CPU_SLOWDOWNS = [1, 4] as const;

/** Milliseconds from the navigation's start, read from the page once its content showed. */
export interface StartupPhases {
  /** The service worker was running (0 when it already was, or without one). */
  serviceWorker: number | null;
  html: number | null;
  entryScript: number | null;
  /** The last translation file of the start. */
  translations: number | null;
  /** The app's own `performance.mark`s (src/lib/startup-marks.ts). */
  marks: Record<string, number>;
  /** Every file and API request of the start, in the order they were asked for. */
  requests: { path: string; start: number; end: number }[];
  content: number;
}

export interface WarmStart {
  route: string;
  /** What counted as usable. */
  target: string;
  mode: 'online' | 'offline';
  /** Chromium's CPU throttling rate for the tab (`Emulation.setCPUThrottlingRate`). */
  cpuSlowdown: number;
  /** 1-based, when each start is timed several times. */
  run: number;
  /** From opening the tab to the content being visible, as the benchmark saw it. */
  millis: number | null;
  phases: StartupPhases | null;
  note: string;
}

export interface ClientResult {
  buildSeconds: number;
  pages: PageBundle[];
  lighthouse: LighthouseFigures[];
  warmStart: WarmStart[];
  problems: string[];
}

async function signedInContext(
  browser: Browser,
  session: Session | null,
  serviceWorkers: 'allow' | 'block',
) {
  const context = await browser.newContext({
    serviceWorkers,
    viewport: { width: 1366, height: 900 },
  });
  if (session) {
    await context.addInitScript({ content: storeSessionScript(session, true) });
  }
  return context;
}

/** Every script and stylesheet the page loads until the network is idle, with its gzip size. */
async function measurePage(
  context: BrowserContext,
  base: string,
  route: string,
): Promise<PageBundle> {
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  const bundle: PageBundle = {
    route,
    js: { files: 0, raw: 0, gzip: 0, assets: [] },
    css: { files: 0, raw: 0, gzip: 0, assets: [] },
    fonts: { files: 0, raw: 0, gzip: 0, assets: [] },
  };
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const totals =
      type === 'script'
        ? bundle.js
        : type === 'stylesheet'
          ? bundle.css
          : type === 'font'
            ? bundle.fonts
            : null;
    if (!totals || !response.ok()) return;
    pending.push(
      response.body().then((body) => {
        totals.files += 1;
        totals.raw += body.length;
        totals.assets.push({
          path: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body).length,
        });
      }),
    );
  });
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await page.close();
  for (const totals of [bundle.js, bundle.css, bundle.fonts]) {
    totals.assets.sort((a, b) => b.gzip - a.gzip);
    totals.gzip = totals.assets.reduce((sum, asset) => sum + asset.gzip, 0);
  }
  return bundle;
}

/** What a warm start waits for on each page: the first thing a user came to read. */
const WARM_START_TARGETS = [
  { route: '/orders', target: 'first table row', selector: 'table tbody tr' },
  {
    route: '/order-analytics',
    target: 'first figure',
    selector: '[data-testid="total-orders"] [aria-labelledby="total-orders-label"]',
  },
] as const;

/** The little of the DOM the in-page probe below uses; this project's Node tsconfig has none. */
interface ProbeWindow {
  document: {
    querySelector(selector: string): {
      getBoundingClientRect(): { width: number; height: number };
    } | null;
  };
}

/**
 * Runs in the page (a function, not a string: the app's Content-Security-Policy forbids eval):
 * the time the selector's element first had a size, on the page's own clock.
 */
function visibleAt(selector: string): number | false {
  const element = (globalThis as unknown as ProbeWindow).document.querySelector(selector);
  if (!element) return false;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 ? performance.now() : false;
}

const PHASES_SCRIPT = `(() => {
  const navigation = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const ends = (test) => resources.filter((entry) => test(new URL(entry.name).pathname)).map((entry) => entry.responseEnd);
  const entryScript = ends((path) => /^\\/assets\\/index-[^/]*\\.js$/.test(path));
  const translations = ends((path) => path.startsWith('/locales/'));
  const marks = {};
  for (const mark of performance.getEntriesByType('mark')) {
    if (mark.name.startsWith('karkhana:') && !(mark.name.slice(9) in marks)) marks[mark.name.slice(9)] = mark.startTime;
  }
  return {
    serviceWorker: navigation ? navigation.workerStart : null,
    html: navigation ? navigation.responseEnd : null,
    entryScript: entryScript.length ? Math.max(...entryScript) : null,
    translations: translations.length ? Math.max(...translations) : null,
    marks,
    requests: resources
      .map((entry) => ({ path: new URL(entry.name).pathname, start: Math.round(entry.startTime), end: Math.round(entry.responseEnd) }))
      .sort((a, b) => a.start - b.start),
  };
})()`;

async function timeToContent(
  context: BrowserContext,
  base: string,
  target: (typeof WARM_START_TARGETS)[number],
  cpuSlowdown: number,
): Promise<{ millis: number; phases: StartupPhases }> {
  const page = await context.newPage();
  try {
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const started = performance.now();
    await page.goto(`${base}${target.route}`, { waitUntil: 'commit' });
    const shown = await page.waitForFunction(visibleAt, target.selector, {
      polling: 'raf',
      timeout: 15_000 * cpuSlowdown,
    });
    const millis = performance.now() - started;
    const content = (await shown.jsonValue()) as number;
    const phases = await page.evaluate<Omit<StartupPhases, 'content'>>(PHASES_SCRIPT);
    return { millis, phases: { ...phases, content } };
  } finally {
    await page.close();
  }
}

/**
 * The installed app opened again: the service worker and the persisted query cache of an earlier
 * visit are there, and a new tab opens each page, online and then offline.
 */
async function measureWarmStart(
  browser: Browser,
  base: string,
  session: Session,
  runs: number,
): Promise<WarmStart[]> {
  const context = await signedInContext(browser, session, 'allow');
  try {
    const page = await context.newPage();
    await page.goto(`${base}/orders`, { waitUntil: 'networkidle' });
    const controlled = await page
      .evaluate(
        `Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 15000))])
           .then(() => navigator.serviceWorker.getRegistration()).then(Boolean)`,
      )
      .catch(() => false);
    if (!controlled) {
      return WARM_START_TARGETS.map(({ route, target }) => ({
        route,
        target,
        mode: 'online',
        cpuSlowdown: 1,
        run: 1,
        millis: null,
        phases: null,
        note: 'no service worker registered within 15 s',
      }));
    }
    // Each page once, so the persisted cache holds what it shows, as after a day's use.
    for (const target of WARM_START_TARGETS) {
      await page.goto(`${base}${target.route}`);
      await page.locator(target.selector).first().waitFor({ state: 'visible', timeout: 15_000 });
    }
    // Lets the throttled cache persister write the data to IndexedDB before the warm starts.
    await page.waitForTimeout(2_000);
    await page.close();
    const results: WarmStart[] = [];
    // Runs outermost, so a spell of load on this shared machine touches every kind of start alike.
    for (let run = 1; run <= runs; run += 1) {
      for (const mode of ['online', 'offline'] as const) {
        await context.setOffline(mode === 'offline');
        for (const cpuSlowdown of WARM_START_CPU_SLOWDOWNS) {
          for (const target of WARM_START_TARGETS) {
            const start = { route: target.route, target: target.target, mode, cpuSlowdown, run };
            try {
              const { millis, phases } = await timeToContent(context, base, target, cpuSlowdown);
              results.push({ ...start, millis, phases, note: '' });
            } catch (error) {
              results.push({
                ...start,
                millis: null,
                phases: null,
                note: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
              });
            }
          }
        }
      }
      await context.setOffline(false);
    }
    return results;
  } finally {
    await context.close();
  }
}

export async function measureClient(
  options: BenchOptions,
  log: (line: string) => void,
  cleanups: (() => Promise<void> | void)[],
): Promise<ClientResult> {
  log('building the client into a temporary directory');
  const buildStarted = performance.now();
  const outDir = await buildClient('bench-client', cleanups);
  const buildSeconds = (performance.now() - buildStarted) / 1000;

  log('starting the server with the demo organization and the built client');
  const { child, base, session } = await startDemoApp('bench-client', outDir, cleanups);

  const problems: string[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  cleanups.push(() => browser.close());
  const pages: PageBundle[] = [];
  const signedOut = await signedInContext(browser, null, 'block');
  pages.push(await measurePage(signedOut, base, '/sign-in'));
  await signedOut.close();
  const signedIn = await signedInContext(browser, session, 'block');
  pages.push(await measurePage(signedIn, base, '/order-analytics'));
  await signedIn.close();
  for (const page of pages) {
    if (page.js.files === 0) problems.push(`client ${page.route}: no JavaScript loaded`);
    log(
      `${page.route}: JS ${page.js.files} files ${(page.js.gzip / 1024).toFixed(1)} KB gzip, CSS ${(page.css.gzip / 1024).toFixed(1)} KB gzip, fonts ${page.fonts.files} files ${(page.fonts.raw / 1024).toFixed(1)} KB (${page.fonts.assets.map((asset) => path.basename(asset.path)).join(', ')})`,
    );
  }

  log('warm start from the service worker');
  const warmStart = await measureWarmStart(browser, base, session, options.lighthouseRuns);
  for (const start of warmStart)
    log(
      `warm start ${start.route} ${start.mode} ${start.cpuSlowdown}× CPU run ${start.run}: ${start.millis === null ? start.note : `${start.millis.toFixed(0)} ms ${JSON.stringify({ ...start.phases, requests: start.phases?.requests.length })}`}`,
    );
  for (const row of warmStartMedians(warmStart))
    log(
      `warm start median ${row.route} ${row.mode} ${row.cpuSlowdown}× CPU: ${row.millis === null ? '–' : `${row.millis.toFixed(0)} ms`} (${row.usable} of ${row.runs} starts)`,
    );
  await browser.close();

  let lighthouseFigures: LighthouseFigures[] = [];
  if (options.lighthouse) {
    log('Lighthouse (mobile and desktop) for /sign-in and /order-analytics');
    lighthouseFigures = await runLighthouse(base, session, options.lighthouseRuns);
    for (const figure of lighthouseFigures) log(`lighthouse ${JSON.stringify(figure)}`);
    for (const row of lighthouseMedians(lighthouseFigures))
      log(
        `lighthouse median ${row.preset} ${row.route} (${row.measured} of ${row.runs} runs): performance ${row.performance}, FCP ${row.fcp?.toFixed(0)} ms, LCP ${row.lcp?.toFixed(0)} ms, TBT ${row.tbt?.toFixed(0)} ms`,
      );
  }
  await child.stop();
  return { buildSeconds, pages, lighthouse: lighthouseFigures, warmStart, problems };
}
