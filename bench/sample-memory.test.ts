import { describe, expect, it } from 'vitest';
import { sampleMemory } from './sample-memory.ts';

/** About 100 MB of small objects on the Node heap (not an external buffer, which heapUsed skips). */
function allocate(): { index: number }[] {
  return Array.from({ length: 2_000_000 }, (_, index) => ({ index }));
}

describe('sampleMemory', () => {
  it('records the peak of an allocation the work holds for a while, and passes its value on', async () => {
    const { value, peaks } = await sampleMemory(async () => {
      const kept = allocate();
      await new Promise((resolve) => setTimeout(resolve, 150));
      return kept.length;
    });

    expect(value).toBe(2_000_000);
    expect(peaks.heapGrowthMb).toBeGreaterThan(40);
    expect(peaks.peakHeapMb).toBeCloseTo(peaks.baselineHeapMb + peaks.heapGrowthMb, 0);
    expect(peaks.seconds).toBeGreaterThanOrEqual(0.1);
  });

  it('records an allocation the work samples itself before any timed sample', async () => {
    const { peaks } = await sampleMemory(
      (sampleNow) => {
        // Synchronous from here to the return: no timer can fire, only sampleNow sees the array.
        const kept = allocate();
        sampleNow();
        return kept.length;
      },
      { everyMs: 60_000 },
    );

    expect(peaks.heapGrowthMb).toBeGreaterThan(40);
  });

  it('takes one sample at the end of work too short for any', async () => {
    const { peaks } = await sampleMemory(() => undefined, { everyMs: 60_000 });

    expect(peaks.peakHeapMb).toBeGreaterThan(0);
    expect(peaks.peakRssMb).toBeGreaterThan(0);
  });
});
