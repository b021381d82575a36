import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

/**
 * Tenant scoping, checked on what the app actually sends. Every tenant table has
 * `organization_id` and the repositories add it through the central tenant scope; raw SQL written
 * by hand (reports, summaries) must add it too. Row-level security would be a second guard in the
 * database, but it needs a per-transaction `set_config` on every pooled connection and silently
 * returns no rows when forgotten; a failing test names the statement instead. So the API tests run
 * the app on a connection that shows each statement to `unscopedTenantTables`, and a test file
 * fails when any statement reads or writes a tenant table without naming `organization_id`.
 */

/** Tables the app reaches across tenants on purpose, and why. */
const CROSS_TENANT_BY_DESIGN: Record<string, string> = {
  // Sign-in finds the account by its globally unique email, before any tenant is known.
  users: 'sign-in looks up the email across organizations',
  // A session is found by its token hash; it then names the organization.
  sessions: 'looked up by token hash, which identifies the organization',
  // Housekeeping deletes expired keys of every organization by age.
  idempotency_keys: 'expired keys are purged for all organizations at once',
};

export const TENANT_TABLES: readonly string[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table))
  .filter((config) => config.columns.some((column) => column.name === 'organization_id'))
  .map((config) => config.name)
  .filter((name) => !(name in CROSS_TENANT_BY_DESIGN));

const TABLE_REFERENCE = /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** The tenant tables a statement touches without any `organization_id` condition or column. */
export function unscopedTenantTables(statement: string): string[] {
  if (/organization_id/i.test(statement)) return [];
  const touched = new Set<string>();
  for (const match of statement.matchAll(TABLE_REFERENCE)) {
    const table = match[1]?.toLowerCase();
    if (table && TENANT_TABLES.includes(table)) touched.add(table);
  }
  return [...touched];
}
