import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@/lib/i18n';
import { AREA_ROUTES } from './area-routes';

const localeFiles = new Set(Object.keys(import.meta.glob('/public/locales/*/*.json')));

describe('area routes', () => {
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
