import { numberLocale } from '@/lib/format';

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** `3` -> `March` (or `Mar`) in the interface language. */
export function monthName(month: number, language: string, style: 'long' | 'short' = 'long') {
  const locale = numberLocale(language);
  const cacheKey = `${locale}:${style}`;
  let format = monthFormats.get(cacheKey);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' });
    monthFormats.set(cacheKey, format);
  }
  return format.format(new Date(Date.UTC(2000, month - 1, 1)));
}

/** A pay period, e.g. `January 2025`. */
export function periodLabel(
  year: number,
  month: number,
  language: string,
  style: 'long' | 'short' = 'long',
) {
  return `${monthName(month, language, style)} ${year}`;
}

export const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** Years offered in pickers: next year back to ten years ago. */
export function recentYears(today = new Date()) {
  const current = today.getFullYear();
  return Array.from({ length: 11 }, (_, index) => current + 1 - index);
}
