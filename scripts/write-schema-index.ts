import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/*
 * Writes server/db/schema.ts, the whole schema drizzle's client takes, from the area folders that
 * hold a schema.ts. Node imports without a bundler's glob, so the list is a file; writing it from
 * the folders (`npm run db:generate` runs this before drizzle-kit) keeps a new area from editing it.
 */

const modulesDirectory = new URL('../server/modules/', import.meta.url);
export const schemaIndexFile = new URL('../server/db/schema.ts', import.meta.url);

/** The areas with tables of their own, in folder order, so the file is the same on every machine. */
function areasWithTables(): string[] {
  return readdirSync(modulesDirectory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .filter((entry) =>
      readdirSync(new URL(`./${entry.name}/`, modulesDirectory)).includes('schema.ts'),
    )
    .map((entry) => entry.name)
    .sort();
}

export function schemaIndexSource(): string {
  return [
    '/*',
    ' * The whole database schema: the tables looked up before a tenant is known (platform-tables.ts)',
    " * and each area's tables, kept in its own folder as server/modules/<area>/schema.ts. drizzle's",
    ' * client takes it whole, and what walks every table (backup, the tenant guard) finds them here.',
    ' * Written by `npm run db:generate` (scripts/write-schema-index.ts) from the folders; do not edit.',
    ' * drizzle-kit reads the same files by folder (drizzle.config.ts).',
    ' */',
    "export * from './platform-tables.ts';",
    ...areasWithTables().map((area) => `export * from '../modules/${area}/schema.ts';`),
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = schemaIndexSource();
  if (readFileSync(schemaIndexFile, 'utf8') !== source) {
    writeFileSync(schemaIndexFile, source);
    console.log('server/db/schema.ts: written from the area folders');
  }
}
