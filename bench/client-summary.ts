/** The fields of a Lighthouse run the medians read (lighthouse-runs.ts has the whole record). */
interface LighthouseRun {
  preset: 'mobile' | 'desktop';
  route: string;
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
}

/** The fields of a warm start the medians read. */
interface TimedStart {
  route: string;
  mode: 'online' | 'offline';
  cpuSlowdown: number;
  millis: number | null;
}

/** The middle value; with an even count, the mean of the two middle values. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export interface LighthouseMedian {
  preset: LighthouseRun['preset'];
  route: string;
  runs: number;
  /** Runs Lighthouse finished; the medians are over these. */
  measured: number;
  performance: number | null;
  fcp: number | null;
  lcp: number | null;
  tbt: number | null;
}

/** One row per preset and page, in the order they were first measured. */
export function lighthouseMedians(figures: LighthouseRun[]): LighthouseMedian[] {
  const groups = new Map<string, LighthouseRun[]>();
  for (const figure of figures) {
    const key = `${figure.preset} ${figure.route}`;
    groups.set(key, [...(groups.get(key) ?? []), figure]);
  }
  return [...groups.values()].map((group) => {
    // A run Lighthouse could not finish (no paint in its trace) scores 0 with no timings; it says
    // nothing about the page, so it is counted but left out of the medians.
    const measured = group.filter((figure) => !Number.isNaN(figure.fcp));
    return {
      preset: group[0]?.preset ?? 'desktop',
      route: group[0]?.route ?? '',
      runs: group.length,
      measured: measured.length,
      performance: median(measured.map((figure) => figure.performance)),
      fcp: median(measured.map((figure) => figure.fcp)),
      lcp: median(measured.map((figure) => figure.lcp)),
      tbt: median(measured.map((figure) => figure.tbt)),
    };
  });
}

export interface WarmStartMedian {
  route: string;
  mode: TimedStart['mode'];
  cpuSlowdown: number;
  /** Starts that reached the content; the median is over these. */
  usable: number;
  runs: number;
  millis: number | null;
}

/** One row per page, network mode and CPU slowdown, in the order they were first measured. */
export function warmStartMedians(starts: TimedStart[]): WarmStartMedian[] {
  const groups = new Map<string, TimedStart[]>();
  for (const start of starts) {
    const key = `${start.route} ${start.mode} ${start.cpuSlowdown}`;
    groups.set(key, [...(groups.get(key) ?? []), start]);
  }
  return [...groups.values()].map((group) => {
    const times = group.flatMap((start) => (start.millis === null ? [] : [start.millis]));
    return {
      route: group[0]?.route ?? '',
      mode: group[0]?.mode ?? 'online',
      cpuSlowdown: group[0]?.cpuSlowdown ?? 1,
      usable: times.length,
      runs: group.length,
      millis: median(times),
    };
  });
}
