import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvLine } from './csv-line.ts';

/** Characters that matter to CSV, to a spreadsheet, or to UTF-8, mixed with plain ones. */
const ALPHABET = [
  'a',
  'Z',
  '0',
  ' ',
  ',',
  '"',
  '\n',
  '\r',
  '\t',
  "'",
  '=',
  '-',
  '+',
  '@',
  'સ',
  '😀',
];

/** A repeatable pseudo-random source, so a failure can be run again. */
function randomSource(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('csvLine', () => {
  it('writes records byte for byte as csv-stringify does', () => {
    const random = randomSource(42);
    const cell = (): string | number => {
      const pick = random();
      if (pick < 0.15) return Math.round((random() - 0.5) * 1e6) / 100;
      if (pick < 0.2) return '';
      const length = Math.floor(random() * 12);
      let text = '';
      for (let index = 0; index < length; index += 1) {
        text += ALPHABET[Math.floor(random() * ALPHABET.length)];
      }
      return text;
    };
    const headers = ['Number', 'Buyer, name', 'Say "hi"', 'Amount'];
    const rows = Array.from({ length: 2000 }, () => headers.map(cell));
    const expected = stringify(rows, { bom: true, header: true, columns: headers });
    expect(`\ufeff${csvLine(headers)}${rows.map(csvLine).join('')}`).toBe(expected);
  });

  it('writes numbers as JavaScript prints them and empty text as nothing', () => {
    expect(csvLine([0, -12.5, 1e21, '', 'x'])).toBe('0,-12.5,1e+21,,x\n');
    expect(stringify([[0, -12.5, 1e21, '', 'x']])).toBe('0,-12.5,1e+21,,x\n');
  });
});
