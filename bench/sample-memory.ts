// Peak Node heap and RSS while some work runs, for the memory runs (export, restore). The figures
// are taken in this process, so the server under measurement must run in it too.

export interface MemoryPeaks {
  seconds: number;
  baselineHeapMb: number;
  peakHeapMb: number;
  heapGrowthMb: number;
  baselineRssMb: number;
  peakRssMb: number;
  rssGrowthMb: number;
}

export interface SampleOptions {
  /** How often a sample is taken while the work runs. */
  everyMs?: number;
  /**
   * A full garbage collection before each sample (needs `--expose-gc`), so the heap figure is what
   * the work keeps alive; without it the figure also counts garbage not yet collected, which V8
   * lets grow while there is room.
   */
  collectGarbage?: boolean;
}

const MB = 1024 * 1024;
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Runs `work` while sampling the process's memory every `everyMs` and returns what it resolved to
 * with the peaks. `work` gets `sampleNow` for a sample at a moment of its choosing: work shorter
 * than one interval would otherwise have none. A work that took no sample at all gets one when it
 * ends. The baseline is taken after a collection (when exposed) and a 200 ms pause.
 */
export async function sampleMemory<T>(
  work: (sampleNow: () => void) => T | Promise<T>,
  { everyMs = 20, collectGarbage = false }: SampleOptions = {},
): Promise<{ value: T; peaks: MemoryPeaks }> {
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const baseline = process.memoryUsage();
  let samples = 0;
  let peakHeap = 0;
  let peakRss = 0;
  const sampleNow = () => {
    if (collectGarbage) globalThis.gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    samples += 1;
    peakHeap = Math.max(peakHeap, heapUsed);
    peakRss = Math.max(peakRss, rss);
  };
  const timer = setInterval(sampleNow, everyMs);
  const started = performance.now();
  let value: T;
  try {
    value = await work(sampleNow);
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - started) / 1000;
  if (samples === 0) sampleNow();
  return {
    value,
    peaks: {
      seconds: round(seconds),
      baselineHeapMb: round(baseline.heapUsed / MB),
      peakHeapMb: round(peakHeap / MB),
      heapGrowthMb: round((peakHeap - baseline.heapUsed) / MB),
      baselineRssMb: round(baseline.rss / MB),
      peakRssMb: round(peakRss / MB),
      rssGrowthMb: round((peakRss - baseline.rss) / MB),
    },
  };
}
