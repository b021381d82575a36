import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { confirmSignUpBody, loginBody, registerBody } from '../../contract/auth.ts';
import * as bankDetails from '../../contract/bank-details.ts';
import * as designs from '../../contract/designs.ts';
import * as expenses from '../../contract/expenses.ts';
import * as merchants from '../../contract/merchants.ts';
import * as orders from '../../contract/orders.ts';
import * as payments from '../../contract/payments.ts';
import * as production from '../../contract/production.ts';
import * as workerSalaries from '../../contract/worker-salaries.ts';
import * as workers from '../../contract/workers.ts';
import { createTestApp, type TestApp, type TestBody, type TestUser } from '../test/test-app.ts';

/**
 * Every string a client can write, found by walking the contract's write schemas, gets hostile
 * text: NUL, another C0 control, an unpaired surrogate and (required names) zero-width-only text.
 * Each must be a 400 naming the field, never a 5xx, so a field added later is covered as well.
 */

interface Def {
  type: string;
  innerType?: Inspectable;
  in?: Inspectable;
  out?: Inspectable;
  shape?: Record<string, Inspectable>;
  element?: Inspectable;
  format?: string;
  checks?: { _zod: { def: { check: string; minimum?: unknown } } }[];
}
interface Inspectable {
  _zod: { def: Def };
}

/** A string's least length from its checks, for zod and zod/mini (the login body) alike. */
const minLength = (schema: Inspectable) =>
  Math.max(
    0,
    ...(schema._zod.def.checks ?? [])
      .map((check) => check._zod.def)
      .flatMap((def) =>
        def.check === 'min_length' && typeof def.minimum === 'number' ? [def.minimum] : [],
      ),
  );

interface StringField {
  path: (string | number)[];
  /** uuid, date, ...: a formatted value rather than free text. */
  format: string | undefined;
  required: boolean;
}

/** The schema under optional/nullable/default wrappers, preprocessors and transforms. */
function unwrap(schema: Inspectable): { inner: Inspectable; optional: boolean } {
  let current = schema;
  let optional = false;
  for (let depth = 0; depth < 20; depth += 1) {
    const { def } = current._zod;
    if (def.type === 'optional' || def.type === 'nullable') optional = true;
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in && def.out) {
      current = def.in._zod.def.type === 'transform' ? def.out : def.in;
    } else break;
  }
  return { inner: current, optional };
}

function stringFields(schema: z.core.$ZodType): StringField[] {
  const found: StringField[] = [];
  const walk = (node: Inspectable, path: (string | number)[], optional: boolean) => {
    const { inner, optional: innerOptional } = unwrap(node);
    const { def } = inner._zod;
    if (def.type === 'object' && def.shape) {
      for (const [key, child] of Object.entries(def.shape))
        walk(child, [...path, key], optional || innerOptional);
    } else if (def.type === 'array' && def.element) {
      walk(def.element, [...path, 0], optional || innerOptional);
    } else if (def.type === 'string') {
      found.push({
        path,
        format: def.format,
        required: !optional && !innerOptional && minLength(inner) >= 1,
      });
    }
  };
  walk(schema, [], false);
  return found;
}

function withValueAt(body: Record<string, unknown>, path: (string | number)[], value: unknown) {
  const copy = structuredClone(body);
  let target: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[path[path.length - 1]!] = value;
  return copy;
}

/** A part of a body holding just `path`, for a PUT: the top-level key with its valid value. */
function partialAt(body: Record<string, unknown>, path: (string | number)[], value: unknown) {
  const top = path[0] as string;
  return withValueAt({ [top]: body[top] }, path, value);
}

const HOSTILE = {
  nul: { value: 'Surat\u0000Silk', code: 'invalid_format' },
  control: { value: 'Surat\u0007Silk', code: 'invalid_format' },
  surrogate: { value: 'Surat\ud800Silk', code: 'invalid_format' },
};
const INVISIBLE_ONLY = '\u200b\u200c\u200d\u2060\ufeff';

interface WriteCase {
  path: string;
  create: z.ZodType;
  update: z.ZodType;
  listQuery: z.ZodType;
  body(user: TestUser): Promise<Record<string, unknown>>;
}

let t: TestApp;
let owner: TestUser;

