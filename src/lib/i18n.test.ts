import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, toLanguage } from './i18n';

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

  it('sets <html lang> and the date locale together', () => {
    applyLanguage('gu-IN');
    expect(document.documentElement.lang).toBe('gu');
    expect(dayjs.locale()).toBe('gu');
    expect(dayjs('2025-03-01').format('MMMM')).toBe('માર્ચ');

    applyLanguage('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(dayjs('2025-03-01').format('MMMM')).toBe('मार्च');
  });
});
