import { describe, expect, it } from 'vitest';
import type { WarmStart } from './client-bench.ts';
import type { LighthouseFigures } from './lighthouse-runs.ts';
import { lighthouseMedians, median, warmStartMedians } from './client-summary.ts';

const lighthouseRun = (
  preset: LighthouseFigures['preset'],
  route: string,
  performance: number,
): LighthouseFigures => ({
  preset,
  route,
  run: 1,
  performance,
  accessibility: 100,
  bestPractices: 100,
  fcp: performance * 10,
  lcp: performance * 20,
  tbt: performance,
  lcpElement: '',
  lcpParts: {},
});

const warmStart = (cpuSlowdown: number, millis: number | null): WarmStart => ({
  route: '/order-analytics',
  target: 'first figure',
  mode: 'online',
  cpuSlowdown,
  run: 1,
  millis,
  phases: null,
  note: millis === null ? 'timed out' : '',
});

describe('client benchmark medians', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([])).toBeNull();
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25);
  });

  it('keeps the mobile and desktop runs of a page apart', () => {
    const rows = lighthouseMedians([
      lighthouseRun('mobile', '/sign-in', 80),
      lighthouseRun('desktop', '/sign-in', 99),
      lighthouseRun('mobile', '/sign-in', 90),
      lighthouseRun('mobile', '/sign-in', 70),
    ]);
    expect(rows.map(({ preset, runs, performance }) => ({ preset, runs, performance }))).toEqual([
      { preset: 'mobile', runs: 3, performance: 80 },
      { preset: 'desktop', runs: 1, performance: 99 },
    ]);
  });

  it('leaves a run Lighthouse could not finish out of the medians', () => {
    const failed = { ...lighthouseRun('desktop', '/sign-in', 0), fcp: NaN, lcp: NaN, tbt: NaN };
    const [row] = lighthouseMedians([
      lighthouseRun('desktop', '/sign-in', 98),
      lighthouseRun('desktop', '/sign-in', 96),
      failed,
    ]);
    expect(row).toMatchObject({ runs: 3, measured: 2, performance: 97, fcp: 970, tbt: 97 });
  });

  it('keeps each CPU slowdown apart and leaves starts that never showed out of the median', () => {
    const rows = warmStartMedians([
      warmStart(1, 400),
      warmStart(4, 1_500),
      warmStart(1, 600),
      warmStart(4, null),
      warmStart(4, 1_300),
    ]);
    expect(rows).toEqual([
      expect.objectContaining({ cpuSlowdown: 1, usable: 2, runs: 2, millis: 500 }),
      expect.objectContaining({ cpuSlowdown: 4, usable: 2, runs: 3, millis: 1_400 }),
    ]);
  });
});
