import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type Permission, type Role } from '../../../contract/permissions.ts';
import { WORKER_PAY_PERMISSION } from '../../../contract/workers.ts';
import { createTestApp, type TestApp, type TestBody, type TestUser } from '../../test/test-app.ts';

/**
 * A worker's pay (`salaryType`, `baseSalary`) reaches only the roles the matrix lets read
 * salaries (API.md roles table): every route that sends a worker, or something about one, is
 * read as each role and searched for the pay fields.
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
  /** Whether the route sends a worker's pay to those who may read it. */
  carriesPay: boolean;
  /** The route's own permission, when not every role has it. */
  permission?: Permission;
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
    carriesPay: false,
  },
  { name: 'one entry', url: () => `/api/production-entries/${entryId}`, carriesPay: false },
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

function payFieldsIn(body: string, csv: boolean): string[] {
  if (csv) {
    const [headers = []] = Papa.parse<string[]>(body.replace(/^\uFEFF/, '')).data;
    return headers.filter((header) => header === 'Salary type' || header === 'Base salary');
  }
  return [...body.matchAll(/"(salaryType|baseSalary)"/g)].map((match) => match[1]!);
}

describe("a worker's pay", () => {
  it.each(CASES)('$role reading $name', async ({ role, url, carriesPay, permission }) => {
    const response = await t.send(users[role], 'GET', url());
    if (permission && !can(role, permission)) {
      expect(response.statusCode, response.body).toBe(403);
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
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
});
