import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/*
 * Writes contract/audit-entities.ts, the audit trail's entity → locale namespace map, from the
 * `export const <x>AuditEntities = { ... } as const` each contract file declares for its records.
 * contract/audit.ts cannot import the contract files itself: the SPA bundles it, and would take
 * every area's schemas with it. So the map is a generated literal (`npm run generate`), and
 * contract/audit-entities.test.ts fails when it is out of date.
 *
 * Order: an entity keeps its place in the file as it is, and a new one goes at the end (new ones
 * sorted by name), so the entity enum, the activity page's filter and the OpenAPI document keep
 * their order as areas come and go.
 */

const contractDirectory = new URL('../contract/', import.meta.url);
export const auditEntitiesFile = new URL('../contract/audit-entities.ts', import.meta.url);

type Namespaces = Record<string, string | null>;

/** Every contract file's declared entities, each entity declared once. */
async function declaredEntities(): Promise<Namespaces> {
  const files = readdirSync(contractDirectory)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .filter((name) => name !== 'audit-entities.ts')
    .sort();
  const declared: Namespaces = {};
  const owner = new Map<string, string>();
  for (const file of files) {
    const exported = (await import(new URL(file, contractDirectory).href)) as Record<
      string,
      unknown
    >;
    for (const [name, value] of Object.entries(exported)) {
      if (!name.endsWith('AuditEntities')) continue;
      for (const [entity, namespace] of Object.entries(value as Namespaces)) {
        if (owner.has(entity))
          throw new Error(`${entity} is declared by ${owner.get(entity)} and ${file}`);
        owner.set(entity, file);
        declared[entity] = namespace;
      }
    }
  }
  return declared;
}

/** The entities in the order the checked-in file lists them. */
function currentOrder(): string[] {
  if (!existsSync(auditEntitiesFile)) return [];
  return [...readFileSync(auditEntitiesFile, 'utf8').matchAll(/^ {2}(\w+): /gm)].map(
    (match) => match[1]!,
  );
}

export async function auditEntitiesSource(): Promise<string> {
  const declared = await declaredEntities();
  const kept = currentOrder().filter((entity) => entity in declared);
  const added = Object.keys(declared)
    .filter((entity) => !kept.includes(entity))
    .sort();
  const literal = (namespace: string | null) => (namespace === null ? 'null' : `'${namespace}'`);
  return [
    '/*',
    ' * Every kind of record the audit trail keeps, with the locale namespace of its area: the trail',
    " * names the entity by that namespace's `auditEntities.<entity>` text and its fields by the area's",
    " * form labels; null keeps to the trail's own texts (audit.json). Written by `npm run generate`",
    ' * (scripts/write-audit-entities.ts) from the `<x>AuditEntities` each contract file declares; do',
    ' * not edit.',
    ' */',
    'export const AUDIT_ENTITY_NAMESPACES = {',
    ...[...kept, ...added].map((entity) => `  ${entity}: ${literal(declared[entity]!)},`),
    '} as const;',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = await auditEntitiesSource();
  if (!existsSync(auditEntitiesFile) || readFileSync(auditEntitiesFile, 'utf8') !== source) {
    writeFileSync(auditEntitiesFile, source);
    console.log('contract/audit-entities.ts: written from the contract files');
  }
}
