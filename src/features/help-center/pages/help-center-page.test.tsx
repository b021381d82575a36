import { onlineManager } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveDraft } from '@/lib/form-drafts';
import { queuedWrites } from '@/lib/offline/write-queue';
import { setWaitingUpdate } from '@/lib/pwa/waiting-update';
import { QUERY_CACHE_KEY, queryCacheStorage } from '@/lib/query-client';
import { merchants } from '@/features/merchants/resource';
import { useAuthStore } from '@/stores/auth';
import { NEW_MERCHANT } from '@/test/fixtures';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { createTestQueryClient, createTestWrapper, renderRoutes } from '@/test/render';
import { readWorkerState } from '../use-device-state';
import HelpCenterPage from './help-center-page';

const server = setupMswServer();
let logouts = 0;

beforeEach(() => {
  logouts = 0;
  server.use(
    http.post('*/api/auth/logout', () => {
      logouts += 1;
      return HttpResponse.json({ success: true, data: null, message: 'Logged out' });
    }),
  );
  signInTestUser();
});

afterEach(() => {
  onlineManager.setOnline(true);
  setWaitingUpdate(null);
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'storage');
});

function renderHelp(route = '/help-center', queryClient = createTestQueryClient()) {
  return renderRoutes(
    [
      { path: '/help-center', element: <HelpCenterPage /> },
      { path: '/help-center/:articleId', element: <HelpCenterPage /> },
      { path: '/sign-in', element: <p>Sign-in page</p> },
    ],
    { route, queryClient },
  );
}

const guides = () => within(screen.getByRole('navigation', { name: 'Guides' }));

describe('the guides', () => {
  it('lists every guide and opens one with all its sections', async () => {
    const { user } = renderHelp();
    expect(screen.getByRole('heading', { level: 1, name: 'Help center' })).toBeInTheDocument();
    expect(guides().getAllByRole('link')).toHaveLength(8);
    await user.click(guides().getByRole('link', { name: /Take an order/ }));

    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { level: 2, name: 'Take an order' })).toBeVisible();
    expect(
      within(article)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Merchant and designs first', 'Write the order', 'Move it along', 'Find an order']);
    // Numbered steps are a real list.
    expect(within(article).getAllByRole('list').length).toBeGreaterThan(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/help-center/take-order');
  });

  it('says so for a guide that does not exist', () => {
    renderHelp('/help-center/no-such-guide');
    expect(screen.getByText('There is no such guide. Pick one from the list.')).toBeVisible();
  });

  it('searches the current language without regard to case, and keeps the search in the address', async () => {
    const { user, router } = renderHelp();
    await user.type(screen.getByRole('searchbox', { name: 'Search the help' }), 'WHATSAPP');
    expect(await screen.findByText(/guides? found/)).toBeVisible();
    const found = guides()
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(found).toContain('Bill and get paid');
    expect(found).toContain('Print or send it');
    expect(found).not.toContain('Pay workers');
    expect(screen.getByTestId('location')).toHaveTextContent('/help-center?q=WHATSAPP');

    await user.click(guides().getByRole('link', { name: 'Print or send it' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/help-center/bill-and-get-paid?q=WHATSAPP',
    );
    expect(router.state.location.hash).toBe('#print-share');
    expect(await screen.findByRole('article')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search the help' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the help' }), 'zzzz');
    expect(screen.getByText('No guide mentions “zzzz”. Try a shorter word.')).toBeVisible();
  });
});

function stubStorage(usage: number, quota: number) {
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: () => Promise.resolve({ usage, quota }) },
  });
}

