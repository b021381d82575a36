import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export const DISPLAY_DATE_FORMAT = 'DD MMM YYYY';

const NUMBER_LOCALES: Record<string, string> = { en: 'en-IN', gu: 'gu-IN', hi: 'hi-IN' };
const DAYJS_LOCALES: Record<string, string> = { en: 'en', gu: 'gu', hi: 'hi' };

/** `gu-IN`, `hi` or `en-GB` all map onto the three interface languages; anything else is English. */
function baseLanguage(language: string | undefined) {
  const base = (language ?? 'en').toLowerCase().split('-')[0] ?? 'en';
  return base in NUMBER_LOCALES ? base : 'en';
}

export function numberLocale(language: string | undefined) {
  return NUMBER_LOCALES[baseLanguage(language)] ?? 'en-IN';
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: string) {
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(locale, format);
  }
  return format;
}

/** Rupees with Indian digit grouping: ₹12,34,567.00. */
export function formatMoney(amount: number | null | undefined, language?: string): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '';
  return moneyFormat(numberLocale(language)).format(amount);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number | null | undefined, language?: string): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const locale = numberLocale(language);
  let format = numberFormats.get(locale);
  // Building a formatter costs far more than formatting; a report page formats hundreds of cells.
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/**
 * `2025-01-31` or an ISO timestamp -> `31 Jan 2025` in the interface language. Its month names
 * load with the language's translations (`loadDateLocale` in src/lib/i18n.ts).
 */
export function formatDate(isoOrYmd: string | null | undefined, language?: string): string {
  if (!isoOrYmd) return '';
  const date = dayjs(isoOrYmd);
  if (!date.isValid()) return '';
  return date.locale(DAYJS_LOCALES[baseLanguage(language)] ?? 'en').format(DISPLAY_DATE_FORMAT);
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** `5 minutes ago`, `yesterday`, `3 months ago` in the interface language. */
export function formatRelative(
  iso: string | null | undefined,
  language?: string,
  now: number = Date.now(),
): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  let amount = (time - now) / 1000;
  const format = new Intl.RelativeTimeFormat(numberLocale(language), { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** A time of day as the language writes it (10:42 am), in the device's time zone. */
export function formatTime(timestamp: number, language?: string): string {
  const locale = numberLocale(language);
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
    timeFormats.set(locale, format);
  }
  return format.format(timestamp);
}

export interface Formatters {
  language: string;
  /** How long ago (or ahead) a timestamp is. */
  relative: (iso: string | null | undefined) => string;
  money: (amount: number | null | undefined) => string;
  number: (value: number | null | undefined) => string;
  date: (isoOrYmd: string | null | undefined) => string;
}

/** Formatters bound to the current interface language; they change when the language does. */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const language = baseLanguage(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(
    () => ({
      language,
      money: (amount) => formatMoney(amount, language),
      number: (value) => formatNumber(value, language),
      date: (value) => formatDate(value, language),
      relative: (value) => formatRelative(value, language),
    }),
    [language],
  );
}
