import { describe, expect, it } from 'vitest';
import { CRUD_PERMISSIONS } from './permissions.ts';

describe('CRUD_PERMISSIONS', () => {
  it('gives an area whose read, write and delete are all rows of the matrix', () => {
    expect(CRUD_PERMISSIONS.bankDetails).toEqual({
      read: 'bankDetails.read',
      write: 'bankDetails.write',
      delete: 'bankDetails.delete',
    });
    expect(Object.keys(CRUD_PERMISSIONS)).toEqual(
      expect.arrayContaining(['orders', 'merchants', 'designs', 'workers', 'salaries', 'expenses']),
    );
  });

  it('leaves out an area the matrix gives only some of the three', () => {
    // users: read and manage; organization: read and write; bills: no delete.
    for (const area of ['users', 'organization', 'bills']) {
      expect(Object.keys(CRUD_PERMISSIONS), area).not.toContain(area);
    }
  });
});
