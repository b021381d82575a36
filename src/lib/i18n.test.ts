import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyLanguage,
  LANGUAGE_STORAGE_KEY,
  languageDetector,
  toLanguage,
  translationBackend,
} from './i18n';

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

  it('ends on the last language chosen when switched quickly', async () => {
    void applyLanguage('hi');
    void applyLanguage('gu');
    await applyLanguage('en');
    expect(dayjs.locale()).toBe('en');
    expect(dayjs('2025-03-01').format('MMMM')).toBe('March');
  });
});

describe('language detection', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  const detect = () => (languageDetector.detect as () => string)();

  it('prefers the language kept on this device, as a supported language', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'gu');
    expect(detect()).toBe('gu');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(detect()).toBe('en');
  });

  it("falls back to the browser's first language", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['hi-IN', 'en-US']);
    expect(detect()).toBe('hi');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'gu']);
    expect(detect()).toBe('en');
  });

  it('keeps the chosen language on the device', () => {
    languageDetector.cacheUserLanguage?.('hi');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
  });
});

describe('translation backend', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const read = (language: string, namespace: string, respond: () => Promise<Response>) => {
    const fetchMock = vi.fn(respond);
    vi.stubGlobal('fetch', fetchMock);
    return new Promise<{ error: unknown; data: unknown; fetchMock: typeof fetchMock }>(
      (resolve) => {
        translationBackend.read(language, namespace, (error, data) =>
          resolve({ error, data, fetchMock }),
        );
      },
    );
  };

  it('fetches the namespace of a language past the browser cache', async () => {
    const { error, data, fetchMock } = await read('en', 'orders', () =>
      Promise.resolve(Response.json({ title: 'Orders' })),
    );
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Orders' });
    expect(fetchMock).toHaveBeenCalledWith('/locales/en/orders.json', { cache: 'no-store' });
  });

  it('asks for a retry after a network failure or a server error, not after a 404', async () => {
    const offline = await read('en', 'common', () => Promise.reject(new TypeError('offline')));
    expect(offline.error).toBeTruthy();
    expect(offline.data).toBe(true);
    const serverError = await read('en', 'common', () =>
      Promise.resolve(new Response('', { status: 503 })),
    );
    expect(serverError.data).toBe(true);
    const missing = await read('en', 'nothing', () =>
      Promise.resolve(new Response('', { status: 404 })),
    );
    expect(missing.error).toBeTruthy();
    expect(missing.data).toBe(false);
    const malformed = await read('en', 'common', () =>
      Promise.resolve(new Response('{', { status: 200 })),
    );
    expect(malformed.data).toBe(false);
  });
});