async function created(url: string, payload: Record<string, unknown>) {
  const response = await t.send(owner, 'POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TestBody>().data._id;
}

/** A bill straight in the table: only its merchant, total and status matter to a payment. */
async function insertedBill(merchantId: string) {
  const id = uuidv7();
  await t.database.handle.db.execute(sql`
    insert into bills (organization_id, id, number, merchant_id, bill_date, due_date, bill_type,
      gst_rate, place_of_supply, taxable_amount, cgst_amount, sgst_amount, igst_amount, round_off,
      total_amount, seller, merchant)
    values (${owner.auth.organization._id}, ${id}, 'INV/2025-26/0001', ${merchantId},
      '2025-05-01', '2025-05-16', 'bill_of_supply', 0, '24', 1000, 0, 0, 0, 0, 1000,
      '{}'::jsonb, '{}'::jsonb)`);
  return id;
}

const resources: Record<string, WriteCase> = {
  merchants: {
    path: '/api/merchants',
    create: merchants.merchantCreate,
    update: merchants.merchantUpdate,
    listQuery: merchants.merchantListQuery,
    body: () =>
      Promise.resolve({
        name: 'Surat Silk',
        contactPerson: 'Mehul',
        phone: '+91 98250 12345',
        email: 'mehul@example.com',
        address: 'Ring Road\nSurat',
        city: 'Surat',
        gstin: '24AAACS1234A1Z5',
        notes: 'Pays monthly',
      }),
  },
  designs: {
    path: '/api/designs',
    create: designs.designCreate,
    update: designs.designUpdate,
    listQuery: designs.designListQuery,
    body: () =>
      Promise.resolve({ name: 'Paisley', designCode: 'PAI-1', description: 'Border', rate: 10 }),
  },
  workers: {
    path: '/api/workers',
    create: workers.workerCreate,
    update: workers.workerUpdate,
    listQuery: workers.workerListQuery,
    body: () =>
      Promise.resolve({
        name: 'Ramesh',
        phone: '9825012345',
        address: 'Varachha',
        designation: 'Cutter',
        joiningDate: '2024-04-01',
      }),
  },
  'worker-salaries': {
    path: '/api/worker-salaries',
    create: workerSalaries.workerSalaryCreate,
    update: workerSalaries.workerSalaryUpdate,
    listQuery: workerSalaries.workerSalaryListQuery,
    body: async () => ({
      workerId: await created('/api/workers', { name: 'Suresh', joiningDate: '2023-01-02' }),
      paymentType: 'salary',
      paymentMethod: 'cash',
      month: 1,
      year: 2025,
      paymentDate: '2025-02-01',
      amount: 1000,
      notes: 'January',
    }),
  },
  'bank-details': {
    path: '/api/bank-details',
    create: bankDetails.bankDetailCreate,
    update: bankDetails.bankDetailUpdate,
    listQuery: bankDetails.bankDetailListQuery,
    body: () =>
      Promise.resolve({
        bankName: 'State Bank',
        accountHolderName: 'Surat Silk',
        accountNumber: '12345678901',
        ifscCode: 'SBIN0001234',
        branch: 'Ring Road',
      }),
  },
  expenses: {
    path: '/api/expenses',
    create: expenses.expenseCreate,
    update: expenses.expenseUpdate,
    listQuery: expenses.expenseListQuery,
    body: () =>
      Promise.resolve({
        category: 'Power',
        amount: 100,
        expenseDate: '2025-03-01',
        description: 'March bill',
      }),
  },
  orders: {
    path: '/api/orders',
    create: orders.orderCreate,
    update: orders.orderUpdate,
    listQuery: orders.orderListQuery,
    body: async () => ({
      merchantId: await created('/api/merchants', { name: 'Lakshmi' }),
      poNumber: 'PO-1',
      orderDate: '2025-05-01',
      notes: 'Rush',
      designs: [
        {
          designId: await created('/api/designs', { name: 'Buta', designCode: 'BUT-1' }),
          quantity: 2,
          rate: 12.5,
        },
      ],
    }),
  },
  payments: {
    path: '/api/payments',
    create: payments.paymentCreate,
    update: payments.paymentUpdate,
    listQuery: payments.paymentListQuery,
    body: async () => {
      const merchantId = await created('/api/merchants', { name: 'Ganesh Prints' });
      return {
        merchantId,
        paymentDate: '2025-06-01',
        amount: 10,
        method: 'upi',
        reference: 'UTR123456789',
        notes: 'Part of May',
        allocations: [{ billId: await insertedBill(merchantId), amount: 1 }],
      };
    },
  },
  'production-entries': {
    path: '/api/production-entries',
    create: production.productionEntryCreate,
    update: production.productionEntryUpdate,
    listQuery: production.productionEntryListQuery,
    body: async () => {
      const orderId = await created('/api/orders', {
        merchantId: await created('/api/merchants', { name: 'Shakti' }),
        poNumber: 'PO-2',
        orderDate: '2025-05-01',
        designs: [
          {
            designId: await created('/api/designs', { name: 'Jaal', designCode: 'JAL-1' }),
            quantity: 1000,
            rate: 4,
          },
        ],
      });
      const cards = await t.send(owner, 'POST', `/api/job-cards/from-order/${orderId}`);
      return {
        workerId: await created('/api/workers', { name: 'Kavita', joiningDate: '2023-01-02' }),
        jobCardId: cards.json<{ data: { data: { _id: string }[] } }>().data.data[0]?._id,
        workDate: '2025-05-03',
        piecesDone: 1,
        notes: 'Evening shift',
      };
    },
  },
};

function sendJson(method: 'POST' | 'PUT', url: string, payload: unknown, user: TestUser | null) {
  // JSON.stringify writes an unpaired surrogate as a `\ud800` escape, which is how it arrives.
  return t.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(user?.bearer ?? {}) },
    payload: JSON.stringify(payload),
  });
}

