// Fuzzes every operation of the server's own OpenAPI document: each body field, query parameter
// and path id in turn gets each bad value, plus malformed JSON and wrong content types.
// Expectation: no status >= 500 (and no dropped connection), every 4xx carries the error envelope.
import { randomUUID } from 'node:crypto';
import {
  call,
  createRecords,
  dataOf,
  hasErrorEnvelope,
  is2xx,
  login,
  register,
  validBody,
  type Account,
  type Ids,
  type Json,
  type Reply,
} from './api.ts';
import { Failures, excerpt, type ScenarioContext, type ScenarioResult } from './scenario.ts';
import { freshDataDir, startServer, tearDown } from './server.ts';

/** A literal JSON text placed where a value goes, for numbers JSON.stringify cannot write. */
class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

interface BadValue {
  label: string;
  value: unknown;
  /** Part of the smoke run's shorter list. */
  smoke?: boolean;
}

const MEGABYTE = 1024 * 1024;
const deepArray = (depth: number) => new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
const deepObject = (depth: number) => new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

const BAD_VALUES: BadValue[] = [
  { label: 'number', value: 12345, smoke: true },
  { label: 'boolean', value: true },
  { label: 'object', value: { a: 1 }, smoke: true },
  { label: 'array', value: ['a'], smoke: true },
  { label: 'array of objects', value: [{}] },
  { label: 'null', value: null, smoke: true },
  { label: 'empty string', value: '', smoke: true },
  { label: 'whitespace only', value: ' \t\n ' },
  { label: 'string over limits', value: 'x'.repeat(5000), smoke: true },
  { label: '1 MB string', value: 'x'.repeat(MEGABYTE) },
  { label: 'NUL', value: 'a\u0000b', smoke: true },
  { label: 'C0 controls', value: 'a\u0001\u0008\u001b\u007fb' },
  { label: 'C1 controls', value: 'a\u0085\u009bb' },
  { label: 'lone high surrogate', value: '\ud800', smoke: true },
  { label: 'lone low surrogate', value: 'x\udc00' },
  { label: 'zero-width only', value: '\u200b\u200c\u200d\ufeff' },
  { label: 'bidi override', value: '\u202egnp.exe' },
  { label: 'emoji', value: '🧵👩🏽‍🏭🇮🇳', smoke: true },
  { label: 'Gujarati', value: 'કારખાનું' },
  { label: 'SQL-looking', value: "x' OR '1'='1'; --" },
  { label: 'LIKE wildcards', value: '%_\\' },
  { label: 'negative', value: -1, smoke: true },
  { label: 'negative cent', value: -0.01 },
  { label: 'zero', value: 0 },
  { label: 'too many decimals', value: 1.005 },
  { label: 'tiny fraction', value: 1e-7 },
  { label: 'beyond money maximum', value: 1e15 },
  { label: 'unsafe integer', value: new RawJson('9007199254740993') },
  { label: 'huge integer', value: new RawJson('123456789012345678901234567890') },
  { label: '1e309', value: new RawJson('1e309'), smoke: true },
  { label: '-1e309', value: new RawJson('-1e309') },
  { label: 'negative zero', value: new RawJson('-0') },
  { label: 'NaN string', value: 'NaN' },
  { label: 'Infinity string', value: 'Infinity' },
  { label: 'numeric string', value: '100' },
  { label: 'date 0100-01-01', value: '0100-01-01', smoke: true },
  { label: 'date 9999-12-31', value: '9999-12-31' },
  { label: 'date 2025-13-45', value: '2025-13-45', smoke: true },
  { label: 'date 2025-02-29', value: '2025-02-29' },
  { label: 'date 0000-00-00', value: '0000-00-00' },
  { label: 'date-time', value: '2025-03-10T00:00:00Z' },
  { label: 'extended year', value: '+275760-09-13' },
  { label: 'nil uuid', value: '00000000-0000-0000-0000-000000000000' },
  { label: 'unknown uuid', value: '0190f3a4-1b2c-7d3e-8f40-123456789abc' },
  { label: 'malformed uuid', value: 'not-a-uuid' },
  { label: 'prototype key', value: new RawJson('{"__proto__":{"polluted":true}}') },
  { label: 'deep array', value: deepArray(5000), smoke: true },
  { label: 'deep object', value: deepObject(5000) },
];

