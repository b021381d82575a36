import { describe, expect, it } from 'vitest';
import { WORKING_SET_READS, WORKING_SET_RESOURCES } from '@/lib/resource-registry';

/** 0 for a pick list, 1 for open records, 2 for a first page: the order the rule asks for. */
const partOfWorkingSet = ({ workingSet }: (typeof WORKING_SET_RESOURCES)[number]) =>
  workingSet.pickList ? 0 : workingSet.records ? 1 : 2;

describe('the resource registry', () => {
  // Written as the rule rather than today's list, so a new area's resource.ts needs no edit here.
  it('keeps the pick lists first, then the open records, then the first pages', () => {
    const parts = WORKING_SET_RESOURCES.map(partOfWorkingSet);
    expect(parts).toEqual(parts.toSorted((a, b) => a - b));
    expect(new Set(parts)).toEqual(new Set([0, 1, 2]));
  });

  it('finds the resources of the feature folders, each once', () => {
    const names = WORKING_SET_RESOURCES.map((resource) => resource.name);
    expect(names).toEqual([...new Set(names)]);
    expect(names).toEqual(
      expect.arrayContaining(['designs', 'merchants', 'workers', 'bills', 'orders', 'users']),
    );
    expect(names.indexOf('designs')).toBeLessThan(names.indexOf('bills'));
    expect(names.indexOf('bills')).toBeLessThan(names.indexOf('users'));
  });

  it("collects every area's other reads kept offline", () => {
    expect(WORKING_SET_READS.map((read) => read.permission).sort()).toEqual([
      'dues.read',
      'production.read',
      'production.read',
    ]);
  });
});
