/** A cell that must be quoted: it holds the delimiter, a quote or a line break. */
const NEEDS_QUOTES = /[",\n\r]/;

/**
 * One CSV record and its line end, written exactly as csv-stringify's defaults write it (comma,
 * `"` quoting only where needed, `""` inside quotes, `\n` after every record), without its
 * per-field option handling, which cost more than the rest of a download's work
 * (`csv-line.test.ts` checks the bytes against csv-stringify itself).
 */
export function csvLine(cells: readonly (string | number)[]): string {
  let line = '';
  for (let index = 0; index < cells.length; index += 1) {
    if (index > 0) line += ',';
    const text = String(cells[index]);
    line += NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  }
  return `${line}\n`;
}
