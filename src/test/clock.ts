import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Fixes "now" for every test of the calling file, so a relative date ("yesterday"), a default
 * "today" or a current month reads the same on any day the suite runs. Only Date is faked: timers
 * stay real, so user-event, Testing Library's polling and msw behave as usual.
 */
export function fixClockInEachTest(instant: string) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
