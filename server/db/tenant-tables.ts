import type { BuildExtraConfigColumns } from 'drizzle-orm';
import {
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
} from 'drizzle-orm/pg-core';
import { recordVersion, timestamps } from './columns.ts';
import { tenantReference } from './platform-tables.ts';

// Every table holding business data is keyed by organization: its first column is
// organization_id and its primary key `<name>_pkey` starts with it.

type Columns = Record<string, PgColumnBuilderBase>;
type WithOrganization<TColumns extends Columns> = {
  organizationId: ReturnType<typeof tenantReference>;
} & TColumns;
type ExtraConfig<TName extends string, TColumns extends Columns> = (
  self: BuildExtraConfigColumns<TName, WithOrganization<TColumns>, 'pg'>,
) => PgTableExtraConfigValue[];

/**
 * A table of one organization's rows: organization_id (the rows go with their organization), then
 * `columns`; the primary key is organization_id and the columns `key` picks.
 */
export function tenantKeyedTable<TName extends string, TColumns extends Columns>(
  name: TName,
  columns: TColumns,
  key: (self: BuildExtraConfigColumns<TName, WithOrganization<TColumns>, 'pg'>) => AnyPgColumn[],
  extraConfig: ExtraConfig<TName, TColumns> = () => [],
) {
  return pgTable(name, { organizationId: tenantReference(), ...columns }, (t) => [
    primaryKey({ name: `${name}_pkey`, columns: [t.organizationId, ...key(t)] }),
    ...extraConfig(t),
  ]);
}

const recordId = () => uuid('id').notNull();

/** A tenant table of records keyed by their id within the organization. */
export function tenantTable<TName extends string, TColumns extends Columns>(
  name: TName,
  columns: TColumns,
  extraConfig: ExtraConfig<TName, { id: ReturnType<typeof recordId> } & TColumns>,
) {
  return tenantKeyedTable(name, { id: recordId(), ...columns }, (t) => [t.id], extraConfig);
}

/**
 * A record people create and edit: a tenant table whose rows end with the `version` a write names
 * (the shared repository checks and bumps it) and the created and updated times.
 */
export function recordTable<TName extends string, TColumns extends Columns>(
  name: TName,
  columns: TColumns,
  extraConfig: ExtraConfig<
    TName,
    { id: ReturnType<typeof recordId> } & TColumns & typeof recordVersion & typeof timestamps
  >,
) {
  return tenantTable(name, { ...columns, ...recordVersion, ...timestamps }, extraConfig);
}

/**
 * The last number given per organization, series and financial year, for documents numbered
 * without gaps. Taken with `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` in the document's
 * transaction: the row stays locked until the document commits, so numbers are consecutive, and a
 * document that fails gives its number back. `series` is the one column that tells the series
 * apart; `seriesChecks` are its checks.
 */
export function documentCounterTable<
  TName extends string,
  TSeries extends Record<string, PgColumnBuilderBase>,
>(
  name: TName,
  series: TSeries,
  seriesChecks: (series: AnyPgColumn) => PgTableExtraConfigValue[] = () => [],
) {
  const [seriesKey] = Object.keys(series) as [keyof TSeries & string];
  return tenantKeyedTable(
    name,
    {
      ...series,
      /** e.g. `2026-27`. */
      financialYear: text('financial_year').notNull(),
      lastNumber: integer('last_number').notNull(),
    },
    (t) => [t[seriesKey], t.financialYear],
    (t) => seriesChecks(t[seriesKey]),
  );
}
