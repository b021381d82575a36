const SCHEMA_PREFIX = '#/components/schemas/';
const INPUT_SUFFIX = 'Input';

type Json = unknown;

function collectRefs(value: Json, into: Set<string>) {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_PREFIX)) {
      into.add(child.slice(SCHEMA_PREFIX.length));
    } else {
      collectRefs(child, into);
    }
  }
}

function renameRefs(value: Json, names: Map<string, string>): Json {
  if (Array.isArray(value)) return value.map((item) => renameRefs(item, names));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_PREFIX)) {
        const name = child.slice(SCHEMA_PREFIX.length);
        return [key, SCHEMA_PREFIX + (names.get(name) ?? name)];
      }
      return [key, renameRefs(child, names)];
    }),
  );
}

/**
 * The registry makes an input and an output component of every named schema (`MerchantInput`,
 * `Merchant`), used or not. Keeps those the operations reach, and names an input by its plain
 * name when its output side is not used (a request body such as `MerchantCreate`).
 */
export function keepReachableComponents<
  Document extends { paths?: unknown; components?: { schemas?: Record<string, Json> } },
>(document: Document): Document {
  const schemas = document.components?.schemas ?? {};
  const reached = new Set<string>();
  collectRefs(document.paths, reached);
  for (let pending = [...reached]; pending.length > 0;) {
    const found = new Set<string>();
    for (const name of pending) collectRefs(schemas[name], found);
    pending = [...found].filter((name) => !reached.has(name));
    for (const name of pending) reached.add(name);
  }
  const names = new Map<string, string>();
  for (const name of reached) {
    const plain = name.slice(0, -INPUT_SUFFIX.length);
    if (name.endsWith(INPUT_SUFFIX) && !reached.has(plain)) names.set(name, plain);
  }
  const kept = Object.fromEntries(
    [...reached]
      .map((name) => [names.get(name) ?? name, renameRefs(schemas[name], names)] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return {
    ...document,
    paths: renameRefs(document.paths, names),
    components: { ...document.components, schemas: kept },
  };
}
