import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Where the API tests record what they were answered (scripts/test.mjs sets it; unset, nothing
 * is recorded). scripts/check-openapi-responses.ts then checks every record against the OpenAPI
 * document, so the document cannot drift from what the routes really answer.
 */
const RESPONSE_LOG_ENV = 'OPENAPI_RESPONSE_LOG';

/** One distinct answer: method, route pattern (`/api/merchants/:id`), status and media type. */
export interface RecordedResponse {
  method: string;
  route: string;
  status: number;
  contentType: string;
}

/** Records each distinct answer of `app` and writes them to the log's folder when it closes. */
export function recordResponses(app: FastifyInstance) {
  const directory = process.env[RESPONSE_LOG_ENV];
  if (!directory) return;
  const seen = new Map<string, RecordedResponse>();
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    // Only documented operations: the document itself, the docs UI and routes a test adds have none.
    if (!route?.startsWith('/api/') || !request.routeOptions.schema?.operationId) return;
    const contentType = String(reply.getHeader('content-type') ?? '').split(';')[0] ?? '';
    const entry = { method: request.method, route, status: reply.statusCode, contentType };
    seen.set(JSON.stringify(entry), entry);
  });
  app.addHook('onClose', async () => {
    if (seen.size === 0) return;
    await mkdir(directory, { recursive: true });
    const lines = [...seen.values()].map((entry) => JSON.stringify(entry)).join('\n');
    await writeFile(path.join(directory, `${randomUUID()}.ndjson`), `${lines}\n`);
  });
}