function expectFieldError(
  response: { statusCode: number; body: string; json(): unknown },
  path: string,
  code: string | undefined,
) {
  expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
  const errors = (response.json() as { errors?: { path: string; code: string }[] }).errors ?? [];
  const error = errors.find((entry) => entry.path === path);
  expect(error, `${path}: ${response.body}`).toBeDefined();
  if (code) expect(error?.code, `${path}: ${response.body}`).toBe(code);
}

/** Sends `payload` and expects the field at `path` refused (with `code`, unless undefined). */
async function expectRefused(
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  user: TestUser | null,
  refusal: { path: string; code: string | undefined },
) {
  expectFieldError(await sendJson(method, url, payload, user), refusal.path, refusal.code);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
});
afterAll(() => t.close());

it('covers every resource the contract defines a create body for', () => {
  const contractModules: Record<string, unknown>[] = [
    bankDetails,
    designs,
    expenses,
    merchants,
    orders,
    payments,
    production,
    workerSalaries,
    workers,
  ];
  const createSchemas: unknown[] = contractModules.flatMap((module) =>
    Object.entries(module)
      .filter(([name]) => name.endsWith('Create'))
      .map(([, schema]) => schema),
  );
  const covered = Object.values(resources).map((resource) => resource.create);
  for (const schema of createSchemas) expect(covered).toContain(schema);
});

describe.each(Object.entries(resources))('%s', (_name, resource) => {
  let body: Record<string, unknown>;
  let recordUrl: string;

  beforeAll(async () => {
    body = await resource.body(owner);
    recordUrl = `${resource.path}/${await created(resource.path, body)}`;
  });

  const fields = stringFields(resource.create);

  it('has string fields to check', () => {
    expect(fields.length).toBeGreaterThan(0);
  });

  it.each(fields.map((field) => [field.path.join('.'), field] as const))(
    'refuses hostile text in %s on create and update',
    async (path, field) => {
      for (const { value, code } of Object.values(HOSTILE)) {
        const expected = field.format ? undefined : code;
        await expectRefused('POST', resource.path, withValueAt(body, field.path, value), owner, {
          path,
          code: expected,
        });
        await expectRefused('PUT', recordUrl, partialAt(body, field.path, value), owner, {
          path,
          code: expected,
        });
      }
      if (field.required && !field.format) {
        const blank = withValueAt(body, field.path, INVISIBLE_ONLY);
        await expectRefused('POST', resource.path, blank, owner, { path, code: 'required' });
        const blankUpdate = partialAt(body, field.path, INVISIBLE_ONLY);
        await expectRefused('PUT', recordUrl, blankUpdate, owner, { path, code: 'required' });
      }
    },
  );

  it('answers a NUL in any list filter with 400, not a database error', async () => {
    const { inner } = unwrap(resource.listQuery);
    const keys = Object.keys(inner._zod.def.shape ?? {});
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const response = await t.send(owner, 'GET', `${resource.path}?${key}=a%00b`);
      expectFieldError(response, key, undefined);
    }
  });
});

describe.each([
  ['/api/auth/register', registerBody],
  ['/api/auth/login', loginBody],
  ['/api/auth/register/confirm', confirmSignUpBody],
] as const)('%s', (url, schema) => {
  const valid = {
    organizationName: 'Surat Silk',
    name: 'Mehul',
    email: 'mehul@example.com',
    password: 'correct horse battery',
    code: 'ABCDE-FGHJK',
  };
  const fields = stringFields(schema);

  it.each(fields.map((field) => [field.path.join('.'), field] as const))(
    'refuses hostile text in %s',
    async (path, field) => {
      const base = Object.fromEntries(
        Object.entries(valid).filter(([key]) => fields.some((entry) => entry.path[0] === key)),
      );
      for (const { value, code } of Object.values(HOSTILE)) {
        await expectRefused('POST', url, withValueAt(base, field.path, value), null, {
          path,
          code,
        });
      }
      if (field.required && path !== 'password' && path !== 'email') {
        const blank = withValueAt(base, field.path, INVISIBLE_ONLY);
        await expectRefused('POST', url, blank, null, { path, code: 'required' });
      }
    },
  );
});
