import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, paged, pickList } from '../../../contract/common.ts';
import { worker, type Worker } from '../../../contract/workers.ts';
import { createTestApp, type TestApp, type TestBody, type TestUser } from '../../test/test-app.ts';
import { createdRecord } from '../../test/created-record.ts';

let t: TestApp;
let owner: TestUser;

const pagedWorkers = envelope(paged(worker));

async function createWorker(user: TestUser, payload: Record<string, unknown>): Promise<Worker> {
  return createdRecord(t, user, '/api/workers', worker, {
    joiningDate: '2023-04-01',
    ...payload,
  });
}

async function listNames(user: TestUser, query: string) {
  const response = await t.send(user, 'GET', `/api/workers${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return pagedWorkers.parse(response.json()).data.data.map((w) => w.name);
}

function errorPaths(body: TestBody) {
  return Object.fromEntries(body.errors.map((e) => [e.path, e.message]));
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
});
afterAll(() => t.close());

describe('create and update', () => {
  it('creates an active worker by default with trimmed fields and nulls for blanks', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/workers',
      headers: owner.bearer,
      payload: {
        name: '  Ramesh Vasava ',
        phone: '+91 98250 12345',
        designation: 'Karigar',
        address: '',
        joiningDate: '2022-06-15',
        salaryType: 'monthly',
        baseSalary: 14500.5,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = envelope(worker).parse(response.json());
    expect(body.message).toBe('Worker created successfully');
    expect(body.data).toMatchObject({
      name: 'Ramesh Vasava',
      address: null,
      joiningDate: '2022-06-15',
      isActive: true,
      salaryType: 'monthly',
      baseSalary: 14500.5,
      organizationId: owner.auth.organization._id,
    });
  });

  it('names every invalid field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/workers',
      headers: owner.bearer,
      payload: {
        name: ' ',
        joiningDate: '2025-13-45',
        salaryType: 'hourly',
        baseSalary: 100.123,
        isActive: 'yes',
        phone: 'call me',
      },
    });
    expect(response.statusCode).toBe(400);
    const errors = errorPaths(response.json<TestBody>());
    expect(errors.salaryType).toMatch(/^Must be one of/);
    expect(errors).toMatchObject({
      name: 'This field is required',
      joiningDate: 'Enter a real date as yyyy-MM-dd',
      baseSalary: 'Use at most two decimal places',
      isActive: 'Must be true or false',
      phone: 'Enter a valid phone number',
    });
    const missingDate = await t.send(owner, 'POST', '/api/workers', { name: 'No Date' });
    expect(missingDate.statusCode).toBe(400);
    expect(Object.keys(errorPaths(missingDate.json<TestBody>()))).toEqual(['joiningDate']);
  });

  it('merges an update: deactivating keeps every other field, and null clears one', async () => {
    const created = await createWorker(owner, {
      name: 'Sita Rathod',
      designation: 'Tailor',
      phone: '9876543210',
      joiningDate: '2021-01-10',
    });
    const deactivated = await t.send(owner, 'PUT', `/api/workers/${created._id}`, {
      isActive: false,
      version: created.version,
    });
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json<TestBody>().message).toBe('Worker updated successfully');
    expect(envelope(worker).parse(deactivated.json()).data).toMatchObject({
      name: 'Sita Rathod',
      designation: 'Tailor',
      joiningDate: '2021-01-10',
      isActive: false,
    });
    const edited = await t.send(owner, 'PUT', `/api/workers/${created._id}`, {
      ...created,
      version: created.version + 1,
      isActive: true,
      phone: null,
      joiningDate: '2021-02-01',
    });
    expect(envelope(worker).parse(edited.json()).data).toMatchObject({
      isActive: true,
      phone: null,
      joiningDate: '2021-02-01',
    });
  });
});

describe('delete', () => {
  it('deletes a worker without salary entries', async () => {
    const created = await createWorker(owner, { name: 'Short Stay' });
    const response = await t.send(owner, 'DELETE', `/api/workers/${created._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { _id: created._id },
      message: 'Worker deleted successfully',
    });
  });

  it('refuses to delete a worker with salary entries and says to deactivate instead', async () => {
    const paidWorker = await createWorker(owner, { name: 'Paid Karigar' });
    const salary = await t.app.inject({
      method: 'POST',
      url: '/api/worker-salaries',
      headers: owner.bearer,
      payload: {
        workerId: paidWorker._id,
        paymentType: 'salary',
        paymentMethod: 'cash',
        month: 3,
        year: 2025,
        paymentDate: '2025-04-01',
        amount: 12000,
      },
    });
    expect(salary.statusCode, salary.body).toBe(201);
    const response = await t.send(owner, 'DELETE', `/api/workers/${paidWorker._id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json<TestBody>().message).toMatch(/mark the worker inactive/i);
    const stillThere = await t.send(owner, 'GET', `/api/workers/${paidWorker._id}`);
    expect(stillThere.statusCode).toBe(200);
  });
});

describe('list', () => {
  let lister: TestUser;

  beforeAll(async () => {
    lister = await t.registerUser();
    await createWorker(lister, {
      name: 'Mahesh Patel',
      phone: '98250 11111',
      designation: 'Embroidery Master',
      joiningDate: '2019-03-01',
    });
    await createWorker(lister, {
      name: 'anita Solanki',
      phone: '98250 22222',
      designation: 'Thread cutter',
      joiningDate: '2023-08-20',
    });
    await createWorker(lister, {
      name: 'Kiran 100% Desai',
      phone: '97120 33333',
      designation: 'Machine_Operator',
      joiningDate: '2021-11-05',
      isActive: false,
    });
    await createWorker(lister, {
      name: 'Zubair Shaikh',
      designation: 'Helper',
      joiningDate: '2024-01-02',
    });
  });

  it('searches name, phone and designation case-insensitively with literal % and _', async () => {
    expect(await listNames(lister, '?search=MAHESH')).toEqual(['Mahesh Patel']);
    expect(await listNames(lister, '?search=98250&sort=name')).toEqual([
      'anita Solanki',
      'Mahesh Patel',
    ]);
    expect(await listNames(lister, '?search=thread')).toEqual(['anita Solanki']);
    expect(await listNames(lister, '?search=e_O')).toEqual(['Kiran 100% Desai']);
    expect(await listNames(lister, `?search=${encodeURIComponent('0%')}`)).toEqual([
      'Kiran 100% Desai',
    ]);
    expect(await listNames(lister, '?search=')).toHaveLength(4);
  });

  it('filters by isActive and rejects anything but true or false', async () => {
    expect(await listNames(lister, '?isActive=false')).toEqual(['Kiran 100% Desai']);
    expect(await listNames(lister, '?isActive=true&sort=name')).toEqual([
      'anita Solanki',
      'Mahesh Patel',
      'Zubair Shaikh',
    ]);
    const bad = await t.send(lister, 'GET', '/api/workers?isActive=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<TestBody>().errors[0]?.path).toBe('isActive');
  });

  it('sorts by name, joiningDate and createdAt; other fields are 400', async () => {
    expect(await listNames(lister, '?sort=-name')).toEqual([
      'Zubair Shaikh',
      'Mahesh Patel',
      'Kiran 100% Desai',
      'anita Solanki',
    ]);
    expect(await listNames(lister, '?sort=joiningDate')).toEqual([
      'Mahesh Patel',
      'Kiran 100% Desai',
      'anita Solanki',
      'Zubair Shaikh',
    ]);
    expect((await listNames(lister, '?sort=-joiningDate'))[0]).toBe('Zubair Shaikh');
    expect((await listNames(lister, '?sort=createdAt'))[0]).toBe('Mahesh Patel');
    const bad = await t.send(lister, 'GET', '/api/workers?sort=phone');
    expect(bad.statusCode).toBe(400);
  });

  it('gives the pick list of every worker, inactive too, sorted by name', async () => {
    const response = await t.send(lister, 'GET', '/api/workers/all');
    const body = envelope(pickList(worker)).parse(response.json());
    expect(body.data.data.map((w) => [w.name, w.isActive])).toEqual([
      ['anita Solanki', true],
      ['Kiran 100% Desai', false],
      ['Mahesh Patel', true],
      ['Zubair Shaikh', true],
    ]);
  });
});

describe('pick list records', () => {
  it('are the same records, byte for byte, as the list and the single record give', async () => {
    const picker = await t.registerUser();
    await createWorker(picker, {
      name: 'Bhavna Rathod',
      joiningDate: '2020-02-29',
      salaryType: 'monthly',
      baseSalary: 14500.5,
    });
    await createWorker(picker, {
      name: 'arvind Joshi',
      phone: '98250 44444',
      joiningDate: '2024-12-31',
      isActive: false,
      salaryType: 'piece_rate',
      baseSalary: 999999999999.99,
    });
    await createWorker(picker, { name: 'Chetan Vora', joiningDate: '2022-01-01', baseSalary: 0 });
    const pickListed = await t.send(picker, 'GET', '/api/workers/all');
    const listed = await t.send(picker, 'GET', '/api/workers?sort=name&limit=100');
    const pickItems = envelope(pickList(worker)).parse(pickListed.json()).data.data;
    const listItems = envelope(paged(worker)).parse(listed.json()).data.data;
    expect(pickItems.map((w) => w.name)).toEqual(['arvind Joshi', 'Bhavna Rathod', 'Chetan Vora']);
    expect(pickItems).toEqual(listItems);
    // Compared as sent: the same keys in the same order and the same number formatting.
    const raw = (body: string) => JSON.stringify((JSON.parse(body) as TestBody).data.data);
    expect(raw(pickListed.body)).toBe(raw(listed.body));
    // The list and pick list are shaped by the database; a single record is shaped in JavaScript.
    const rawItems = (JSON.parse(listed.body) as TestBody).data.data as { _id: string }[];
    for (const item of rawItems) {
      const single = await t.send(picker, 'GET', `/api/workers/${item._id}`);
      expect(JSON.stringify(item)).toBe(JSON.stringify((JSON.parse(single.body) as TestBody).data));
    }
    expect(pickItems[0]).toMatchObject({ baseSalary: 999999999999.99, joiningDate: '2024-12-31' });
    expect(pickItems[1]?.baseSalary).toBe(14500.5);
  });
});
