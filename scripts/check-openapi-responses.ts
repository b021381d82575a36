// Checks every answer the API tests recorded (server/test/response-log.ts) against the OpenAPI
// document: each status must be documented for its operation, with the media type really sent.
//
//   node --import tsx scripts/check-openapi-responses.ts <folder of recorded answers>
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument, documentPath } from '../server/openapi-document.ts';
import type { RecordedResponse } from '../server/test/response-log.ts';

const directory = process.argv[2];
if (!directory) {
  console.error('usage: check-openapi-responses.ts <folder>');
  process.exit(2);
}

const files = readdirSync(directory).filter((file) => file.endsWith('.ndjson'));
const answers = new Map<string, RecordedResponse>();
for (const file of files) {
  for (const line of readFileSync(path.join(directory, file), 'utf8').split('\n')) {
    if (line.trim()) answers.set(line, JSON.parse(line) as RecordedResponse);
  }
}
if (answers.size === 0) {
  console.error(`No recorded answers in ${directory}: did the API tests run?`);
  process.exit(1);
}

const document = await buildOpenApiDocument();
const problems: string[] = [];
const operations = new Set<string>();
for (const { method, route, status, contentType } of answers.values()) {
  // Fastify answers HEAD from the GET route; the document lists the GET.
  const verb = method === 'HEAD' ? 'get' : method.toLowerCase();
  const name = `${method} ${route} ${status}`;
  const operation = document.paths[documentPath(route)]?.[verb];
  if (!operation) {
    problems.push(`${name}: the operation is not documented`);
    continue;
  }
  operations.add(`${verb} ${route}`);
  const response = operation.responses[String(status)];
  if (!response) {
    problems.push(`${name}: status not documented (${operation.operationId})`);
  } else if (contentType && method !== 'HEAD' && !response.content?.[contentType]) {
    const documented = Object.keys(response.content ?? {}).join(', ') || 'no body';
    problems.push(`${name}: sent ${contentType}, documented ${documented}`);
  }
}

const total = Object.values(document.paths).reduce(
  (count, item) => count + Object.keys(item).length,
  0,
);
console.log(
  `${answers.size} distinct answers of ${operations.size} of ${total} operations checked ` +
    `against the OpenAPI document.`,
);
if (problems.length > 0) {
  console.error(`Answers the document does not describe:\n  ${problems.sort().join('\n  ')}`);
  process.exit(1);
}
