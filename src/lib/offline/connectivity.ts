import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the server can be reached, as react-query's onlineManager sees it (the same flag that
 * pauses reads and holds writes in the queue).
 *
 * `navigator.onLine` only says a network interface is up: a tablet on workshop Wi-Fi whose router
 * has lost its uplink reports "online", and a page reloaded offline through the service worker
 * may too. So a request that fails at the network level marks the app offline at once, and while
 * offline a cheap probe of `/api/health` decides when it is back. The browser's own events are
 * still used: "offline" is trusted immediately, "online" only triggers a probe.
 */
const PROBE_PATH = '/api/health';
const PROBE_FIRST_DELAY_MS = 2_000;
const PROBE_MAX_DELAY_MS = 15_000;

let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeDelay = PROBE_FIRST_DELAY_MS;
let probing = false;

function stopProbing() {
  if (probeTimer !== undefined) clearTimeout(probeTimer);
  probeTimer = undefined;
  probeDelay = PROBE_FIRST_DELAY_MS;
}

function scheduleProbe() {
  if (probeTimer !== undefined || typeof window === 'undefined') return;
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    void probeNow();
  }, probeDelay);
  probeDelay = Math.min(probeDelay * 2, PROBE_MAX_DELAY_MS);
}

/** Asks the server whether it is there; any HTTP answer means the network works. */
export async function probeNow(): Promise<boolean> {
  if (probing) return onlineManager.isOnline();
  probing = true;
  try {
    await fetch(PROBE_PATH, { cache: 'no-store', credentials: 'omit' });
    reportServerReached();
    return true;
  } catch {
    reportNetworkFailure();
    return false;
  } finally {
    probing = false;
  }
}

/** A request got no answer at all: hold further requests and start looking for the server. */
export function reportNetworkFailure() {
  if (onlineManager.isOnline()) onlineManager.setOnline(false);
  scheduleProbe();
}

/** A request got an answer (of any status): the network is there. */
export function reportServerReached() {
  stopProbing();
  if (!onlineManager.isOnline()) onlineManager.setOnline(true);
}

/**
 * Replaces react-query's default listener (which believes the browser's events) with the one
 * described above.
 */
export function watchConnectivity() {
  if (typeof window === 'undefined') return;
  if (navigator.onLine === false) reportNetworkFailure();
  onlineManager.setEventListener((setOnline) => {
    const goneOffline = () => {
      setOnline(false);
      scheduleProbe();
    };
    const maybeBack = () => void probeNow();
    window.addEventListener('offline', goneOffline, false);
    window.addEventListener('online', maybeBack, false);
    return () => {
      window.removeEventListener('offline', goneOffline);
      window.removeEventListener('online', maybeBack);
    };
  });
}

/** Back to "online" with no probe pending; tests share the module between cases. */
export function resetConnectivity() {
  stopProbing();
  onlineManager.setOnline(true);
}
