import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { queryRows } from './database.ts';
import { TENANT_TABLES, unscopedTenantTables } from './tenant-guard.ts';

describe('tenant guard', () => {
  it('knows every table keyed by organization', () => {
    expect(TENANT_TABLES).toEqual(
      expect.arrayContaining(['merchants', 'designs', 'orders', 'order_lines', 'expenses']),
    );
    expect(TENANT_TABLES).not.toContain('organizations');
  });

  it('flags a statement on a tenant table without organization_id', () => {
    expect(unscopedTenantTables('select * from "merchants" where "id" = $1')).toEqual([
      'merchants',
    ]);
    expect(
      unscopedTenantTables(
        'select o.id from orders o join order_lines l on l.order_id = o.id where o.id = $1',
      ),
    ).toEqual(['orders', 'order_lines']);
    expect(unscopedTenantTables('update "designs" set "name" = $1 where "id" = $2')).toEqual([
      'designs',
    ]);
    expect(
      unscopedTenantTables(
        'select * from "merchants" where "merchants"."organization_id" = $1 and "id" = $2',
      ),
    ).toEqual([]);
    expect(unscopedTenantTables('select * from "users" where lower("email") = $1')).toEqual([]);
  });

  it('fails the test file when the app sends such a statement', async () => {
    const testApp = await createTestApp({
      beforeReady: (app) => {
        app.get(
          '/api/test/count-every-merchant',
          { config: { permission: 'public' } },
          async () => {
            const rows = await queryRows<{ count: number }>(
              app.db,
              sql`select count(*)::int as count from merchants`,
            );
            return { count: rows[0]?.count };
          },
        );
      },
    });
    const response = await testApp.app.inject({ url: '/api/test/count-every-merchant' });
    expect(response.statusCode).toBe(200);
    await expect(testApp.close()).rejects.toThrow(/merchants: select count/);
  });
});
