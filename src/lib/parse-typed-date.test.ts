import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './parse-typed-date';

describe('parseTypedDate', () => {
  it('reads ISO, day-first and "14 Feb 2025" forms', () => {
    expect(parseTypedDate('2025-02-14')).toBe('2025-02-14');
    expect(parseTypedDate('14/02/2025')).toBe('2025-02-14');
    expect(parseTypedDate('4-2-2025')).toBe('2025-02-04');
    expect(parseTypedDate('14.02.2025')).toBe('2025-02-14');
    expect(parseTypedDate(' 14 Feb 2025 ')).toBe('2025-02-14');
    expect(parseTypedDate('1 september 2024')).toBe('2024-09-01');
  });

  it('rejects days that do not exist and anything else', () => {
    expect(parseTypedDate('2025-02-30')).toBeNull();
    expect(parseTypedDate('31/04/2025')).toBeNull();
    expect(parseTypedDate('14 Foo 2025')).toBeNull();
    expect(parseTypedDate('yesterday')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });
});
