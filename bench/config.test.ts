import { describe, expect, it } from 'vitest';
import { parseOptions, UsageError } from './config.ts';

describe('bench options', () => {
  it('measures the embedded database and an external PostgreSQL by default', () => {
    expect(parseOptions(['--size=smoke']).backends).toEqual(['embedded', 'postgres']);
  });

  it('runs every endpoint unless told which, by part of their names', () => {
    expect(parseOptions(['--size=smoke']).only).toBeNull();
    expect(parseOptions(['--only=Dues,statement']).only).toEqual(['dues', 'statement']);
  });

  it('takes one backend, or none for a client-only run', () => {
    expect(parseOptions(['--backends=embedded']).backends).toEqual(['embedded']);
    expect(parseOptions(['--backends=none']).backends).toEqual([]);
  });

  it('refuses the PGlite backend, which no server runs any more', () => {
    expect(() => parseOptions(['--backends=pglite,postgres'])).toThrow(UsageError);
  });

  it('runs Lighthouse once per page unless asked for more runs', () => {
    expect(parseOptions(['--size=smoke']).lighthouseRuns).toBe(1);
    expect(parseOptions(['--size=smoke', '--lighthouseRuns=3']).lighthouseRuns).toBe(3);
    expect(() => parseOptions(['--lighthouseRuns=0'])).toThrow(UsageError);
  });
});
