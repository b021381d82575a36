import { sql } from 'drizzle-orm';
import type { BillNoteKind } from '../../../contract/bill-notes.ts';
import { queryRows, type Database } from '../../db/database.ts';
import type { TenantContext } from '../../lib/tenant.ts';

/** A numbering series per financial year: bills count per prefix, notes per kind. */
export type NumberSeries =
  | { counters: 'bill_counters'; key: 'prefix'; value: string }
  | { counters: 'bill_note_counters'; key: 'kind'; value: BillNoteKind };

export const billSeries = (prefix: string): NumberSeries => ({
  counters: 'bill_counters',
  key: 'prefix',
  value: prefix,
});

export const noteSeries = (kind: BillNoteKind): NumberSeries => ({
  counters: 'bill_note_counters',
  key: 'kind',
  value: kind,
});

/**
 * The next number of the series, from the counter row. The upsert keeps the row locked until the
 * document commits: a concurrent one waits and takes the following number, and one that fails
 * rolls its increment back, so the series has neither gaps nor duplicates.
 */
export async function takeNumber(
  db: Database,
  tenant: TenantContext,
  series: NumberSeries,
  financialYear: string,
): Promise<number> {
  const counters = sql.identifier(series.counters);
  const key = sql.identifier(series.key);
  const [row] = await queryRows<{ last_number: number }>(
    db,
    sql`insert into ${counters} (organization_id, ${key}, financial_year, last_number)
        values (${tenant.organizationId}, ${series.value}, ${financialYear}, 1)
        on conflict (organization_id, ${key}, financial_year)
        do update set last_number = ${counters}.last_number + 1
        returning last_number`,
  );
  return Number(row?.last_number);
}

/** The number `takeNumber` would give now, without taking it. */
export async function peekNumber(
  db: Database,
  tenant: TenantContext,
  series: NumberSeries,
  financialYear: string,
): Promise<number> {
  const [row] = await queryRows<{ last_number: number }>(
    db,
    sql`select last_number from ${sql.identifier(series.counters)}
        where organization_id = ${tenant.organizationId}
          and ${sql.identifier(series.key)} = ${series.value}
          and financial_year = ${financialYear}`,
  );
  return Number(row?.last_number ?? 0) + 1;
}
