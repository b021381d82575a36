/*
 * Karkhana is self-hosted in the workshop, so the server's local calendar is the organization's:
 * "today" is the server's local date, not UTC's (which is still yesterday before 05:30 in India).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** `yyyy-MM-dd` of the server's local calendar day of `now`. */
export function localDay(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** The calendar day `days` after `day` (both `yyyy-MM-dd`). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Sunday that ends `day`'s week (weeks run Monday to Sunday); `day` itself on a Sunday. */
export function endOfWeek(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, (7 - weekday) % 7);
}
