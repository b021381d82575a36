import type { AreaRoute, AreaRoutes } from '@/lib/area-definition';
import { AREA_DECLARATIONS, AREAS } from './areas';

const sidebarPlace = (declaration: AreaRoutes) =>
  AREAS.findIndex((area) => area.key === declaration.key);

/**
 * The single map from signed-in routes to their pages, gathered from the areas' own `area.ts`
 * (an area's routes, then those another folder serves under it, in sidebar order). When an area
 * is built, its `page` is set there and nothing else in the shell changes. Settings has its own
 * nested routes in the router.
 */
export const AREA_ROUTES: AreaRoute[] = [...AREA_DECLARATIONS]
  .sort((a, b) => sidebarPlace(a) - sidebarPlace(b))
  .flatMap(({ key, routes = [] }) => routes.map((route) => ({ ...route, area: key })));
