import { createStore, get, set } from 'idb-keyval';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testSession } from '@/test/fixtures';
import { ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';

const server = setupMswServer();
const sampleSession = testSession('sample-access-token');

/** What the tab's modules see when the page loads: the stores choose their storage then. */
async function loadTab() {
  vi.resetModules();
  const { useAuthStore } = await import('@/stores/auth');
  const sampleTab = await import('./sample-tab');
  return { useAuthStore, ...sampleTab };
}

let redeemed: unknown[];
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  redeemed = [];
  server.use(
    http.post('*/api/sample-workshop/session', async ({ request }) => {
      const body = (await request.json()) as { openingToken: string };
      redeemed.push(body);
      return body.openingToken === 'good-token'
        ? ok(sampleSession)
        : HttpResponse.json({ success: false, code: 'unauthenticated' }, { status: 401 });
    }),
  );
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('a sample workshop tab', () => {
  it("signs in from the fragment's token into this tab's storage only", async () => {
    // The owner is signed in on this device, in the storage every tab shares.
    localStorage.setItem('auth', JSON.stringify({ state: { isLoggedIn: true }, version: 1 }));
    const ownerCopy = localStorage.getItem('auth');
    window.history.replaceState(null, '', '/order-analytics#sample-opening=good-token');
    const { useAuthStore, startSampleTab, isSampleTab } = await loadTab();

    await startSampleTab((data) => useAuthStore.getState().setSession(data));

    expect(redeemed).toEqual([{ openingToken: 'good-token' }]);
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/order-analytics');
    expect(useAuthStore.getState().token?.accessToken).toBe('sample-access-token');
    expect(sessionStorage.getItem('auth')).toContain('sample-access-token');
    expect(localStorage.getItem('auth')).toBe(ownerCopy);
    // A reload of the tab is still the sample's.
    expect(isSampleTab()).toBe(true);
    const reloaded = await loadTab();
    expect(reloaded.useAuthStore.getState().token?.accessToken).toBe('sample-access-token');
  });

  it('stays signed out on a used token, still apart from the shared session', async () => {
    window.history.replaceState(null, '', '/order-analytics#sample-opening=used-token');
    const { useAuthStore, startSampleTab } = await loadTab();
    await startSampleTab((data) => useAuthStore.getState().setSession(data));
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
    expect(window.location.hash).toBe('');
    useAuthStore.getState().setSession(testSession('typed-in-this-tab'));
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('neither shows, overwrites nor wipes the saved copy the other tabs share', async () => {
    const shared = createStore('karkhana', 'query-cache');
    await set('react-query', 'the owner books', shared);
    window.history.replaceState(null, '', '/order-analytics#sample-opening=good-token');
    vi.resetModules();
    const { queryCacheStorage, QUERY_CACHE_KEY, wipeQueryCache } = await import('./query-client');

    expect(await queryCacheStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
    await queryCacheStorage.setItem(QUERY_CACHE_KEY, 'sample records');
    await wipeQueryCache();
    expect(await get('react-query', shared)).toBe('the owner books');
  });

  it('leaves an ordinary tab as it is', async () => {
    const { useAuthStore, startSampleTab, isSampleTab } = await loadTab();
    await startSampleTab((data) => useAuthStore.getState().setSession(data));
    expect(redeemed).toEqual([]);
    expect(isSampleTab()).toBe(false);
    useAuthStore.getState().setSession(testSession('owner-token'));
    expect(localStorage.getItem('auth')).toContain('owner-token');
  });
});
