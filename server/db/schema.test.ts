import { readdirSync, readFileSync } from 'node:fs';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { schemaIndexFile, schemaIndexSource } from '../../scripts/write-schema-index.ts';
import * as schema from './schema.ts';

const modulesDirectory = new URL('../modules/', import.meta.url);

describe('the whole schema', () => {
  it('is the file `npm run db:generate` writes from the area folders', () => {
    expect(readFileSync(schemaIndexFile, 'utf8'), 'run npm run db:generate').toBe(
      schemaIndexSource(),
    );
  });

  it("holds every table of every area's schema file, so backup and the tenant guard see them", async () => {
    const areas = readdirSync(modulesDirectory, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .filter((entry) =>
        readdirSync(new URL(`./${entry.name}/`, modulesDirectory)).includes('schema.ts'),
      )
      .map((entry) => entry.name);
    expect(areas.length).toBeGreaterThan(10);
    const whole = new Set<unknown>(Object.values(schema));
    for (const area of areas) {
      const tables = Object.entries(
        (await import(new URL(`./${area}/schema.ts`, modulesDirectory).href)) as Record<
          string,
          unknown
        >,
      ).filter(([, value]) => is(value, PgTable));
      expect(tables.length, `${area}/schema.ts defines no table`).toBeGreaterThan(0);
      for (const [name, table] of tables) expect(whole.has(table), `${area}: ${name}`).toBe(true);
    }
  });
});
