import { describe, expect, it } from 'vitest';
import { NAV_GROUPS } from '@/lib/area-definition';
import { AREA_ROUTES } from './area-routes';
import { AREAS, bySidebarOrder } from './areas';

describe('the areas gathered from the feature folders', () => {
  it('are in sidebar order: by group, then by their place in the group, with no ties', () => {
    expect(AREAS.length).toBeGreaterThan(10);
    for (const [index, area] of AREAS.entries()) {
      const next = AREAS[index + 1];
      if (next)
        expect(bySidebarOrder(area, next), `${area.key} before ${next.key}`).toBeLessThan(0);
    }
    expect(new Set(AREAS.map((area) => area.group))).toEqual(new Set(NAV_GROUPS));
  });

  it('each have one sidebar entry', () => {
    const keys = AREAS.map((area) => area.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('serve their routes under their own sidebar path', () => {
    expect(AREA_ROUTES.length).toBeGreaterThan(AREAS.length);
    for (const route of AREA_ROUTES) {
      const area = AREAS.find((candidate) => candidate.key === route.area);
      expect(area, route.path).toBeDefined();
      expect(`/${route.path}/`.startsWith(`${area?.path}/`), route.path).toBe(true);
    }
  });
});
