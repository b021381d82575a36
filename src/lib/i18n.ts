import i18n, { type BackendModule, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const SUPPORTED_LANGUAGES = ['en', 'gu', 'hi'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

/** Each language named in itself, so a reader finds their own language whatever is selected. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  gu: 'ગુજરાતી',
  hi: 'हिन्दी',
};

/** Loaded with the app; every other namespace loads when a page first asks for it. */
export const STARTUP_NAMESPACES = ['common', 'ui', 'validation'] as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The supported language behind a tag such as `gu-IN`, or English. */
export function toLanguage(tag: string | undefined): Language {
  const base = tag?.split('-')[0]?.toLowerCase();
  return isLanguage(base) ? base : FALLBACK_LANGUAGE;
}

// dayjs ships English; the others load with the language that is chosen, not with the app.
const DATE_LOCALES: Partial<Record<Language, () => Promise<unknown>>> = {
  gu: () => import('dayjs/locale/gu'),
  hi: () => import('dayjs/locale/hi'),
};

/** Makes dayjs (and Mantine's date pickers, which use it) able to format in `language`. */
export async function loadDateLocale(language: Language): Promise<void> {
  await DATE_LOCALES[language]?.();
}

let dateLocaleChange: Promise<void> = Promise.resolve();
// dayjs starts in English; only after it was switched away must it be switched back.
let dateLocaleChanged = false;

/** Keeps the document and date formatting in step with the interface language. */
export function applyLanguage(tag: string | undefined): Promise<void> {
  const language = toLanguage(tag);
  document.documentElement.lang = language;
  // Chained, so a quick switch back and forth ends on the last language chosen.
  dateLocaleChange = dateLocaleChange.then(async () => {
    if (language === FALLBACK_LANGUAGE && !dateLocaleChanged) return;
    try {
      const [{ default: dayjs }] = await Promise.all([import('dayjs'), loadDateLocale(language)]);
      dayjs.locale(language);
      dateLocaleChanged = language !== FALLBACK_LANGUAGE;
    } catch (error) {
      console.warn('Could not load the date names for', language, error);
    }
  });
  return dateLocaleChange;
}

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The language kept on this device, else the browser's first preference, as a supported language.
 * What i18next-browser-languagedetector did with `order: ['localStorage', 'navigator']`, without
 * its lookups for cookies, query strings and paths, which this app never used.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => toLanguage(readStoredLanguage() ?? navigator.languages[0] ?? navigator.language),
  cacheUserLanguage: (language) => {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Private mode or a full quota: the choice then lasts only this visit.
    }
  },
};

/**
 * Fetches `/locales/{language}/{namespace}.json`. A language's translations count as loaded only
 * once its date names are there too, so no page renders a Gujarati or Hindi screen with English
 * month names. Translations change with each deployment; the service worker keeps an offline copy,
 * so the browser's own cache is bypassed.
 */
export const translationBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  // The callback's second argument on failure tells i18next whether to retry: yes for a network
  // failure or a server error, no for a missing file or a malformed one.
  read(language, namespace, callback) {
    const url = `/locales/${language}/${namespace}.json`;
    loadDateLocale(toLanguage(language))
      .then(() => fetch(url, { cache: 'no-store' }))
      .then(
        async (response) => {
          if (!response.ok) {
            callback(`failed loading ${url}: ${response.status}`, response.status >= 500);
            return;
          }
          let translations: Record<string, unknown>;
          try {
            translations = (await response.json()) as Record<string, unknown>;
          } catch {
            callback(`failed parsing ${url} to json`, false);
            return;
          }
          callback(null, translations);
        },
        (error: unknown) => callback(`failed loading ${url}: ${String(error)}`, true),
      );
  },
};

export function initI18n() {
  i18n.on('languageChanged', applyLanguage);
  return i18n
    .use(translationBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...SUPPORTED_LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: FALLBACK_LANGUAGE,
      ns: [...STARTUP_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
    })
    .then(() => applyLanguage(i18n.resolvedLanguage ?? i18n.language));
}

export { i18n };
