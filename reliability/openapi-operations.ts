// The operations of the server's OpenAPI document, as the fuzz scenario reads them: the
// parameters and body schema of each, a plausible body for a schema, and the fields a body has.
import { randomUUID } from 'node:crypto';
import type { Json } from './api.ts';

export interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  minItems?: number;
  $ref?: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  bodySchema: Schema | null;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
  components?: { schemas?: Record<string, Schema> };
}

export function resolver(document: OpenApiDocument) {
  return (schema: Schema | undefined): Schema => {
    let current = schema ?? {};
    for (let hops = 0; current.$ref && hops < 20; hops += 1) {
      const name = current.$ref.split('/').pop() ?? '';
      current = document.components?.schemas?.[name] ?? {};
    }
    return current;
  };
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const resolve = resolver(document);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = (
        operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined
      )?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        bodySchema: content?.['application/json']
          ? resolve(content['application/json'].schema)
          : null,
      });
    }
  }
  return operations;
}

/** A plausible value for a schema the hand-written bodies do not cover. */
export function sampleOf(
  schema: Schema,
  resolve: (s: Schema | undefined) => Schema,
  depth = 0,
): unknown {
  const resolved = resolve(schema);
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum?.length) return resolved.enum[0];
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives) {
    const usable = alternatives.find((alt) => resolve(alt).type !== 'null') ?? alternatives[0];
    return sampleOf(usable ?? {}, resolve, depth);
  }
  if (resolved.allOf?.[0]) return sampleOf(resolved.allOf[0], resolve, depth);
  const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type;
  switch (type) {
    case 'string':
      if (resolved.format === 'date') return '2025-03-01';
      if (resolved.format === 'date-time') return '2025-03-01T10:00:00.000Z';
      if (resolved.format === 'uuid') return randomUUID();
      if (resolved.format === 'email') return `fuzz-${randomUUID().slice(0, 8)}@example.com`;
      return 'sample'.padEnd(resolved.minLength ?? 0, 'x');
    case 'integer':
    case 'number': {
      const minimum =
        typeof resolved.exclusiveMinimum === 'number'
          ? resolved.exclusiveMinimum + 1
          : (resolved.minimum ?? 1);
      return Math.max(minimum, 1);
    }
    case 'boolean':
      return false;
    case 'array':
      return depth > 5 || !resolved.items ? [] : [sampleOf(resolved.items, resolve, depth + 1)];
    case 'object': {
      const sample: Json = {};
      for (const [key, property] of Object.entries(resolved.properties ?? {})) {
        if (Object.keys(property).length === 0) continue;
        if (depth > 5) continue;
        sample[key] = sampleOf(property, resolve, depth + 1);
      }
      return sample;
    }
    default:
      return null;
  }
}

/** Every fuzzable position of a body: top-level fields and the fields of nested objects/arrays. */
export function fieldPaths(
  schema: Schema,
  resolve: (s: Schema | undefined) => Schema,
  prefix: string[] = [],
) {
  const paths: string[][] = [];
  const resolved = resolve(schema);
  for (const [key, property] of Object.entries(resolved.properties ?? {})) {
    const here = [...prefix, key];
    paths.push(here);
    if (prefix.length >= 2) continue;
    const inner = resolve(property);
    const usable = inner.anyOf?.map(resolve).find((alt) => alt.type !== 'null') ?? inner;
    if (usable.type === 'array' && usable.items)
      paths.push(...fieldPaths(usable.items, resolve, [...here, '0']));
    else if (usable.type === 'object') paths.push(...fieldPaths(usable, resolve, here));
  }
  return paths;
}

export function withValue(base: Json, fieldPath: string[], value: unknown): Json {
  const copy = structuredClone(base);
  let cursor: Record<string, unknown> = copy;
  for (const key of fieldPath.slice(0, -1)) {
    const next = cursor[key];
    if (typeof next !== 'object' || next === null) {
      cursor[key] = /^\d+$/.test(fieldPath[fieldPath.indexOf(key) + 1] ?? '') ? [{}] : {};
    }
    cursor = cursor[key] as Record<string, unknown>;
  }
  cursor[fieldPath[fieldPath.length - 1] ?? ''] = value;
  return copy;
}
