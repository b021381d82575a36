import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { loadScriptFont } from '@/styles/fonts';

export const SUPPORTED_LANGUAGES = ['en', 'gu', 'hi'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
const FALLBACK_LANGUAGE: Language = 'en';
const LANGUAGE_STORAGE_KEY = 'language';

/** Each language named in itself, so a reader finds their own language whatever is selected. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  gu: 'ગુજરાતી',
  hi: 'हिन्दी',
};

/** Loaded with the app; every other namespace loads when a page first asks for it. */
const STARTUP_NAMESPACES = ['common', 'ui', 'validation'] as const;

function isLanguage(value: unknown): value is Language {
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
    // Awaited with the date names, so a Gujarati or Hindi start never paints in a fallback font.
    const scriptFont = loadScriptFont(language);
    if (language === FALLBACK_LANGUAGE && !dateLocaleChanged) return;
    try {
      const [{ default: dayjs }] = await Promise.all([import('dayjs'), loadDateLocale(language)]);
      dayjs.locale(language);
      dateLocaleChanged = language !== FALLBACK_LANGUAGE;
    } catch (error) {
      console.warn('Could not load the date names for', language, error);
    }
    await scriptFont;
  });
  return dateLocaleChange;
}

/**
 * A language's translations count as loaded only once its date names are there too, so no page
 * renders a Gujarati or Hindi screen with English month names.
 */
async function translationPath(languages: string[]) {
  await Promise.all(languages.map((language) => loadDateLocale(toLanguage(language))));
  return '/locales/{{lng}}/{{ns}}.json';
}

export function initI18n() {
  i18n.on('languageChanged', applyLanguage);
  return i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...SUPPORTED_LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: FALLBACK_LANGUAGE,
      ns: [...STARTUP_NAMESPACES],
      defaultNS: 'common',
      // Asks for the startup texts now rather than a task later, by which time the router has
      // queued the first page's code and the texts would wait behind it.
      initAsync: false,
      interpolation: { escapeValue: false },
      backend: {
        loadPath: translationPath,
        // Translations change with each deployment; the service worker keeps an offline copy.
        requestOptions: { cache: 'no-store' },
      },
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
        convertDetectedLanguage: (tag: string) => toLanguage(tag),
      },
    })
    .then(() => applyLanguage(i18n.resolvedLanguage ?? i18n.language));
}

export { i18n };
