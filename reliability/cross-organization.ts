// Organization B's owner aims every id-bearing route of the OpenAPI document at organization A's
// records: path ids, id fields inside bodies (top level and in lines), id filters, a body
// organizationId and a reused Idempotency-Key. Expectation: no answer hands B any of A's data, no
// write aimed at A succeeds, and A's records read the same before and after.
import { isDeepStrictEqual } from 'node:util';
import {
  call,
  createRecords,
  dataOf,
  is2xx,
  register,
  resourceOfField,
  RESOURCES,
  validBody,
  type Ids,
  type Json,
  type Reply,
} from './api.ts';
import { Failures, excerpt, type ScenarioContext, type ScenarioResult } from './scenario.ts';
import { freshDataDir, startServer, tearDown } from './server.ts';

interface Parameter {
  name: string;
  in: string;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
}

const MARKER_A = 'orgAsecret';

export async function run(context: ScenarioContext): Promise<ScenarioResult> {
  const started = Date.now();
  const failures = new Failures();
  const dataDir = freshDataDir('cross-org');
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let attempts = 0;
  let refused = 0;
  let leaks = 0;
  let changed = 0;
  try {
    server = await startServer(dataDir);
    const baseUrl = server.baseUrl;
    const a = await register(baseUrl, 'cross-a');
    const b = await register(baseUrl, 'cross-b');
    const idempotencyKey = `shared-key-${Date.now()}`;
    const aIds: Ids = await createRecords(baseUrl, a.token, MARKER_A, 2);
    const bIds: Ids = await createRecords(baseUrl, b.token, 'orgB', 2);
    // A write A made with a key B will reuse.
    const keyedBody = validBody('merchants', aIds, MARKER_A) ?? {};
    const keyed = await call(baseUrl, 'POST', '/api/merchants', {
      token: a.token,
      body: keyedBody,
      headers: { 'idempotency-key': idempotencyKey },
    });
    aIds.merchants?.push(String(dataOf(keyed)._id));

    const secrets = [a.organizationId, ...Object.values(aIds).flat()];
    const snapshot = async () => {
      const records = new Map<string, Json>();
      for (const [resource, list] of Object.entries(aIds))
        for (const id of list) {
          const reply = await call(baseUrl, 'GET', `/api/${resource}/${id}`, { token: a.token });
          records.set(
            `${resource}/${id}`,
            reply.status === 200 ? dataOf(reply) : { missing: reply.status },
          );
        }
      for (const resource of RESOURCES) {
        const reply = await call(baseUrl, 'GET', `/api/${resource}?limit=100`, { token: a.token });
        records.set(`${resource} list`, { totalCount: dataOf(reply).totalCount });
      }
      return records;
    };
    const before = await snapshot();

    const check = async (label: string, method: string, path: string, body?: unknown) => {
      attempts += 1;
      const reply: Reply = await call(baseUrl, method, path, { token: b.token, body });
      const sent = `${path} ${body === undefined ? '' : JSON.stringify(body)}`;
      const leaked = [MARKER_A, ...secrets].filter(
        (secret) => reply.text.includes(secret) && !sent.includes(secret),
      );
      const where = `${label}: ${method} ${path}${body === undefined ? '' : ` ${excerpt(JSON.stringify(body), 200)}`}`;
      if (leaked.length > 0) {
        leaks += 1;
        failures.add('leak', `${where} -> ${reply.status} ${excerpt(reply.text)}`);
      }
      return reply;
    };
    /** A write or read of A's record by B: anything but a refusal is a failure. */
    const mustRefuse = async (label: string, method: string, path: string, body?: unknown) => {
      const reply = await check(label, method, path, body);
      if (is2xx(reply.status) || reply.status === 0 || reply.status >= 500)
        failures.add(
          'not refused',
          `${label}: ${method} ${path} -> ${reply.status} ${excerpt(reply.text)}`,
        );
      else refused += 1;
      return reply;
    };

    const document = (await call(baseUrl, 'GET', '/api/openapi.json')).json as OpenApiDocument;
    const versionOf = (resource: string, id: string) => before.get(`${resource}/${id}`)?.version;
    for (const [template, item] of Object.entries(document.paths)) {
      const resource = /^\/api\/([^/]+)/.exec(template)?.[1] ?? '';
      for (const [rawMethod, operation] of Object.entries(item)) {
        const method = rawMethod.toUpperCase();
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
        if (/\/auth\//.test(template)) continue;
        const hasBody = Boolean(operation.requestBody);
        const targetIds = template.includes('{') ? (aIds[resource] ?? []) : [''];
        if (template.includes('{') && targetIds.length === 0) {
          failures.add('no records', `${method} ${template}: organization A has no ${resource}`);
          continue;
        }
        for (const targetId of targetIds) {
          const path = template.replace(/\{[^}]+\}/g, targetId);
          if (template.includes('{')) {
            let body: Json | undefined;
            if (hasBody) {
              body = /\/status$/.test(template)
                ? { status: 'in_progress' }
                : (validBody(resource, bIds, 'orgB') ?? {});
              // A's own version, so only the organization check can stop the write.
              const version = versionOf(resource, targetId);
              if (version !== undefined) body.version = version;
            }
            await mustRefuse(`A's id in the path`, method, path, body);
          } else if (method === 'GET') {
            await check('list as B', method, path);
          }

          // Id filters pointing at A's records: may answer, must not show A's data.
          for (const parameter of operation.parameters ?? []) {
            const target = parameter.in === 'query' ? resourceOfField(parameter.name) : null;
            const foreign = target ? aIds[target]?.[0] : undefined;
            if (foreign)
              await check(
                `A's id in filter ${parameter.name}`,
                method,
                `${path}?${parameter.name}=${foreign}`,
              );
          }

          // Id fields inside the body of B's own create or update.
          if (hasBody && (method === 'POST' || method === 'PUT') && !/\/status$/.test(template)) {
            const ownId = template.includes('{') ? bIds[resource]?.[0] : undefined;
            const ownPath = ownId ? template.replace(/\{[^}]+\}/g, ownId) : path;
            const ownBase = validBody(resource, bIds, 'orgB');
            if (!ownBase) continue;
            if (ownId) {
              const current = await call(baseUrl, 'GET', ownPath, { token: b.token });
              const version = dataOf(current).version;
              if (typeof version === 'number') ownBase.version = version;
            }
            for (const [field, value] of Object.entries(ownBase)) {
              const target = resourceOfField(field);
              const foreign = target ? aIds[target]?.[0] : undefined;
              if (typeof value === 'string' && foreign)
                await mustRefuse(`A's ${field} in body`, method, ownPath, {
                  ...ownBase,
                  [field]: foreign,
                });
              if (Array.isArray(value) && typeof value[0] === 'object' && value[0] !== null) {
                for (const innerField of Object.keys(value[0] as Json)) {
                  const innerTarget = resourceOfField(innerField);
                  const innerForeign = innerTarget ? aIds[innerTarget]?.[0] : undefined;
                  if (innerForeign)
                    await mustRefuse(`A's ${field}.0.${innerField} in body`, method, ownPath, {
                      ...ownBase,
                      [field]: [{ ...(value[0] as Json), [innerField]: innerForeign }],
                    });
                }
              }
            }
            await mustRefuse(`A's organizationId in body`, method, ownPath, {
              ...ownBase,
              organizationId: a.organizationId,
            });
          }
        }
      }
    }
    // The same Idempotency-Key in another organization is another request, never A's answer.
    attempts += 1;
    const replay = await call(baseUrl, 'POST', '/api/merchants', {
      token: b.token,
      body: keyedBody,
      headers: { 'idempotency-key': idempotencyKey },
    });
    if (replay.text.includes(String(dataOf(keyed)._id)) || replay.text.includes(a.organizationId)) {
      leaks += 1;
      failures.add('leak', `B reusing A's Idempotency-Key got A's answer: ${excerpt(replay.text)}`);
    }

    const after = await snapshot();
    for (const [key, value] of before) {
      if (!isDeepStrictEqual(value, after.get(key))) {
        changed += 1;
        failures.add(
          'A changed',
          `${key}: before ${excerpt(JSON.stringify(value), 200)} after ${excerpt(JSON.stringify(after.get(key)), 200)}`,
        );
      }
    }
    context.log(
      `${attempts} attempts, ${refused} refused, ${leaks} leaks, ${changed} of A's records changed`,
    );
  } catch (error) {
    failures.addHarnessError(error);
  } finally {
    await tearDown([server], dataDir, failures);
  }
  return {
    name: 'cross-organization',
    status: failures.count() === 0 ? 'passed' : 'failed',
    summary: `${attempts} attempts with organization A's ids as B (${refused} refused as expected), ${leaks} leaks, ${changed} of A's records changed`,
    counts: { attempts, refused, leaks, changed },
    failures: failures.all(),
    seconds: (Date.now() - started) / 1000,
  };
}
