import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, paged } from '../../../contract/common.ts';
import {
  workerSalary,
  workerSalarySummary,
  type WorkerSalary,
} from '../../../contract/worker-salaries.ts';
import { worker } from '../../../contract/workers.ts';
import { createTestApp, type TestApp, type TestBody, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let ramesh: string;
let sita: string;
let strangerWorker: string;

const pagedSalaries = envelope(paged(workerSalary));
const summaryEnvelope = envelope(workerSalarySummary);

async function createWorker(user: TestUser, name: string): Promise<string> {
  const response = await t.send(user, 'POST', '/api/workers', { name, joiningDate: '2022-04-01' });
  expect(response.statusCode, response.body).toBe(201);
  return envelope(worker).parse(response.json()).data._id;
}

function salaryPayload(overrides: Record<string, unknown>) {
  return {
    workerId: ramesh,
    paymentType: 'salary',
    paymentMethod: 'cash',
    month: 1,
    year: 2024,
    paymentDate: '2024-02-01',
    amount: 1000,
    ...overrides,
  };
}

async function createSalary(
  user: TestUser,
  payload: Record<string, unknown>,
): Promise<WorkerSalary> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/worker-salaries',
    headers: user.bearer,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return envelope(workerSalary).parse(response.json()).data;
}

async function list(user: TestUser, query: string) {
  const response = await t.send(user, 'GET', `/api/worker-salaries${query}`);
  expect(response.statusCode, `${query} ${response.body}`).toBe(200);
  return pagedSalaries.parse(response.json()).data;
}

const amountsOf = async (user: TestUser, query: string) =>
  (await list(user, query)).data.map((s) => s.amount);

async function summary(user: TestUser, query = '') {
  const response = await t.send(user, 'GET', `/api/worker-salaries/summary${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return summaryEnvelope.parse(response.json()).data;
}

// The ledger the list and summary tests read. Pay periods differ from payment dates on purpose:
// January's salary is paid on 1 February.
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
  stranger = await t.registerUser();
  ramesh = await createWorker(owner, 'Ramesh Vasava');
  sita = await createWorker(owner, 'Sita Rathod');
  strangerWorker = await createWorker(stranger, 'Stranger Worker');

  // Worker, type, method, pay period (month, year), paid on, amount.
  const ledger: [string, string, string, number, number, string, number][] = [
    [ramesh, 'salary', 'cash', 1, 2024, '2024-02-01', 12000],
    [ramesh, 'advance', 'upi', 2, 2024, '2024-02-10', 3000],
    [sita, 'salary', 'bank_transfer', 1, 2024, '2024-02-01', 15000.5],
    [sita, 'bonus', 'cash', 10, 2024, '2024-10-28', 5000],
    [ramesh, 'salary', 'cheque', 1, 2025, '2025-02-01', 12500],
    [sita, 'overtime', 'upi', 1, 2025, '2025-01-31', 800.25],
  ];
  for (const [workerId, paymentType, paymentMethod, month, year, paymentDate, amount] of ledger) {
    const entry = { workerId, paymentType, paymentMethod, month, year, paymentDate, amount };
    await createSalary(owner, entry);
  }
  await createSalary(stranger, salaryPayload({ workerId: strangerWorker, amount: 99999 }));
});
afterAll(() => t.close());

describe('create, update, delete', () => {
  let writer: TestUser;
  let writerWorker: string;

  beforeAll(async () => {
    writer = await t.registerUser();
    writerWorker = await createWorker(writer, 'Writer Worker');
  });

  it('sets createdBy from the session, ignores body values, and embeds the worker', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/worker-salaries',
      headers: writer.bearer,
      payload: {
        ...salaryPayload({ workerId: writerWorker, notes: '  March wages ' }),
        createdBy: stranger.auth.user._id,
        updatedBy: stranger.auth.user._id,
        worker: { _id: 'whatever', name: 'ignored' },
        organizationId: writer.auth.organization._id,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = envelope(workerSalary).parse(response.json());
    expect(body.message).toBe('Worker salary entry created successfully');
    expect(body.data).toMatchObject({
      workerId: writerWorker,
      worker: { _id: writerWorker, name: 'Writer Worker' },
      createdBy: writer.auth.user._id,
      updatedBy: null,
      notes: 'March wages',
      amount: 1000,
      organizationId: writer.auth.organization._id,
    });
  });

  it('sets updatedBy on update, keeps createdBy, and merges fields', async () => {
    const created = await createSalary(writer, salaryPayload({ workerId: writerWorker }));
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/worker-salaries/${created._id}`,
      headers: writer.bearer,
      payload: {
        amount: 1250.75,
        updatedBy: stranger.auth.user._id,
        createdBy: stranger.auth.user._id,
        version: created.version,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = envelope(workerSalary).parse(response.json());
    expect(body.message).toBe('Worker salary entry updated successfully');
    expect(body.data).toMatchObject({
      amount: 1250.75,
      paymentType: 'salary',
      month: 1,
      createdBy: writer.auth.user._id,
      updatedBy: writer.auth.user._id,
      worker: { name: 'Writer Worker' },
    });
    const sentBack = await t.send(writer, 'PUT', `/api/worker-salaries/${created._id}`, {
      ...body.data,
      paymentMethod: 'upi',
    });
    expect(sentBack.statusCode, sentBack.body).toBe(200);
    expect(sentBack.json<{ data: WorkerSalary }>().data.paymentMethod).toBe('upi');
  });

  it("rejects another organization's worker as 400 on workerId, on create and update", async () => {
    const response = await t.send(
      writer,
      'POST',
      '/api/worker-salaries',
      salaryPayload({ workerId: strangerWorker }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<TestBody>().errors).toEqual([
      { path: 'workerId', code: 'not_found', message: 'Worker not found' },
    ]);
    const created = await createSalary(writer, salaryPayload({ workerId: writerWorker }));
    const update = await t.send(writer, 'PUT', `/api/worker-salaries/${created._id}`, {
      workerId: strangerWorker,
      version: created.version,
    });
    expect(update.statusCode).toBe(400);
    expect(update.json<TestBody>().errors[0]?.path).toBe('workerId');
  });

  it('validates every field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/worker-salaries',
      headers: writer.bearer,
      payload: {
        workerId: 'not-an-id',
        paymentType: 'gift',
        paymentMethod: 'barter',
        month: 13,
        year: 1999,
        paymentDate: '2025-02-30',
        amount: 0,
      },
    });
    expect(response.statusCode).toBe(400);
    const paths = response
      .json<TestBody>()
      .errors.map((e) => e.path)
      .sort();
    expect(paths).toEqual([
      'amount',
      'month',
      'paymentDate',
      'paymentMethod',
      'paymentType',
      'workerId',
      'year',
    ]);
    for (const [field, value] of [
      ['amount', 10.123],
      ['amount', '1000'],
      ['amount', -5],
      ['month', 0],
      ['month', 1.5],
      ['year', 2101],
    ] as const) {
      const bad = await t.send(
        writer,
        'POST',
        '/api/worker-salaries',
        salaryPayload({ workerId: writerWorker, [field]: value }),
      );
      expect(bad.statusCode, `${field}=${value}`).toBe(400);
      expect(bad.json<TestBody>().errors[0]?.path).toBe(field);
    }
  });
});

