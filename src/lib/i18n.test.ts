import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, toLanguage } from './i18n';

const fonts = vi.hoisted(() => ({
  loadFontFamily: vi.fn(() => Promise.resolve()),
  loadScriptFont: vi.fn((_language: string) => Promise.resolve()),
}));
vi.mock('@/styles/fonts', () => fonts);

describe('i18n helpers', () => {
  afterEach(() => applyLanguage('en'));

  it.each([
    ['gu-IN', 'gu'],
    ['hi', 'hi'],
    ['en-US', 'en'],
    ['fr-FR', 'en'],
    [undefined, 'en'],
  ])('maps %s to %s', (tag, language) => {
    expect(toLanguage(tag)).toBe(language);
  });

  it('sets <html lang> at once and the date locale once its names have loaded', async () => {
    const applied = applyLanguage('gu-IN');
    expect(document.documentElement.lang).toBe('gu');
    await applied;
    expect(dayjs.locale()).toBe('gu');
    expect(dayjs('2025-03-01').format('MMMM')).toBe('માર્ચ');

    await applyLanguage('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(dayjs('2025-03-01').format('MMMM')).toBe('मार्च');
  });

  it("loads the font of the language's script with the language, and none for English", async () => {
    fonts.loadScriptFont.mockClear();
    await applyLanguage('en-US');
    expect(fonts.loadScriptFont.mock.calls.map(([language]) => language)).toEqual(['en']);
    await applyLanguage('gu-IN');
    await applyLanguage('hi');
    expect(fonts.loadScriptFont.mock.calls.map(([language]) => language)).toEqual([
      'en',
      'gu',
      'hi',
    ]);
  });

  it('ends on the last language chosen when switched quickly', async () => {
    void applyLanguage('hi');
    void applyLanguage('gu');
    await applyLanguage('en');
    expect(dayjs.locale()).toBe('en');
    expect(dayjs('2025-03-01').format('MMMM')).toBe('March');
  });
});
