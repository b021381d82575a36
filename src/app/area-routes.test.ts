import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@/lib/i18n';
import type { AreaRoute } from '@/lib/area-definition';
import { AREA_ROUTES } from './area-routes';

const localeFiles = new Set(Object.keys(import.meta.glob('/public/locales/*/*.json')));

const pageSources = import.meta.glob<string>('/src/features/*/pages/*.tsx', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The page file a route loads, read from its `import()` call. */
function pageFileOf(route: AreaRoute): string | undefined {
  return /["'](\/src\/features\/[^"']+\.tsx)["']/.exec(String(route.page))?.[1];
}

describe('area routes', () => {
  it('fetch the list page’s own texts with every page built on it', () => {
    const listPages = AREA_ROUTES.filter((route) => {
      const file = pageFileOf(route);
      return file !== undefined && pageSources[file]?.includes('<ResourceListPage') === true;
    });
    expect(listPages.map((route) => route.path)).toContain('orders');
    for (const route of listPages) {
      expect(route.sharedNamespaces, route.path).toContain('audit');
    }
  });

  it('name shared namespaces that exist in every language', () => {
    for (const route of AREA_ROUTES) {
      for (const namespace of route.sharedNamespaces ?? []) {
        for (const language of SUPPORTED_LANGUAGES) {
          expect(localeFiles.has(`/public/locales/${language}/${namespace}.json`)).toBe(true);
        }
      }
    }
  });

  it('name a translation namespace that exists in every language for each built page', () => {
    const built = AREA_ROUTES.filter((route) => route.page);
    expect(built.length).toBeGreaterThan(0);
    for (const route of built) {
      expect(route.namespace, route.path).toBeTruthy();
      for (const language of SUPPORTED_LANGUAGES) {
        const file = `/public/locales/${language}/${route.namespace}.json`;
        expect(localeFiles.has(file), `${route.path}: ${file}`).toBe(true);
      }
    }
  });
});
