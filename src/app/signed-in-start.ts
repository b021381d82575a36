import type { RouteObject } from 'react-router';
import { preloadHttpClient } from '@/lib/api-client';
import { readQueryCacheAhead } from '@/lib/query-client';
import { openingUser } from './opening-user';

let signedInTable: Promise<RouteObject[]> | undefined;

/**
 * The signed-in part of the route tree (src/app/signed-in-routes.tsx), loaded once: by the router
 * on the first navigation past the signed-out pages, or earlier by `startSignedInRoute`.
 */
export function loadSignedInRoutes(): Promise<RouteObject[]> {
  signedInTable ??= import('./signed-in-routes').then(
    (module) => module.signedInRoutes,
    (error: unknown) => {
      // Offline before the service worker cached it: the next navigation asks again.
      signedInTable = undefined;
      throw error;
    },
  );
  return signedInTable;
}

/**
 * Run once when the app opens, signed in: starts reading the saved cache and the page's first
 * request for the URL it opens on, alongside the page's code and texts rather than after them.
 * The route table that knows each page's first request loads only here and with the signed-in
 * routes, never on a signed-out page.
 */
export function startSignedInRoute(location: { pathname: string; search: string }) {
  if (!openingUser()) return;
  readQueryCacheAhead();
  preloadHttpClient();
  // A failed load is the router's to show: it needs the same route table.
  void import('./route-prefetch')
    .then(({ prefetchOpeningPage }) => prefetchOpeningPage(location))
    .catch(() => undefined);
  // Asked for now rather than when the router gets to its first navigation, a few tasks later:
  // the page's code is requested as soon as the route table is there.
  loadSignedInRoutes().catch(() => undefined);
}
