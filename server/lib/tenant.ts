import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

declare const tenantBrand: unique symbol;

/**
 * Who is asking, on behalf of which organization. Only the auth layer (from a verified session)
 * and trusted server-side code such as the demo seed create one; every repository function
 * requires it, so no query can run without an organization.
 */
export interface TenantContext {
  readonly organizationId: string;
  readonly userId: string;
  readonly [tenantBrand]: true;
}

export function createTenantContext(organizationId: string, userId: string): TenantContext {
  return Object.freeze({ organizationId, userId }) as TenantContext;
}

export interface TenantScopedTable {
  organizationId: PgColumn;
}

/** The WHERE clause every tenant query goes through: the organization predicate plus any others. */
export function tenantScope(
  table: TenantScopedTable,
  tenant: TenantContext,
  ...conditions: (SQL | undefined)[]
): SQL {
  return and(eq(table.organizationId, tenant.organizationId), ...conditions) as SQL;
}
