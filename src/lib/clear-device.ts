import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearAllDrafts } from '@/lib/form-drafts';
import { wipeQueryCache } from '@/lib/query-client';
import { useAuthStore } from '@/stores/auth';

const LOGOUT_TIMEOUT_MS = 5000;
// Workbox's precache holds the app's own code and translations, the same for every organization:
// keeping it lets the next person open the app on this tablet without a network.
const APP_CODE_CACHE_PREFIX = 'workbox-precache';

/** Every Cache Storage cache except the app's own code. */
async function deleteDataCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => !name.startsWith(APP_CODE_CACHE_PREFIX))
      .map((name) => caches.delete(name)),
  );
}

/**
 * Leaves nothing of the organization in this browser, for a tablet that changes hands: ends the
 * session on the server (when it can be reached), forgets the signed-in user, drops every cached
 * record and every write still waiting to be sent (in memory and in IndexedDB), half-typed forms,
 * this tab's session storage and cached responses. Device preferences (language, theme, font)
 * stay, as does the installed app. Every step runs even when an earlier one fails; the first
 * failure is thrown at the end so the caller can say the device is not fully clear.
 */
export async function clearThisDevice(client: QueryClient): Promise<void> {
  const failures: unknown[] = [];
  const attempt = async (step: () => unknown) => {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  };
  try {
    await apiRequest<unknown>('POST', '/auth/logout', {
      signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
    });
  } catch {
    // Offline or already signed out: the session still ends on this device.
  }
  await attempt(() => useAuthStore.getState().clearSession({ byUser: true }));
  await attempt(() => wipeQueryCache(client));
  await attempt(clearAllDrafts);
  await attempt(() => sessionStorage.clear());
  await attempt(deleteDataCaches);
  if (failures.length > 0) throw failures[0];
}
