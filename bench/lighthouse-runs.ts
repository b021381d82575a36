import { chromium } from 'playwright-core';
import { CHROME_FLAGS, CHROMIUM, storeSessionScript, type Session } from './browser-session.ts';

/**
 * Lighthouse's two presets: `mobile` is its default (a phone's screen, 4× CPU slowdown and slow
 * 4G, simulated), the honest measure for a mid-range tablet; `desktop` its desktop config.
 */
const LIGHTHOUSE_PRESETS = ['mobile', 'desktop'] as const;

export interface LighthouseFigures {
  preset: (typeof LIGHTHOUSE_PRESETS)[number];
  route: string;
  /** 1-based, when a page is measured several times in a row. */
  run: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /** The element Lighthouse took as the largest paint, as it describes it. */
  lcpElement: string;
  lcpParts: Record<string, number>;
}

/** Every object inside an audit's details, depth first (they nest lists of tables of items). */
function* detailObjects(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) {
    for (const item of value) yield* detailObjects(item);
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    yield record;
    for (const child of Object.values(record)) yield* detailObjects(child);
  }
}

/** The element Lighthouse took as the largest paint, as its HTML snippet. */
function lcpElementOf(details: unknown): string {
  for (const item of detailObjects(details)) {
    if (item.type === 'node' && typeof item.snippet === 'string') return item.snippet;
  }
  return '';
}

/** The LCP's parts (time to first byte, resource load delay and duration, render delay), in ms. */
function lcpPartsOf(details: unknown): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const item of detailObjects(details)) {
    if (typeof item.subpart === 'string' && typeof item.duration === 'number') {
      parts[item.subpart] = Math.round(item.duration);
    }
  }
  return parts;
}

export async function runLighthouse(
  base: string,
  session: Session,
  runs: number,
): Promise<LighthouseFigures[]> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const figures: LighthouseFigures[] = [];
  const pages = [
    { route: '/sign-in', signedIn: false },
    { route: '/order-analytics', signedIn: true },
  ];
  // Runs outermost for the same reason as the warm starts: load spells hit every row alike.
  const targets = Array.from({ length: runs }, (_, index) =>
    LIGHTHOUSE_PRESETS.flatMap((preset) =>
      pages.map((page) => ({ ...page, preset, run: index + 1 })),
    ),
  ).flat();
  for (const target of targets) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [...CHROME_FLAGS, '--headless=new'],
    });
    try {
      if (target.signedIn) {
        // Puts the session where the app looks for it; Lighthouse then keeps storage as it is.
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const context = browser.contexts()[0] ?? (await browser.newContext());
        const page = await context.newPage();
        await page.goto(`${base}/robots.txt`);
        await page.evaluate(storeSessionScript(session, false));
        await page.close();
        await browser.close();
      }
      const result = await lighthouse(
        `${base}${target.route}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          disableStorageReset: target.signedIn,
        },
        target.preset === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${target.route}`);
      const { lhr } = result;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      figures.push({
        preset: target.preset,
        route: target.route,
        run: target.run,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        lcpElement: lcpElementOf(lhr.audits['lcp-breakdown-insight']?.details),
        lcpParts: lcpPartsOf(lhr.audits['lcp-breakdown-insight']?.details),
      });
    } finally {
      chrome.kill();
    }
  }
  return figures;
}
