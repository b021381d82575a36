import { matchPath } from 'react-router';
import { can } from '../../contract/permissions.ts';
import { AREA_ROUTES } from './area-routes';
import type { AreaRoute } from '@/lib/area-definition';
import { AREA_PERMISSIONS } from './areas';
import { openingUser } from './opening-user';

/**
 * Starts the first read of the page the app opens on (its `prefetch`, with the URL's query), so
 * the request does not wait for the page's code. Nothing starts signed out, for a page the
 * user's role may not open, or while a temporary password has to be replaced.
 */
export function prefetchOpeningPage(
  location: { pathname: string; search: string },
  routes: readonly AreaRoute[] = AREA_ROUTES,
) {
  const user = openingUser();
  if (!user) return;
  const route = routes.find(
    (candidate) => matchPath({ path: `/${candidate.path}`, end: true }, location.pathname) !== null,
  );
  if (!route?.prefetch) return;
  const needed = route.permission ?? AREA_PERMISSIONS[route.area];
  if (needed && !can(user.role, needed)) return;
  // A failed read is the page's to show: it asks again when it renders.
  route.prefetch(new URLSearchParams(location.search)).catch(() => undefined);
}
