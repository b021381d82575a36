import {
  NAV_GROUPS,
  type AreaDefinition,
  type AreaKey,
  type AreaRoutes,
} from '@/lib/area-definition';
import type { Permission } from '../../contract/permissions.ts';

/*
 * Every area declares its sidebar entry and its routes in its own folder's `area.ts`
 * (`export const area = defineArea({...})`, or an array of them); nobody appends to a shared
 * list. The files are small and hold no page code, so they load with the shell.
 */
const declared = import.meta.glob<AreaRoutes | readonly AreaRoutes[]>('./*/area.ts', {
  base: '../features',
  eager: true,
  import: 'area',
});

// The glob's order is the folders' alphabetical order, the same on every build.
export const AREA_DECLARATIONS: readonly AreaRoutes[] = Object.values(declared).flat();

function isSidebarEntry(declaration: AreaRoutes): declaration is AreaDefinition {
  return 'group' in declaration;
}

/** The sidebar's order: the groups in `NAV_GROUPS` order, and within a group by `order`. */
export function bySidebarOrder(a: AreaDefinition, b: AreaDefinition): number {
  return NAV_GROUPS.indexOf(a.group) - NAV_GROUPS.indexOf(b.group) || a.order - b.order;
}

/** Every area of the signed-in app, in sidebar order. */
export const AREAS: readonly AreaDefinition[] =
  AREA_DECLARATIONS.filter(isSidebarEntry).sort(bySidebarOrder);

/** What a role needs to open an area; an area left out is open to everyone signed in. */
export const AREA_PERMISSIONS: Partial<Record<AreaKey, Permission>> = Object.fromEntries(
  AREAS.flatMap(({ key, permission }) => (permission ? [[key, permission]] : [])),
);
