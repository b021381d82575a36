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
import {
  BAD_IDS,
  BAD_QUERY_VALUES,
  BAD_VALUES,
  serialize,
  wholeBodyProbes,
} from './fuzz-values.ts';
import {
  fieldPaths,
  operationsOf,
  resolver,
  sampleOf,
  withValue,
  type OpenApiDocument,
  type Operation,
} from './openapi-operations.ts';
import { Failures, excerpt, type ScenarioContext, type ScenarioResult } from './scenario.ts';
import { freshDataDir, startServer, tearDown } from './server.ts';

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
        for (const probe of wholeBodyProbes(current))
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