/** Raw query values, already percent-encoded where needed. */
const BAD_QUERY_VALUES: { label: string; raw: string; smoke?: boolean }[] = [
  { label: 'empty', raw: '', smoke: true },
  { label: 'word', raw: 'abc', smoke: true },
  { label: 'negative', raw: '-1', smoke: true },
  { label: 'zero', raw: '0' },
  { label: 'huge number', raw: '99999999999999999999999' },
  { label: '1e309', raw: '1e309', smoke: true },
  { label: 'NaN', raw: 'NaN' },
  { label: 'fraction', raw: '1.5' },
  { label: 'too many decimals', raw: '1.005' },
  { label: 'long', raw: 'x'.repeat(5000), smoke: true },
  { label: 'NUL', raw: '%00', smoke: true },
  { label: 'C0', raw: '%01%1B' },
  { label: 'C1', raw: '%C2%85' },
  { label: 'lone surrogate', raw: '%ED%A0%80', smoke: true },
  { label: 'invalid UTF-8', raw: '%FF%FE' },
  { label: 'broken escape', raw: '%E0%A4%' },
  { label: 'emoji', raw: encodeURIComponent('🧵') },
  { label: 'zero-width', raw: encodeURIComponent('\u200b') },
  { label: 'date 0100-01-01', raw: '0100-01-01' },
  { label: 'date 9999-12-31', raw: '9999-12-31' },
  { label: 'date 2025-13-45', raw: '2025-13-45', smoke: true },
  { label: 'malformed uuid', raw: 'not-a-uuid' },
  { label: 'unknown uuid', raw: '0190f3a4-1b2c-7d3e-8f40-123456789abc' },
  { label: 'SQL-looking', raw: encodeURIComponent("' OR 1=1 --") },
  { label: 'LIKE wildcards', raw: encodeURIComponent('%_') },
  { label: 'array syntax', raw: 'a&{name}=b' },
  { label: 'bracket object', raw: 'x&{name}[a]=1' },
];

const BAD_IDS: { label: string; raw: string; smoke?: boolean }[] = [
  { label: 'malformed', raw: 'not-a-uuid', smoke: true },
  { label: 'nil uuid', raw: '00000000-0000-0000-0000-000000000000' },
  { label: 'unknown uuid', raw: randomUUID(), smoke: true },
  { label: 'number', raw: '1' },
  { label: 'negative', raw: '-1' },
  { label: 'NUL', raw: '%00', smoke: true },
  { label: 'lone surrogate', raw: '%ED%A0%80' },
  { label: 'invalid UTF-8', raw: '%FF' },
  { label: 'traversal', raw: '..%2F..%2Fetc%2Fpasswd' },
  { label: 'SQL-looking', raw: encodeURIComponent("1' OR '1'='1") },
  { label: 'long', raw: 'x'.repeat(4000), smoke: true },
  { label: 'emoji', raw: encodeURIComponent('🧵') },
];

interface Schema {
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

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  bodySchema: Schema | null;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
  components?: { schemas?: Record<string, Schema> };
}

function resolver(document: OpenApiDocument) {
  return (schema: Schema | undefined): Schema => {
    let current = schema ?? {};
    for (let hops = 0; current.$ref && hops < 20; hops += 1) {
      const name = current.$ref.split('/').pop() ?? '';
      current = document.components?.schemas?.[name] ?? {};
    }
    return current;
  };
}

