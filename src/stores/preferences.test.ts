import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fonts = vi.hoisted(() => ({
  loadFontFamily: vi.fn((_font: string) => Promise.resolve()),
  loadScriptFont: vi.fn(() => Promise.resolve()),
}));
vi.mock('@/styles/fonts', () => fonts);

type Listener = (event: MediaQueryListEvent) => void;

/** A controllable `(prefers-color-scheme: dark)` query. */
function fakeDarkQuery(initiallyDark: boolean) {
  const listeners = new Set<Listener>();
  const query = {
    matches: initiallyDark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_: string, listener: Listener) => listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(() => query as unknown as MediaQueryList);
  return {
    change(dark: boolean) {
      query.matches = dark;
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
    },
    listenerCount: () => listeners.size,
  };
}

async function loadPreferences() {
  vi.resetModules();
  return import('./preferences');
}

describe('preferences store', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('defaults to Satoshi and the system theme', async () => {
    fakeDarkQuery(false);
    const { usePreferencesStore, startPreferenceSync } = await loadPreferences();
    const stop = startPreferenceSync();
    expect(usePreferencesStore.getState()).toMatchObject({ font: 'satoshi', theme: 'system' });
    expect(document.documentElement).toHaveClass('font-satoshi');
    stop();
  });

  it('falls back to the default for an unknown stored font or theme', async () => {
    fakeDarkQuery(false);
    localStorage.setItem('font', 'comic-sans');
    localStorage.setItem('vite-ui-theme', 'purple');
    const { usePreferencesStore } = await loadPreferences();
    expect(usePreferencesStore.getState()).toMatchObject({ font: 'satoshi', theme: 'system' });
  });

  it('applies and stores a chosen font as exactly one font class', async () => {
    fakeDarkQuery(false);
    const { usePreferencesStore } = await loadPreferences();
    usePreferencesStore.getState().setFont('manrope');
    usePreferencesStore.getState().setFont('inter');
    expect(localStorage.getItem('font')).toBe('inter');
    const fontClasses = [...document.documentElement.classList].filter((c) =>
      c.startsWith('font-'),
    );
    expect(fontClasses).toEqual(['font-inter']);
  });

  it('loads the faces of a chosen font, at start-up and when chosen', async () => {
    fakeDarkQuery(false);
    localStorage.setItem('font', 'manrope');
    fonts.loadFontFamily.mockClear();
    const { usePreferencesStore, startPreferenceSync } = await loadPreferences();
    const stop = startPreferenceSync();
    usePreferencesStore.getState().setFont('inter');
    expect(fonts.loadFontFamily.mock.calls.map(([font]) => font)).toEqual(['manrope', 'inter']);
    stop();
  });

  it('stores the theme under vite-ui-theme and resolves explicit choices', async () => {
    fakeDarkQuery(true);
    const { usePreferencesStore, resolveColorScheme } = await loadPreferences();
    usePreferencesStore.getState().setTheme('light');
    expect(localStorage.getItem('vite-ui-theme')).toBe('light');
    const { theme, systemScheme } = usePreferencesStore.getState();
    expect(resolveColorScheme(theme, systemScheme)).toBe('light');
  });

  it('follows the operating system while on "system" and reacts to changes', async () => {
    const media = fakeDarkQuery(false);
    const { usePreferencesStore, resolveColorScheme, startPreferenceSync } =
      await loadPreferences();
    const stop = startPreferenceSync();
    const resolved = () => {
      const { theme, systemScheme } = usePreferencesStore.getState();
      return resolveColorScheme(theme, systemScheme);
    };
    expect(resolved()).toBe('light');
    media.change(true);
    expect(resolved()).toBe('dark');
    media.change(false);
    expect(resolved()).toBe('light');

    stop();
    expect(media.listenerCount()).toBe(0);
  });
});
