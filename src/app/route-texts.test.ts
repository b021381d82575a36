import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { signedInRoutes } from './signed-in-routes';

function findRoute(routes: RouteObject[], path: string): RouteObject | undefined {
  for (const route of routes) {
    if (route.path === path) return route;
    const inner = route.children && findRoute(route.children, path);
    if (inner) return inner;
  }
  return undefined;
}

async function settlesWithin(promise: Promise<unknown>, millis: number) {
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), millis)),
  ]);
}

describe('a page route and its texts', { timeout: 15_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ['designs', 'designs', () => import('@/features/designs/pages/designs-page')],
    ['security', 'account', () => import('@/features/auth/account/pages/security-page')],
    ['account', 'organization', () => import('@/features/organization/pages/organization-page')],
  ])(
    '/%s resolves only once its %s texts are loaded, so it never renders to suspend on them',
    async (path, namespace, loadPage) => {
      // The page's code is already there, as it would be moments later in the app.
      await loadPage();
      let textsLoaded!: () => void;
      const loadNamespaces = vi
        .spyOn(i18n, 'loadNamespaces')
        .mockReturnValue(new Promise<void>((resolve) => (textsLoaded = resolve)));
      const lazy = findRoute(signedInRoutes, path)?.lazy;
      expect(typeof lazy).toBe('function');
      const loading = (lazy as () => Promise<RouteObject>)();

      expect(await settlesWithin(loading, 200)).toBe(false);
      expect(loadNamespaces.mock.calls.flat(2)).toContain(namespace);
      textsLoaded();
      const route = await loading;
      expect(route.Component ?? route.element).toBeTruthy();
    },
  );

  it('a page whose texts cannot be fetched still loads', async () => {
    vi.spyOn(i18n, 'loadNamespaces').mockRejectedValue(new Error('offline'));
    const lazy = findRoute(signedInRoutes, 'designs')?.lazy as () => Promise<RouteObject>;
    const route = await lazy();
    expect(route.element).toBeTruthy();
  });
});