function operationsOf(document: OpenApiDocument): Operation[] {
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
function sampleOf(schema: Schema, resolve: (s: Schema | undefined) => Schema, depth = 0): unknown {
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
function fieldPaths(
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

function withValue(base: Json, fieldPath: string[], value: unknown): Json {
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

/** JSON text in which RawJson values appear verbatim. */
function serialize(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (value instanceof RawJson) {
      raws.push(value.text);
      return `\u0000raw${raws.length - 1}\u0000`;
    }
    return value;
  });
  return text.replace(
    /"\\u0000raw(\d+)\\u0000"/g,
    (_match, index: string) => raws[Number(index)] ?? '',
  );
}

const resourceOfPath = (path: string) => /^\/api\/([^/]+)/.exec(path)?.[1] ?? '';

interface Probe {
  label: string;
  method: string;
  path: string;
  body?: string;
  contentType?: string | null;
  token?: string | null;
}

export async function run(context: ScenarioContext): Promise<ScenarioResult> {
  const started = Date.now();
  const failures = new Failures();
  const histogram: Record<string, number> = {};
  /** Which bad values caused the 5xx answers, since the examples list only the first few. */
  const serverErrorsByValue = new Map<string, number>();
  const dataDir = freshDataDir('fuzz');
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let requests = 0;
  let operationsCovered = 0;
  let operationsTotal = 0;
  try {
    server = await startServer(dataDir);
    const baseUrl = server.baseUrl;
    const account: Account = await register(baseUrl, 'fuzz');
    const token = account.token;
    // "Sign out everywhere" ends every session of its user, so it runs as someone else.
    const signOutEverywhereAccount: Account = await register(baseUrl, 'fuzz-logout-all');
    const ids: Ids = await createRecords(baseUrl, token, 'fuzz', 2);
    const documentReply = await call(baseUrl, 'GET', '/api/openapi.json', { token });
    if (documentReply.status !== 200) throw new Error(`openapi.json: ${documentReply.status}`);
    const document = documentReply.json as OpenApiDocument;
    const resolve = resolver(document);
    const operations = operationsOf(document);
    operationsTotal = operations.length;
    // Logout ends the session it is called with, login fuzzing trips the login throttle, and
    // delete removes the record: each goes where it cannot spoil the others.
    const rank = (op: Operation) =>
      op.path.endsWith('/logout')
        ? 0
        : op.path.endsWith('/login')
          ? 3
          : op.method === 'DELETE'
            ? 2
            : 1;
    operations.sort((a, b) => rank(a) - rank(b));

    const values = BAD_VALUES.filter((value) => !context.smoke || value.smoke);
    const queryValues = BAD_QUERY_VALUES.filter((value) => !context.smoke || value.smoke);
    const badIds = BAD_IDS.filter((value) => !context.smoke || value.smoke);
    const versions = new Map<string, number>();

    const send = async (probe: Probe, operation: Operation): Promise<Reply> => {
      let probeToken = probe.token === null ? undefined : (probe.token ?? token);
      if (operation.path.endsWith('/logout') && probe.token !== null)
        probeToken = await login(baseUrl, account);
      if (operation.path.endsWith('/logout-all') && probe.token !== null)
        probeToken = signOutEverywhereAccount.token;
      const reply = await call(baseUrl, probe.method, probe.path, {
        token: probeToken,
        rawBody: probe.body,
        contentType: probe.body === undefined ? null : probe.contentType,
        timeoutMs: 60_000,
      });
      requests += 1;
      const bucket = reply.status === 0 ? 'no answer' : String(reply.status);
      histogram[bucket] = (histogram[bucket] ?? 0) + 1;
      const where = `${probe.method} ${probe.path.slice(0, 120)} [${probe.label}]`;
      if (reply.status === 0) failures.add('no answer', `${where}: ${reply.error ?? ''}`);
      else if (reply.status >= 500) {
        failures.add('status >= 500', `${where} -> ${reply.status} ${excerpt(reply.text)}`);
        const kind = probe.label.replace(/^[^=]*=/, '');
        serverErrorsByValue.set(kind, (serverErrorsByValue.get(kind) ?? 0) + 1);
      } else if (reply.status >= 400 && !hasErrorEnvelope(reply))
        failures.add(
          '4xx without error envelope',
          `${where} -> ${reply.status} ${excerpt(reply.text)}`,
        );
      return reply;
    };

    for (const operation of operations) {
      const resource = resourceOfPath(operation.path);
      const hasId = operation.path.includes('{');
      let recordId = ids[resource]?.[0];
      if (operation.method === 'DELETE' && hasId) {
        // Deleting the shared record would turn the later operations' probes into 404s.
        const body = validBody(resource, ids, 'fuzzdel');
        const created = body
          ? await call(baseUrl, 'POST', `/api/${resource}`, { token, body })
          : null;
        recordId = created && is2xx(created.status) ? String(dataOf(created)._id) : recordId;
      }
      const realPath = operation.path.replace(/\{[^}]+\}/g, recordId ?? randomUUID());
      if (hasId && recordId && !versions.has(recordId)) {
        const current = await call(baseUrl, 'GET', `/api/${resource}/${recordId}`, { token });
        const version = dataOf(current).version;
        if (typeof version === 'number') versions.set(recordId, version);
      }

      let base: Json | null = null;
      if (operation.bodySchema) {
        const isRecordWrite =
          (operation.method === 'POST' && !hasId) || /\{[^}]+\}$/.test(operation.path);
        base =
          (isRecordWrite ? validBody(resource, ids, 'fuzz') : null) ??
          (sampleOf(operation.bodySchema, resolve) as Json);
      }
      const baseWithVersion = () => {
        if (!base) return undefined;
        // Only a write to an existing record carries the version it read.
        const version = hasId && recordId ? versions.get(recordId) : undefined;
        const schemaHasVersion = Boolean(resolve(operation.bodySchema ?? {}).properties?.version);
        return schemaHasVersion && version !== undefined ? { ...base, version } : base;
      };
      const sendTracked = async (probe: Probe) => {
        const reply = await send(probe, operation);
        const version = dataOf(reply).version;
        if (is2xx(reply.status) && recordId && typeof version === 'number' && hasId)
          versions.set(recordId, version);
        return reply;
      };

      const probes: Probe[] = [];
      const bodyFor = (body: unknown) => (operation.bodySchema ? serialize(body) : undefined);
      // Not signed in, and signed in with a token that does not exist.
      probes.push({
        label: 'no token',
        method: operation.method,
        path: realPath,
        body: bodyFor(base),
        token: null,
      });
      probes.push({
        label: 'unknown token',
        method: operation.method,
        path: realPath,
        body: bodyFor(base),
        token: 'x'.repeat(43),
      });
      if (hasId) {
        for (const bad of badIds)
          probes.push({
            label: `id ${bad.label}`,
            method: operation.method,
            path: operation.path.replace(/\{[^}]+\}/g, bad.raw),
            body: bodyFor(baseWithVersion()),
          });
      }
      for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
        for (const bad of queryValues)
          probes.push({
            label: `query ${parameter.name}=${bad.label}`,
            method: operation.method,
            path: `${realPath}?${parameter.name}=${bad.raw}`,
            body: bodyFor(base),
          });
        probes.push({
          label: `query ${parameter.name} repeated`,
          method: operation.method,
          path: `${realPath}?${parameter.name}=1&${parameter.name}=2`,
          body: bodyFor(base),
        });
      }
      probes.push({
        label: 'unknown query key',
        method: operation.method,
        path: `${realPath}?zzUnknown=1`,
        body: bodyFor(base),
      });
      for (const probe of probes) await sendTracked(probe);

      if (operation.bodySchema && base) {
        for (const fieldPath of fieldPaths(operation.bodySchema, resolve)) {
          for (const bad of values) {
            await sendTracked({
              label: `${fieldPath.join('.')}=${bad.label}`,
              method: operation.method,
              path: realPath,
              body: serialize(withValue(baseWithVersion() ?? {}, fieldPath, bad.value)),
            });
          }
        }
        const current = baseWithVersion() ?? {};
        const wholeBody: { label: string; body: string; contentType?: string | null }[] = [
          { label: 'unknown key', body: serialize({ ...current, zzUnknown: 1 }) },
          {
            label: 'prototype key',
            body: serialize(current).replace(/^\{/, '{"__proto__":{"x":1},'),
          },
          {
            label: 'constructor key',
            body: serialize({ ...current, constructor: { prototype: {} } }),
          },
          { label: 'duplicate keys', body: serialize(current).replace(/^\{/, '{"zz":1,"zz":2,') },
          { label: 'array body', body: serialize([current]) },
          { label: 'null body', body: 'null' },
          { label: 'string body', body: '"text"' },
          { label: 'number body', body: '42' },
          { label: 'empty object', body: '{}' },
          { label: 'empty body', body: '' },
          { label: 'truncated JSON', body: serialize(current).slice(0, -3) },
          { label: 'trailing garbage', body: `${serialize(current)}}` },
          { label: 'single quotes', body: "{'a': 1}" },
          { label: 'byte order mark', body: `\ufeff${serialize(current)}` },
          {
            label: 'invalid UTF-8',
            body: Buffer.concat([
              Buffer.from('{"name":"'),
              Buffer.from([0xff, 0xfe]),
              Buffer.from('"}'),
            ]).toString('latin1'),
          },
          { label: 'deep array body', body: deepArray(10000).text },
          { label: 'deep object body', body: deepObject(10000).text },
          {
            label: 'body over 1 MB',
            body: serialize({ ...current, notes: 'x'.repeat(2 * MEGABYTE) }),
          },
          { label: 'text/plain', body: serialize(current), contentType: 'text/plain' },
          { label: 'form', body: 'name=a&b=c', contentType: 'application/x-www-form-urlencoded' },
          {
            label: 'multipart',
            body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
            contentType: 'multipart/form-data; boundary=x',
          },
          { label: 'xml', body: '<a>1</a>', contentType: 'application/xml' },
          { label: 'no content type', body: serialize(current), contentType: null },
          {
            label: 'json latin1 charset',
            body: serialize(current),
            contentType: 'application/json; charset=latin1',
          },
          {
            label: 'json with bogus parameter',
            body: serialize(current),
            contentType: 'application/json; x=',
          },
          {
            label: 'vendor JSON type',
            body: serialize(current),
            contentType: 'application/vnd.api+json',
          },
        ];
        for (const probe of wholeBody)
          await sendTracked({
            label: probe.label,
            method: operation.method,
            path: realPath,
            body: probe.body,
            contentType: probe.contentType,
          });
      } else if (operation.method !== 'GET') {
        // A body where none is expected.
        for (const probe of [
          { label: 'unexpected JSON body', body: '{"a":1}' },
          { label: 'unexpected malformed body', body: '{"a":' },
          { label: 'unexpected text body', body: 'x', contentType: 'text/plain' },
        ])
          await sendTracked({ ...probe, method: operation.method, path: realPath });
      }
      operationsCovered += 1;
      context.log(`fuzz ${operation.method} ${operation.path}: ${requests} requests so far`);
    }
  } catch (error) {
    failures.addHarnessError(error);
  } finally {
    await tearDown([server], dataDir, failures);
  }
  if (serverErrorsByValue.size > 0)
    failures.lines.push(
      `5xx by bad value: ${[...serverErrorsByValue.entries()].map(([value, count]) => `${value}×${count}`).join(', ')}`,
    );
  const statusList = Object.entries(histogram)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  const over500 = Object.entries(histogram)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    name: 'fuzz',
    status: failures.count() === 0 ? 'passed' : 'failed',
    summary: `${operationsCovered}/${operationsTotal} operations, ${requests} requests, ${over500} answers >= 500, ${failures.count('4xx without error envelope')} 4xx without envelope; statuses ${statusList}`,
    counts: {
      operations: operationsCovered,
      requests,
      '5xx': over500,
      noEnvelope: failures.count('4xx without error envelope'),
      statuses: statusList,
    },
    failures: failures.all(),
    seconds: (Date.now() - started) / 1000,
  };
}
