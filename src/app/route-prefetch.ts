import { matchPath } from 'react-router';
import { can } from '../../contract/permissions.ts';
import { preloadHttpClient } from '@/lib/api-client';
import { readQueryCacheAhead } from '@/lib/query-client';
import { selectIsLoggedIn, useAuthStore } from '@/stores/auth';
import { AREA_ROUTES } from './area-routes';
import type { AreaRoute } from '@/lib/area-definition';
import { AREA_PERMISSIONS } from './areas';

/**
 * Run once when the app opens, signed in: starts reading the saved cache and the page's first
 * request for the URL it opens on, alongside the page's code and texts rather than after them.
 * Nothing starts for a page the user's role may not open, or while a temporary password has to be
 * replaced (the server answers nothing else then).
 */
export function startSignedInRoute(
  location: { pathname: string; search: string },
  routes: readonly AreaRoute[] = AREA_ROUTES,
) {
  const { user } = useAuthStore.getState();
  if (!selectIsLoggedIn(useAuthStore.getState()) || !user || user.mustChangePassword) return;
  readQueryCacheAhead();
  preloadHttpClient();
  const route = routes.find(
    (candidate) => matchPath({ path: `/${candidate.path}`, end: true }, location.pathname) !== null,
  );
  if (!route?.prefetch) return;
  const needed = route.permission ?? AREA_PERMISSIONS[route.area];
  if (needed && !can(user.role, needed)) return;
  // A failed read is the page's to show: it asks again when it renders.
  route.prefetch(new URLSearchParams(location.search)).catch(() => undefined);
}
