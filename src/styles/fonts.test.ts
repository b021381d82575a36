import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Fonts from './fonts';

/** The font stylesheets a call added to the document, by their package. */
async function stylesheetsLoadedBy(load: (fonts: typeof Fonts) => Promise<void>) {
  vi.resetModules();
  const loaded: string[] = [];
  for (const name of [
    'inter',
    'manrope',
    'plus-jakarta-sans',
    'noto-sans-gujarati',
    'noto-sans-devanagari',
  ]) {
    vi.doMock(`@fontsource-variable/${name}/wght.css`, () => {
      loaded.push(name);
      return {};
    });
  }
  const fonts = await import('./fonts');
  loaded.length = 0;
  await load(fonts);
  return loaded;
}

describe('font loading', () => {
  afterEach(() => vi.resetModules());

  it('loads a Latin family only when it is chosen', async () => {
    expect(await stylesheetsLoadedBy((fonts) => fonts.loadFontFamily('satoshi'))).toEqual([]);
    expect(await stylesheetsLoadedBy((fonts) => fonts.loadFontFamily('system'))).toEqual([]);
    expect(await stylesheetsLoadedBy((fonts) => fonts.loadFontFamily('inter'))).toEqual(['inter']);
    expect(await stylesheetsLoadedBy((fonts) => fonts.loadFontFamily('manrope'))).toEqual([
      'manrope',
    ]);
  });

  it('loads only the script the language is written in', async () => {
    expect(await stylesheetsLoadedBy((fonts) => fonts.loadScriptFont('en'))).toEqual([]);
    expect(await stylesheetsLoadedBy((fonts) => fonts.loadScriptFont('gu'))).toEqual([
      'noto-sans-gujarati',
    ]);
    expect(await stylesheetsLoadedBy((fonts) => fonts.loadScriptFont('hi'))).toEqual([
      'noto-sans-devanagari',
    ]);
  });

  it('loads the default family with the app and no other', async () => {
    vi.resetModules();
    const loaded: string[] = [];
    for (const name of ['inter', 'manrope', 'plus-jakarta-sans', 'noto-sans-gujarati']) {
      vi.doMock(`@fontsource-variable/${name}/wght.css`, () => {
        loaded.push(name);
        return {};
      });
    }
    await import('./fonts');
    expect(loaded).toEqual(['plus-jakarta-sans']);
  });
});
