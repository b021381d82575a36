import { describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.ts';
import { FAILURE_CODES, FIELD_ERROR_CODES } from '../../contract/errors.ts';
import { fieldMessagesEn } from '../../contract/validation.ts';
import { DUPLICATE_DESIGN_CODE_FAILURE } from '../modules/designs/test-support.ts';
import { januarySalary } from '../modules/worker-salaries/test-support.ts';
import type { TestApp, TestUser } from '../test/test-app.ts';
import { withOwnerAndStranger } from '../test/app-per-file.ts';

interface Failure {
  success: false;
  code: string;
  message: string;
  errors?: { path: string; code: string; params?: Record<string, unknown>; message: string }[];
}

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

withOwnerAndStranger((session) => ({ t, owner, stranger } = session));

async function send(user: TestUser, method: 'POST' | 'PUT', url: string, payload: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: user.bearer,
    payload: payload as object,
  });
  const body = response.json<Failure>();
  expect(errorEnvelope.safeParse(body).success, response.body).toBe(true);
  return { status: response.statusCode, body };
}

type FieldErrorCase = [string, string, unknown, NonNullable<Failure['errors']>[number]];

/**
 * Cases that post `body`, valid as it is, to `url` with one field, `path`, set to a value that
 * breaks one rule: the field error names that field alone.
 */
function oneBadField(url: string, body: Record<string, unknown>) {
  return (
    code: string,
    path: string,
    value: unknown,
    params: Record<string, unknown>,
    message: string,
  ): FieldErrorCase => [code, url, { ...body, [path]: value }, { path, code, params, message }];
}

const merchantCase = oneBadField('/api/merchants', { name: 'Navkar' });
const expenseCase = oneBadField('/api/expenses', {
  category: 'Rent',
  amount: 10,
  expenseDate: '2025-01-01',
});

describe('field error codes', () => {
  // One request per field code, each with the exact field error the API promises.
  const cases: FieldErrorCase[] = [
    [
      'required',
      '/api/merchants',
      {},
      { path: 'name', code: 'required', message: 'This field is required' },
    ],
    [
      'invalid_type',
      '/api/designs',
      { name: 7, designCode: 'A1' },
      {
        path: 'name',
        code: 'invalid_type',
        params: { expected: 'string' },
        message: 'Must be text',
      },
    ],
    [
      'too_short',
      '/api/auth/register',
      { organizationName: 'O', name: 'N', email: 'short@example.com', password: 'abc' },
      {
        path: 'password',
        code: 'too_short',
        params: { minimum: 8 },
        message: 'Must be at least 8 characters',
      },
    ],
    merchantCase(
      'too_long',
      'name',
      'x'.repeat(121),
      { maximum: 120 },
      'Must be at most 120 characters',
    ),
    expenseCase(
      'too_small',
      'amount',
      0,
      { minimum: 0, inclusive: false },
      'Must be greater than 0',
    ),
    expenseCase(
      'too_big',
      'amount',
      1_000_000_000_000,
      { maximum: 999_999_999_999.99 },
      'Must be at most 999999999999.99',
    ),
    expenseCase(
      'too_many_decimals',
      'amount',
      10.555,
      { maximum: 2 },
      'Use at most two decimal places',
    ),
    merchantCase(
      'invalid_format',
      'gstin',
      '123',
      { format: 'gstin' },
      'Enter a valid 15-character GSTIN',
    ),
    expenseCase(
      'invalid_value',
      'paymentMethod',
      'barter',
      { values: 'cash, bank_transfer, upi, cheque' },
      'Must be one of: cash, bank_transfer, upi, cheque',
    ),
    merchantCase('unknown_key', 'colour', 'red', { keys: 'colour' }, 'Unknown field: colour'),
  ];

  it.each(cases)('%s', async (_code, url, payload, expected) => {
    const { status, body } = await send(owner, 'POST', url, payload);
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      code: 'validation_failed',
      message: 'Validation failed',
      errors: [expected],
    });
  });

  it('duplicate names the field with a 409', async () => {
    const first = await t.send(owner, 'POST', '/api/designs', {
      name: 'Lotus',
      designCode: 'DUP-1',
    });
    expect(first.statusCode).toBe(201);
    const { status, body } = await send(owner, 'POST', '/api/designs', {
      name: 'Lotus again',
      designCode: 'dup-1',
    });
    expect(status).toBe(409);
    expect(body).toEqual(DUPLICATE_DESIGN_CODE_FAILURE);
  });

  it('not_found names a referenced record of another organization', async () => {
    const theirs = await t.send(stranger, 'POST', '/api/workers', {
      name: 'Not yours',
      joiningDate: '2024-01-01',
    });
    const { status, body } = await send(
      owner,
      'POST',
      '/api/worker-salaries',
      januarySalary(theirs.json<{ data: { _id: string } }>().data._id),
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      code: 'validation_failed',
      message: 'Validation failed',
      errors: [{ path: 'workerId', code: 'not_found', message: 'Worker not found' }],
    });
  });

  it('every field code has an English text', () => {
    for (const code of FIELD_ERROR_CODES) expect(fieldMessagesEn[code], code).toBeTruthy();
  });
});

describe('OpenAPI', () => {
  it('documents the failure envelope and its codes for every operation', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{
      paths: Record<
        string,
        Record<string, { responses: Record<string, unknown>; security: unknown[] }>
      >;
    }>();
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.length).toBeGreaterThan(30);
    for (const { path, method, operation } of operations) {
      const responses = operation.responses;
      expect(responses['400'], `${method} ${path}`).toBeDefined();
      expect(responses['500'], `${method} ${path}`).toBeDefined();
      if (path.includes('{id}')) expect(responses['404'], `${method} ${path}`).toBeDefined();
      // Behind authentication a write can at least reuse an Idempotency-Key.
      if (method !== 'get' && operation.security.length > 0) {
        expect(responses['409'], `${method} ${path}`).toBeDefined();
      }
    }
    const failure = JSON.stringify(document.paths['/api/merchants']?.post?.responses['409']);
    for (const code of FAILURE_CODES.filter((c) => c !== 'validation_failed')) {
      expect(JSON.stringify(document), code).toContain(code);
    }
    expect(failure).toContain('still_referenced');
  });
});
