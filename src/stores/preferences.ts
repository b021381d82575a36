import { create } from 'zustand';
import { loadFontFamily } from '@/styles/fonts';

export const FONTS = ['inter', 'manrope', 'system', 'satoshi'] as const;
export type Font = (typeof FONTS)[number];
export const DEFAULT_FONT: Font = 'satoshi';
export const FONT_STORAGE_KEY = 'font';

export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEMES)[number];
export type ColorScheme = 'light' | 'dark';
export const DEFAULT_THEME: ThemePreference = 'system';
export const THEME_STORAGE_KEY = 'vite-ui-theme';

const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export function isFont(value: unknown): value is Font {
  return typeof value === 'string' && (FONTS as readonly string[]).includes(value);
}

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

// Storage can throw (privacy modes, quota); a preference is never worth breaking the app for.
function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // The choice still applies for this visit.
  }
}

function darkSchemeQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_SCHEME_QUERY)
    : null;
}

function readSystemScheme(): ColorScheme {
  return darkSchemeQuery()?.matches ? 'dark' : 'light';
}

export function applyFontClass(font: Font) {
  const root = document.documentElement;
  for (const name of FONTS) root.classList.remove(`font-${name}`);
  root.classList.add(`font-${font}`);
  void loadFontFamily(font);
}

export function resolveColorScheme(theme: ThemePreference, system: ColorScheme): ColorScheme {
  return theme === 'system' ? system : theme;
}

interface PreferencesState {
  font: Font;
  theme: ThemePreference;
  /** What the operating system currently asks for; only used while `theme` is `system`. */
  systemScheme: ColorScheme;
  setFont: (font: string) => void;
  setTheme: (theme: string) => void;
  setSystemScheme: (scheme: ColorScheme) => void;
}

function storedFont(): Font {
  const value = readStorage(FONT_STORAGE_KEY);
  return isFont(value) ? value : DEFAULT_FONT;
}

function storedTheme(): ThemePreference {
  const value = readStorage(THEME_STORAGE_KEY);
  return isThemePreference(value) ? value : DEFAULT_THEME;
}

export const usePreferencesStore = create<PreferencesState>()((set) => ({
  font: storedFont(),
  theme: storedTheme(),
  systemScheme: readSystemScheme(),
  setFont: (value) => {
    const font = isFont(value) ? value : DEFAULT_FONT;
    writeStorage(FONT_STORAGE_KEY, font);
    applyFontClass(font);
    set({ font });
  },
  setTheme: (value) => {
    const theme = isThemePreference(value) ? value : DEFAULT_THEME;
    writeStorage(THEME_STORAGE_KEY, theme);
    set({ theme });
  },
  setSystemScheme: (systemScheme) => set({ systemScheme }),
}));

/** Re-reads both preferences from storage (start-up, or another tab changed them). */
export function loadStoredPreferences() {
  const font = storedFont();
  applyFontClass(font);
  usePreferencesStore.setState({ font, theme: storedTheme(), systemScheme: readSystemScheme() });
}

export function useColorScheme(): ColorScheme {
  return usePreferencesStore((state) => resolveColorScheme(state.theme, state.systemScheme));
}

/**
 * Applies the stored preferences and keeps them live: follows the operating system's colour
 * scheme and picks up changes made in another tab. Returns a function that stops listening.
 */
export function startPreferenceSync(): () => void {
  loadStoredPreferences();
  const query = darkSchemeQuery();
  const onSchemeChange = (event: MediaQueryListEvent) =>
    usePreferencesStore.getState().setSystemScheme(event.matches ? 'dark' : 'light');
  const onStorage = (event: StorageEvent) => {
    if (event.key === FONT_STORAGE_KEY || event.key === THEME_STORAGE_KEY || event.key === null) {
      loadStoredPreferences();
    }
  };
  query?.addEventListener('change', onSchemeChange);
  window.addEventListener('storage', onStorage);
  return () => {
    query?.removeEventListener('change', onSchemeChange);
    window.removeEventListener('storage', onStorage);
  };
}
