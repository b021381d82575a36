import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  DUPLICATE_RULES,
  IMPORT_UNIQUE_FIELD,
  importKey,
  type ImportRequest,
  type ImportResource,
  type ImportResult,
  type ImportRowError,
} from '../../contract/data-io.ts';
import type { FieldErrorParams } from '../../contract/errors.ts';
import { englishFieldMessage, validationErrorMap } from '../../contract/validation.ts';
import { queryRows, type Database } from '../db/database.ts';
import { tenantScope, type TenantContext } from './tenant.ts';
import { inTransaction, type TenantTable } from './tenant-repository.ts';
import { fieldErrors } from './validation.ts';

export const IMPORT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

export interface ImportTarget {
  resource: ImportResource;
  table: TenantTable;
  /** The column holding the value that must not repeat (compared without case). */
  unique: PgColumn;
  create: z.ZodType;
  repository: {
    create(db: Database, tenant: TenantContext, values: never): Promise<unknown>;
  };
}

/**
 * Checks every row with the create schema (the forms' own rules), refuses names or codes that
 * exist or repeat within the file, and creates the rest in one transaction: either all of them
 * are saved, with their audit entries, or none.
 */
export async function importRows(
  db: Database,
  tenant: TenantContext,
  rows: ImportRequest['rows'],
  target: ImportTarget,
): Promise<ImportResult> {
  const uniqueField = IMPORT_UNIQUE_FIELD[target.resource];
  const errors: ImportRowError[] = [];
  const valid: { row: number; key: string; values: unknown }[] = [];
  for (const { row, values } of rows) {
    const parsed = target.create.safeParse(values, { error: validationErrorMap });
    if (!parsed.success) {
      for (const error of fieldErrors(parsed.error)) errors.push({ ...error, row });
      continue;
    }
    valid.push({
      row,
      key: importKey((parsed.data as Record<string, unknown>)[uniqueField]),
      values: parsed.data,
    });
  }

  const keys = [...new Set(valid.map((entry) => entry.key))];
  const existing = new Set(
    keys.length === 0
      ? []
      : (
          await queryRows<{ key: string }>(
            db,
            sql`select distinct lower(trim(${target.unique})) as key from ${target.table}
                where ${tenantScope(target.table, tenant)}
                  and lower(trim(${target.unique})) in (${sql.join(
                    keys.map((key) => sql`${key}`),
                    sql`, `,
                  )})`,
          )
        ).map((found) => found.key),
  );

  const firstRowOf = new Map<string, number>();
  const toCreate: unknown[] = [];
  for (const entry of valid) {
    const firstRow = firstRowOf.get(entry.key);
    if (existing.has(entry.key) || firstRow !== undefined) {
      const params: FieldErrorParams =
        firstRow === undefined
          ? { rule: DUPLICATE_RULES.exists }
          : { rule: DUPLICATE_RULES.inFile, row: firstRow };
      errors.push({
        row: entry.row,
        path: uniqueField,
        code: 'duplicate',
        params,
        message: englishFieldMessage('duplicate', params),
      });
      continue;
    }
    firstRowOf.set(entry.key, entry.row);
    toCreate.push(entry.values);
  }

  await inTransaction(db, async (tx) => {
    for (const values of toCreate) await target.repository.create(tx, tenant, values as never);
  });
  errors.sort((a, b) => a.row - b.row);
  return { imported: toCreate.length, errors };
}