describe('list', () => {
  it('sorts newest payment date first by default, embedding worker names', async () => {
    const page = await list(owner, '');
    expect(page.totalCount).toBe(6);
    expect(page.data.map((s) => s.paymentDate)).toEqual([
      '2025-02-01',
      '2025-01-31',
      '2024-10-28',
      '2024-02-10',
      '2024-02-01',
      '2024-02-01',
    ]);
    expect(page.data[0]?.worker).toEqual({ _id: ramesh, name: 'Ramesh Vasava' });
    expect(page.data.map((s) => s.amount)).not.toContain(99999);
  });

  it('sorts by amount and createdAt; other fields are 400', async () => {
    expect(await amountsOf(owner, '?sort=amount')).toEqual([
      800.25, 3000, 5000, 12000, 12500, 15000.5,
    ]);
    expect((await amountsOf(owner, '?sort=-amount'))[0]).toBe(15000.5);
    expect((await amountsOf(owner, '?sort=createdAt'))[0]).toBe(12000);
    const bad = await t.send(owner, 'GET', '/api/worker-salaries?sort=month');
    expect(bad.statusCode).toBe(400);
  });

  it('filters by worker, payment type and payment method', async () => {
    expect(await amountsOf(owner, `?workerId=${sita}&sort=amount`)).toEqual([
      800.25, 5000, 15000.5,
    ]);
    expect(await amountsOf(owner, '?paymentType=salary&sort=amount')).toEqual([
      12000, 12500, 15000.5,
    ]);
    expect(await amountsOf(owner, '?paymentMethod=upi&sort=amount')).toEqual([800.25, 3000]);
    expect(
      await amountsOf(owner, `?workerId=${ramesh}&paymentType=salary&paymentMethod=cheque`),
    ).toEqual([12500]);
    expect(await amountsOf(owner, `?workerId=${strangerWorker}`)).toEqual([]);
  });

  it('filters month and year on the pay period, not the payment date', async () => {
    expect(await amountsOf(owner, '?month=1&year=2024&sort=amount')).toEqual([12000, 15000.5]);
    expect(await amountsOf(owner, '?month=2&sort=amount')).toEqual([3000]);
    expect(await amountsOf(owner, '?year=2025&sort=amount')).toEqual([800.25, 12500]);
  });

  it('filters an inclusive payment-date range', async () => {
    expect(await amountsOf(owner, '?startDate=2024-02-01&endDate=2024-02-10&sort=amount')).toEqual([
      3000, 12000, 15000.5,
    ]);
    expect(await amountsOf(owner, '?startDate=2025-01-31&sort=amount')).toEqual([800.25, 12500]);
    expect(await amountsOf(owner, '?endDate=2024-02-01&sort=amount')).toEqual([12000, 15000.5]);
  });

  it('filters an inclusive amount range', async () => {
    expect(await amountsOf(owner, '?minAmount=3000&maxAmount=12000&sort=amount')).toEqual([
      3000, 5000, 12000,
    ]);
    expect(await amountsOf(owner, '?minAmount=15000.5')).toEqual([15000.5]);
    expect(await amountsOf(owner, '?maxAmount=800.25')).toEqual([800.25]);
  });

  it('ignores empty filter values', async () => {
    const page = await list(owner, '?workerId=&paymentType=&month=&startDate=&minAmount=');
    expect(page.totalCount).toBe(6);
  });

  it('rejects bad filter values with 400 naming the field', async () => {
    for (const [query, path] of [
      ['?startDate=2024-03-01&endDate=2024-02-01', 'endDate'],
      ['?startDate=2024-02-30', 'startDate'],
      ['?month=13', 'month'],
      ['?year=1999', 'year'],
      ['?minAmount=abc', 'minAmount'],
      ['?maxAmount=1.234', 'maxAmount'],
      ['?paymentType=gift', 'paymentType'],
      ['?paymentMethod=barter', 'paymentMethod'],
      ['?workerId=nope', 'workerId'],
      ['?worker=1', 'worker'],
    ] as const) {
      const response = await t.send(owner, 'GET', `/api/worker-salaries${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<TestBody>().errors[0]?.path, query).toBe(path);
    }
  });
});

describe('summary', () => {
  it('adds up the whole ledger by payment type, pay period and worker', async () => {
    const response = await t.send(owner, 'GET', '/api/worker-salaries/summary');
    expect(response.json<TestBody>().message).toBe('Worker salary summary fetched successfully');
    expect(await summary(owner)).toEqual({
      totalAmount: 48300.75,
      paymentCount: 6,
      byPaymentType: [
        { paymentType: 'salary', total: 39500.5, count: 3 },
        { paymentType: 'bonus', total: 5000, count: 1 },
        { paymentType: 'advance', total: 3000, count: 1 },
        { paymentType: 'overtime', total: 800.25, count: 1 },
      ],
      byMonth: [
        { year: 2024, month: 1, total: 27000.5 },
        { year: 2024, month: 2, total: 3000 },
        { year: 2024, month: 10, total: 5000 },
        { year: 2025, month: 1, total: 13300.25 },
      ],
      byWorker: [
        { workerId: ramesh, workerName: 'Ramesh Vasava', total: 27500, count: 3 },
        { workerId: sita, workerName: 'Sita Rathod', total: 20800.75, count: 3 },
      ],
    });
  });

  it('filters by worker, year and month', async () => {
    const year = await summary(owner, '?year=2024');
    expect(year).toMatchObject({ totalAmount: 35000.5, paymentCount: 4 });
    expect(year.byWorker).toEqual([
      { workerId: sita, workerName: 'Sita Rathod', total: 20000.5, count: 2 },
      { workerId: ramesh, workerName: 'Ramesh Vasava', total: 15000, count: 2 },
    ]);
    const period = await summary(owner, '?year=2024&month=1');
    expect(period).toMatchObject({ totalAmount: 27000.5, paymentCount: 2 });
    expect(period.byMonth).toEqual([{ year: 2024, month: 1, total: 27000.5 }]);
    const oneWorker = await summary(owner, `?workerId=${sita}`);
    expect(oneWorker).toMatchObject({ totalAmount: 20800.75, paymentCount: 3 });
    expect(oneWorker.byWorker).toHaveLength(1);
    const januaries = await summary(owner, '?month=1');
    expect(januaries.byMonth).toEqual([
      { year: 2024, month: 1, total: 27000.5 },
      { year: 2025, month: 1, total: 13300.25 },
    ]);
  });

  it('answers zeros and empty splits when nothing matches', async () => {
    expect(await summary(owner, '?year=2030')).toEqual({
      totalAmount: 0,
      paymentCount: 0,
      byPaymentType: [],
      byMonth: [],
      byWorker: [],
    });
  });

  it("never counts another organization's payments", async () => {
    const mine = await summary(stranger);
    expect(mine.totalAmount).toBe(99999);
    expect(mine.byWorker.map((w) => w.workerName)).toEqual(['Stranger Worker']);
    const theirs = await summary(owner, `?workerId=${strangerWorker}`);
    expect(theirs.paymentCount).toBe(0);
  });

  it('rejects bad summary filters with 400', async () => {
    for (const query of ['?month=0', '?year=abc', '?workerId=x', '?paymentType=salary']) {
      const response = await t.send(owner, 'GET', `/api/worker-salaries/summary${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
