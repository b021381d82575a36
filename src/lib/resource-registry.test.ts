import { describe, expect, it } from 'vitest';
import { WORKING_SET_READS, WORKING_SET_RESOURCES } from '@/lib/resource-registry';

describe('the resource registry', () => {
  it('keeps the pick lists first, then the open records, then the first pages', () => {
    expect(WORKING_SET_RESOURCES.map((resource) => resource.name)).toEqual([
      'designs',
      'merchants',
      'workers',
      'bills',
      'orders',
      'job-cards',
      'bank-details',
      'expenses',
      'payments',
      'worker-salaries',
      'users',
    ]);
  });

  it("collects every area's other reads kept offline", () => {
    expect(WORKING_SET_READS.map((read) => read.permission).sort()).toEqual([
      'dues.read',
      'production.read',
      'production.read',
    ]);
  });
});