describe('this device', () => {
  it('shows the version, offline readiness, storage and that nothing waits to be sent', async () => {
    stubStorage(2_500_000, 1_000_000_000);
    renderHelp();
    const panel = within(screen.getByRole('region', { name: 'This device' }));
    expect(panel.getByText('0.1.0')).toBeVisible();
    // happy-dom has no service workers, so there is no update to look for either.
    expect(await panel.findByText('Not possible in this browser')).toBeVisible();
    expect(panel.queryByText('Update')).not.toBeInTheDocument();
    expect(panel.getByText('None')).toBeVisible();
    expect(await panel.findByText('2.5 MB of 1 GB')).toBeVisible();
  });

  it('looks for a new version on request when the app works offline', async () => {
    const update = vi.fn(() => Promise.resolve());
    const registration = {
      active: {},
      waiting: null,
      installing: null,
      update,
      addEventListener: () => undefined,
    };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        controller: {},
        getRegistration: () => Promise.resolve(registration),
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      },
    });
    try {
      const { user } = renderHelp();
      const panel = within(screen.getByRole('region', { name: 'This device' }));
      expect(await panel.findByText('Ready: opens without a network')).toBeVisible();
      expect(panel.getByText('Up to date')).toBeVisible();
      await user.click(panel.getByRole('button', { name: 'Check for an update' }));
      expect(await panel.findByText('No new version found')).toBeVisible();
      expect(update).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('offers a waiting update and applies it after the same question the app asks', async () => {
    const apply = vi.fn();
    setWaitingUpdate(apply);
    const { user } = renderHelp();
    const panel = within(screen.getByRole('region', { name: 'This device' }));
    expect(panel.getByText('A new version is ready')).toBeVisible();
    await user.click(panel.getByRole('button', { name: 'Update now' }));
    const dialog = await screen.findByRole('dialog', { name: 'App Update Available' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Now' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('clears the device after warning that unsent changes will be thrown away', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: () => Promise.resolve(['workbox-precache-v2-http://localhost/', 'api-responses']),
      delete: (name: string) => {
        deleted.push(name);
        return Promise.resolve(true);
      },
    });
    // No answer from the server: the write waits on this device.
    server.use(http.post('*/api/merchants', () => HttpResponse.error()));
    const client = createTestQueryClient();
    const { wrapper } = createTestWrapper({ queryClient: client });
    onlineManager.setOnline(false);
    const create = renderHook(() => merchants.useCreate(), { wrapper });
    act(() => create.result.current.mutate(NEW_MERCHANT));
    await waitFor(() => expect(queuedWrites(client)).toHaveLength(1));
    create.unmount();
    client.setQueryData(['merchants', 'list', {}], { data: [{ name: 'Navrang Prints' }] });
    await queryCacheStorage.setItem(QUERY_CACHE_KEY, '{"clientState":{}}');
    saveDraft('orders:create', { poNumber: 'PO-77' });
    sessionStorage.setItem('something', 'of this session');

    const { user } = renderHelp('/help-center', client);
    const panel = within(screen.getByRole('region', { name: 'This device' }));
    expect(panel.getByText('1 change')).toBeVisible();
    await user.click(panel.getByRole('button', { name: 'Clear this device' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Clear this device?' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(
      '1 change has not reached the server yet. Clearing the device throws it away for good.',
    );
    // Cancelling keeps everything.
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(queuedWrites(client)).toHaveLength(1);

    await user.click(panel.getByRole('button', { name: 'Clear this device' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Clear this device?' }));
    await user.click(confirm.getByRole('button', { name: 'Throw away and clear' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sign-in'));
    expect(logouts).toBe(1);
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
    expect(queuedWrites(client)).toHaveLength(0);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(await queryCacheStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
    expect(Object.keys(localStorage).filter((key) => key.includes('draft'))).toEqual([]);
    expect(sessionStorage.getItem('something')).toBeNull();
    expect(deleted).toEqual(['api-responses']);

    // The network coming back sends nothing of what was thrown away.
    let sent = 0;
    server.use(
      http.post('*/api/merchants', () => {
        sent += 1;
        return HttpResponse.json({ success: false, code: 'unauthenticated' }, { status: 401 });
      }),
    );
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sent).toBe(0);
  });

  it('asks without a warning when nothing waits to be sent', async () => {
    const { user } = renderHelp();
    await user.click(screen.getByRole('button', { name: 'Clear this device' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Clear this device?' }));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Clear this device' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sign-in'));
    expect(useAuthStore.getState().token).toBeNull();
  });
});

describe('readWorkerState', () => {
  const container = (registration: object | undefined, controller: object | null) =>
    ({
      getRegistration: () => Promise.resolve(registration),
      controller,
    }) as unknown as ServiceWorkerContainer;

  it('tells each state apart', async () => {
    expect(await readWorkerState(undefined)).toBe('unsupported');
    expect(await readWorkerState(container(undefined, null))).toBe('none');
    expect(await readWorkerState(container({ active: null, installing: {} }, null))).toBe(
      'installing',
    );
    expect(await readWorkerState(container({ active: {} }, null))).toBe('waitingReload');
    expect(await readWorkerState(container({ active: {} }, {}))).toBe('ready');
  });
});
