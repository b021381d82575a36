const ENGLISH_MONTHS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
];

const pad = (value: number) => String(value).padStart(2, '0');

function realDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * What a person types into a date field, as `yyyy-MM-dd`: `2025-02-14`, the Indian day-first
 * `14/02/2025` (also with `-` or `.`), or `14 Feb 2025`. Anything else, or a day that does not
 * exist, is `null`.
 */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (match) return realDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (match) return realDate(Number(match[3]), Number(match[2]), Number(match[1]));
  match = /^(\d{1,2})\s+([a-z]{3})[a-z]*\.?\s+(\d{4})$/i.exec(value);
  if (match) {
    const month = ENGLISH_MONTHS.indexOf((match[2] ?? '').toLowerCase()) + 1;
    if (month > 0) return realDate(Number(match[3]), month, Number(match[1]));
  }
  return null;
}
