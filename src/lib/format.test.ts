import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, formatRelative, numberLocale } from './format';
import { loadDateLocale } from './i18n';

describe('formatMoney', () => {
  it('uses Indian grouping and the rupee sign in every interface language', () => {
    expect(formatMoney(1234567, 'en')).toBe('₹12,34,567.00');
    expect(formatMoney(1234567.5, 'gu')).toBe('₹12,34,567.50');
    expect(formatMoney(0, 'hi')).toBe('₹0.00');
  });

  it('maps languages onto Indian locales and leaves missing amounts empty', () => {
    expect(numberLocale('gu-IN')).toBe('gu-IN');
    expect(numberLocale('hi')).toBe('hi-IN');
    expect(numberLocale('fr')).toBe('en-IN');
    expect(formatMoney(null, 'en')).toBe('');
    expect(formatNumber(100000, 'en')).toBe('1,00,000');
  });
});

describe('formatDate', () => {
  // In the app the month names load with the language's translations.
  beforeAll(() => Promise.all([loadDateLocale('gu'), loadDateLocale('hi')]));

  it('shows DD MMM YYYY with month names in the interface language', () => {
    expect(formatDate('2025-01-31', 'en')).toBe('31 Jan 2025');
    expect(formatDate('2025-01-31', 'gu')).toBe('31 જાન્યુ. 2025');
    expect(formatDate('2025-01-31', 'hi')).toBe('31 जन. 2025');
  });

  it('accepts ISO timestamps and ignores empty or invalid input', () => {
    expect(formatDate('2025-03-05T10:00:00.000Z', 'en')).toBe('05 Mar 2025');
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');

  it('says how long ago in the largest fitting unit', () => {
    expect(formatRelative('2026-03-10T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatRelative('2026-03-10T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatRelative('2026-03-09T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatRelative('2025-12-10T12:00:00Z', 'en', now)).toBe('3 months ago');
  });

  it('speaks the interface language', () => {
    expect(formatRelative('2026-03-09T12:00:00Z', 'hi', now)).toBe('कल');
  });

  it('is empty for no time or a malformed one', () => {
    expect(formatRelative(null, 'en', now)).toBe('');
    expect(formatRelative('not a date', 'en', now)).toBe('');
  });
});
