import dayjs from 'dayjs';
import 'dayjs/locale/gu';
import 'dayjs/locale/hi';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
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

/** Keeps the document and date formatting in step with the interface language. */
export function applyLanguage(tag: string | undefined) {
  const language = toLanguage(tag);
  document.documentElement.lang = language;
  dayjs.locale(language);
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
      interpolation: { escapeValue: false },
      backend: {
        loadPath: '/locales/{{lng}}/{{ns}}.json',
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
