import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_DOCUMENT_BYTES = 600 * 1024;

let t: TestApp;
let workDir: string;
let documentFile: string;
let documentText: string;

beforeAll(async () => {
  t = await createTestApp();
  documentText = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
  // Inside the project, so that the generated client's program resolves openapi-fetch.
  await mkdir(path.join(root, '.cache'), { recursive: true });
  workDir = await mkdtemp(path.join(root, '.cache', 'openapi-test-'));
  documentFile = path.join(workDir, 'openapi.json');
  await writeFile(documentFile, documentText);
});
afterAll(async () => {
  await t.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('the served OpenAPI document', () => {
  it('passes redocly lint with the recommended rules, without errors or warnings', async () => {
    const cli = path.join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const { stdout } = await run(
      process.execPath,
      [cli, 'lint', documentFile, '--config', path.join(root, 'redocly.yaml'), '--format=json'],
      {
        cwd: workDir,
        // Nothing leaves the machine: no usage report, no check for a newer release.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    const problems = report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it(`stays under ${MAX_DOCUMENT_BYTES / 1024} KB`, () => {
    expect(Buffer.byteLength(documentText)).toBeLessThan(MAX_DOCUMENT_BYTES);
  });

  it('gives a generated client named types and methods that a program type-checks against', async () => {
    const types = astToString(await openapiTS(JSON.parse(documentText) as never));
    await writeFile(path.join(workDir, 'api.d.ts'), types);
    await writeFile(
      path.join(workDir, 'program.ts'),
      `import createClient from 'openapi-fetch';
import type { components, operations, paths } from './api.js';

type Schemas = components['schemas'];
const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:3000' });

export async function firstMerchantNames(): Promise<string[]> {
  const { data } = await client.GET('/api/merchants', { params: { query: { name: 'Shah' } } });
  const merchants: Schemas['Merchant'][] = data?.data.data ?? [];
  return merchants.map((merchant) => merchant.name);
}

export async function placeOrder(merchantId: string, designId: string) {
  const body: Schemas['OrderCreate'] = {
    merchantId,
    poNumber: 'PO-17',
    orderDate: '2025-04-01',
    designs: [{ designId, quantity: 12, rate: 250 }],
  };
  const { data, error } = await client.POST('/api/orders', { body });
  if (error) {
    const failure: Schemas['ErrorEnvelope'] = error;
    const fields: Schemas['FieldError'][] = failure.errors ?? [];
    return { code: failure.code, fields: fields.map((field) => field.path) };
  }
  const order: Schemas['Order'] = data.data;
  return { id: order._id };
}

// Operations are named for generators that make one method per operation.
export type ListMerchants = operations['listMerchants'];
export type CreateOrder = operations['createOrder'];
export type ExportMerchantsCsv = operations['exportMerchantsCsv'];
`,
    );
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await run(
      process.execPath,
      [
        tsc,
        // Only this program, not the project's own tsconfig.json.
        '--ignoreConfig',
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        path.join(workDir, 'program.ts'),
      ],
      { cwd: workDir },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? 'tsc failed' }));
    expect(result.stdout).toBe('');
  }, 120_000);
});
