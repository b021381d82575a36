import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type Permission, type Role } from '../../../contract/permissions.ts';
import { PRODUCTION_PAY_FIELDS } from '../../../contract/production-entries.ts';
import { WORKER_PAY_FIELDS, WORKER_PAY_PERMISSION } from '../../../contract/workers.ts';
import { createTestApp, type TestApp, type TestBody, type TestUser } from '../../test/test-app.ts';

/**
 * A worker's pay (`salaryType`, `baseSalary`, and what a production entry earns: its `rate` and
 * `amount`) reaches only the roles the matrix lets read salaries (contract/permissions.ts): every
 * route that sends a worker, or work of one, is called as each role and searched for the pay
 * fields.
 */

let t: TestApp;
const users = {} as Record<Role, TestUser>;
let workerId: string;
let jobCardId: string;
let entryId: string;

async function created(path: string, body: Record<string, unknown>, status = 201) {
  const response = await t.send(users.owner, 'POST', `/api/${path}`, body);
  expect(response.statusCode, `${path}: ${response.body}`).toBe(status);
  return response.json<TestBody>().data;
}

beforeAll(async () => {
  t = await createTestApp();
  users.owner = await t.registerUser();
  users.admin = await t.addUser(users.owner, 'admin');
  users.staff = await t.addUser(users.owner, 'staff');
  workerId = (
    await created('workers', {
      name: 'Ramesh Vasava',
      joiningDate: '2024-01-01',
      salaryType: 'piece_rate',
      baseSalary: 8,
    })
  )._id;
  const merchantId = (await created('merchants', { name: 'Surat Silk' }))._id;
  const designId = (await created('designs', { name: 'Paisley', designCode: 'PAI-1' }))._id;
  const orderId = (
    await created('orders', {
      merchantId,
      poNumber: 'PO-1',
      orderDate: '2026-01-05',
      designs: [{ designId, quantity: 40, rate: 20 }],
    })
  )._id;
  const cards = await created(`job-cards/from-order/${orderId}`, {}, 200);
  const [card] = (cards as unknown as { data: { _id: string; version: number }[] }).data;
  jobCardId = card!._id;
  const assigned = await t.send(users.owner, 'PUT', `/api/job-cards/${jobCardId}`, {
    workerIds: [workerId],
    version: card!.version,
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  // Logged by staff, as on the floor: the design has no rate, so the worker's own applies.
  const logged = await t.send(users.staff, 'POST', '/api/production-entries', {
    workerId,
    jobCardId,
    workDate: '2026-01-10',
    piecesDone: 5,
  });
  expect(logged.statusCode, logged.body).toBe(201);
  entryId = logged.json<TestBody>().data._id;
}, 60_000);

afterAll(async () => {
  await t.close();
});

interface Read {
  name: string;
  url: () => string;
  method?: 'GET' | 'POST' | 'PUT';
  body?: () => Promise<Record<string, unknown>>;
  /** The answer's status when it is not 200. */
  status?: number;
  /** Whether the route sends a worker's pay to those who may read it. */
  carriesPay: boolean;
  /** The route's own permission, when not every role has it. */
  permission?: Permission;
}

/** Logging and editing work answer with the entry; staff do both on the floor. */
const newWork = () => ({ workerId, jobCardId, piecesDone: 1 });

async function entryVersion() {
  const response = await t.send(users.owner, 'GET', `/api/production-entries/${entryId}`);
  return (response.json<TestBody>().data as unknown as { version: number }).version;
}

const READS: Read[] = [
  { name: 'the list', url: () => '/api/workers?limit=100', carriesPay: true },
  { name: 'the pick list', url: () => '/api/workers/all', carriesPay: true },
  { name: 'one worker', url: () => `/api/workers/${workerId}`, carriesPay: true },
  { name: 'the CSV', url: () => '/api/workers/export.csv', carriesPay: true },
  { name: 'job cards', url: () => `/api/job-cards?workerId=${workerId}`, carriesPay: false },
  { name: 'one job card', url: () => `/api/job-cards/${jobCardId}`, carriesPay: false },
  {
    name: 'production entries',
    url: () => `/api/production-entries?workerId=${workerId}`,
    carriesPay: true,
  },
  { name: 'one entry', url: () => `/api/production-entries/${entryId}`, carriesPay: true },
  {
    name: 'a new entry',
    method: 'POST',
    url: () => '/api/production-entries',
    body: () => Promise.resolve({ ...newWork(), workDate: '2026-01-11' }),
    status: 201,
    carriesPay: true,
  },
  {
    name: "a shift's entries",
    method: 'POST',
    url: () => '/api/production-entries/batch',
    body: () => Promise.resolve({ workDate: '2026-01-12', entries: [newWork()] }),
    status: 201,
    carriesPay: true,
  },
  {
    name: 'an edited entry',
    method: 'PUT',
    url: () => `/api/production-entries/${entryId}`,
    body: async () => ({ piecesDone: 5, version: await entryVersion() }),
    carriesPay: true,
  },
  {
    name: 'the entry a stale edit gets back',
    method: 'PUT',
    url: () => `/api/production-entries/${entryId}`,
    body: async () => ({ piecesDone: 5, version: (await entryVersion()) - 1 }),
    status: 409,
    carriesPay: true,
  },
  {
    name: 'piece wages',
    url: () => `/api/worker-wages?month=2026-01&workerId=${workerId}`,
    carriesPay: true,
    permission: 'salaries.read',
  },
  {
    name: 'the audit trail',
    url: () => `/api/audit-log?entity=worker&entityId=${workerId}`,
    carriesPay: true,
    permission: 'audit.read',
  },
];

const ROLES = ['owner', 'admin', 'staff'] as const satisfies Role[];
const CASES = ROLES.flatMap((role) => READS.map((read) => ({ role, ...read })));

/**
 * The pay fields anywhere in a body: a worker's own wherever they appear, `rate` and `amount`
 * only on production entries (a job card's design has a rate too, which is the design's).
 */
function payFieldsIn(body: string, csv: boolean): string[] {
  if (csv) {
    const [headers = []] = Papa.parse<string[]>(body.replace(/^\uFEFF/, '')).data;
    return headers.filter((header) => header === 'Salary type' || header === 'Base salary');
  }
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const isEntry = 'jobCardId' in value && 'workDate' in value;
    for (const [key, inner] of Object.entries(value)) {
      const payKeys: readonly string[] = isEntry
        ? [...WORKER_PAY_FIELDS, ...PRODUCTION_PAY_FIELDS]
        : WORKER_PAY_FIELDS;
      if (payKeys.includes(key)) found.push(key);
      visit(inner);
    }
  };
  visit(JSON.parse(body));
  return found;
}

describe("a worker's pay", () => {
  it.each(CASES)('$role reading $name', async (read) => {
    const { role, url, carriesPay, permission } = read;
    const response = await t.send(users[role], read.method ?? 'GET', url(), await read.body?.());
    if (permission && !can(role, permission)) {
      expect(response.statusCode, response.body).toBe(403);
      return;
    }
    expect(response.statusCode, response.body).toBe(read.status ?? 200);
    const found = payFieldsIn(response.body, url().includes('.csv'));
    if (carriesPay && can(role, WORKER_PAY_PERMISSION)) {
      expect(found.length, response.body).toBeGreaterThan(0);
    } else {
      expect(found, response.body).toEqual([]);
    }
  });

  it('leaves the pay columns out of the CSV for staff, and their values with them', async () => {
    const response = await t.send(users.staff, 'GET', '/api/workers/export.csv');
    const [headers = [], ...rows] = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(headers).toEqual([
      'Name',
      'Phone',
      'Designation',
      'Address',
      'Joining date',
      'Currently working',
    ]);
    expect(rows).toEqual([['Ramesh Vasava', '', '', '', '2024-01-01', 'Yes']]);
  });

  it('is kept for owner and admin, as stored', async () => {
    for (const role of ['owner', 'admin'] as const) {
      const read = await t.send(users[role], 'GET', `/api/workers/${workerId}`);
      expect(read.json<TestBody>().data).toMatchObject({
        salaryType: 'piece_rate',
        baseSalary: 8,
      });
    }
  });

  it('is what an entry staff logged earns, kept for owner and admin', async () => {
    for (const role of ['owner', 'admin'] as const) {
      const read = await t.send(users[role], 'GET', `/api/production-entries/${entryId}`);
      expect(read.json<TestBody>().data).toMatchObject({ piecesDone: 5, rate: 8, amount: 40 });
    }
  });

  it('cannot be ranked by staff through the list sort', async () => {
    for (const sort of ['amount', '-amount']) {
      const sorted = await t.send(users.staff, 'GET', `/api/production-entries?sort=${sort}`);
      expect(sorted.statusCode, sorted.body).toBe(400);
      expect(sorted.json<TestBody>().errors.map((error) => error.path)).toEqual(['sort']);
    }
    const managers = await t.send(users.admin, 'GET', '/api/production-entries?sort=-amount');
    expect(managers.statusCode, managers.body).toBe(200);
  });
});
