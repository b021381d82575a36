import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, paged } from '../../contract/common.ts';
import { order } from '../../contract/orders.ts';
import { queryRows } from '../db/database.ts';
import { designs } from '../modules/designs/schema.ts';
import { merchants } from '../modules/merchants/schema.ts';
import { createTestApp, type TestApp, type TestBody, type TestUser } from '../test/test-app.ts';
import { keysetRows } from './csv-export.ts';
import { tenantScope, createTenantContext } from './tenant.ts';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let staff: TestUser;

const locale = (language: string, namespace: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../public/locales/${language}/${namespace}.json`, import.meta.url),
      'utf8',
    ),
  ) as Record<string, Record<string, string>>;

function parseCsv(body: string) {
  const parsed = Papa.parse<string[]>(body.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  const [headers, ...rows] = parsed.data;
  return { headers: headers ?? [], rows };
}

const STATUSES = ['pending', 'in_progress', 'completed'] as const;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
  admin = await t.addUser(owner, 'admin');
  staff = await t.addUser(owner, 'staff');
  const organizationId = owner.auth.organization._id;
  const merchantIds = [uuidv7(), uuidv7()];
  await t.database.handle.db.insert(merchants).values([
    { organizationId, id: merchantIds[0]!, name: 'સુરત સિલ્ક' },
    { organizationId, id: merchantIds[1]!, name: 'Mumbai Mills' },
  ]);
  const designId = uuidv7();
  await t.database.handle.db
    .insert(designs)
    .values({ organizationId, id: designId, name: 'Paisley', designCode: 'PAI-1', rate: 10 });
  // 24 orders over a few days (dates repeat, so the id breaks ties), a third in each status.
  for (let index = 0; index < 24; index += 1) {
    const created = await t.send(owner, 'POST', '/api/orders', {
      merchantId: merchantIds[index % 2],
      poNumber: `PO-${String(index).padStart(2, '0')}`,
      orderDate: `2026-05-0${1 + (index % 4)}`,
      designs: [{ designId, quantity: 1 + index, rate: 12.5 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<TestBody>().data._id;
    const status = STATUSES[index % 3]!;
    for (const step of STATUSES.slice(1, STATUSES.indexOf(status) + 1)) {
      const moved = await t.send(owner, 'PUT', `/api/orders/${id}/status`, {
        status: step,
        ...(step === 'completed' ? { force: true } : {}),
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
  }
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('GET /api/<resource>/export.csv', () => {
  it('holds exactly the rows of the list for the same filter and sort, every page', async () => {
    const query = 'status=in_progress&sort=-orderDate';
    const listed = await t.send(owner, 'GET', `/api/orders?${query}&limit=100`);
    const listRows = envelope(paged(order)).parse(listed.json()).data.data;
    expect(listRows).toHaveLength(8);

    const exported = await t.send(owner, 'GET', `/api/orders/export.csv?${query}&page=3&limit=2`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const { headers, rows } = parseCsv(exported.body);
    const column = (name: string) => headers.indexOf(name);
    expect(rows.map((row) => row[column('PO number')])).toEqual(
      listRows.map((row) => row.poNumber),
    );
    expect(rows.map((row) => row[column('Order date')])).toEqual(
      listRows.map((row) => row.orderDate),
    );
    expect(rows.map((row) => Number(row[column('Total')]))).toEqual(
      listRows.map((row) => row.totalAmount),
    );
    expect(new Set(rows.map((row) => row[column('Status')]))).toEqual(new Set(['In progress']));
    expect(rows[0]?.[column('Merchant')]).toBe(listRows[0]?.merchant.name);
  });

  it('writes a BOM and the headers in the language asked for', async () => {
    const response = await t.send(owner, 'GET', '/api/merchants/export.csv?lang=gu&sort=name');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const gujarati = locale('gu', 'merchants').fields!;
    const { headers, rows } = parseCsv(response.body);
    expect(headers).toEqual(Object.values(gujarati));
    expect(rows.map((row) => row[0])).toEqual(['Mumbai Mills', 'સુરત સિલ્ક']);

    const orders = parseCsv((await t.send(owner, 'GET', '/api/orders/export.csv?lang=gu')).body);
    const status = orders.headers.indexOf(locale('gu', 'orders').columns!.status!);
    expect(new Set(orders.rows.map((row) => row[status]))).toEqual(
      new Set(STATUSES.map((value) => locale('gu', 'orders').status![value])),
    );
  });

  it('refuses a query the list refuses, and a language it does not know', async () => {
    expect((await t.send(owner, 'GET', '/api/orders/export.csv?status=lost')).statusCode).toBe(400);
    expect((await t.send(owner, 'GET', '/api/orders/export.csv?lang=fr')).statusCode).toBe(400);
  });

  it('downloads through a plain link: the session cookie, no CSRF header', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/designs/export.csv',
      headers: { cookie: `accessToken=${owner.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(parseCsv(response.body).rows).toHaveLength(1);
  });

  it("needs the list's read permission", async () => {
    expect((await t.send(staff, 'GET', '/api/orders/export.csv')).statusCode).toBe(200);
    expect((await t.send(staff, 'GET', '/api/expenses/export.csv')).statusCode).toBe(403);
    expect((await t.send(admin, 'GET', '/api/expenses/export.csv')).statusCode).toBe(200);
    expect((await t.send(staff, 'GET', '/api/users/export.csv')).statusCode).toBe(403);
    const users = parseCsv((await t.send(admin, 'GET', '/api/users/export.csv?sort=name')).body);
    expect(users.rows).toHaveLength(3);
    expect(users.headers).not.toContain('passwordHash');
  });
});

describe('keysetRows', () => {
  it('pages through a nullable, repeating sort key in both directions like one ORDER BY', async () => {
    const tenant = createTenantContext(owner.auth.organization._id, owner.auth.user._id);
    const contacts = ['Asha', null, 'Bhavin', 'Asha', null, 'Chetan', 'Asha', 'Bhavin', null];
    await t.database.handle.db.insert(merchants).values(
      contacts.map((contactPerson, index) => ({
        organizationId: tenant.organizationId,
        id: uuidv7(),
        name: `Keyset ${index}`,
        contactPerson,
      })),
    );
    const where = tenantScope(merchants, tenant, sql`${merchants.name} like 'Keyset %'`);
    for (const direction of ['asc', 'desc'] as const) {
      const expected = await queryRows<{ name: string }>(
        t.database.handle.db,
        sql`select name from merchants where ${where}
            order by contact_person ${sql.raw(direction)}, id ${sql.raw(direction)}`,
      );
      const names: string[] = [];
      for await (const row of keysetRows<{ name: string }>(t.database.handle.db, {
        select: sql`${merchants.name} as name`,
        from: sql`${merchants}`,
        where,
        sort: direction === 'asc' ? 'contactPerson' : '-contactPerson',
        sortable: { contactPerson: merchants.contactPerson },
        idColumn: merchants.id,
        pageSize: 2,
      })) {
        names.push(row.name);
      }
      expect(names, direction).toEqual(expected.map((row) => row.name));
    }
  });
});

describe('POST /api/<resource>/import', () => {
  const merchantRows = (prefix: string) =>
    Array.from({ length: 20 }, (_, index) => ({
      row: index + 2,
      values: {
        name: index === 4 ? '' : `${prefix} ${index}`,
        email: index === 11 ? 'not-an-email' : undefined,
        city: 'Surat',
      },
    }));

  it('imports the valid rows and names the bad ones by their line', async () => {
    const response = await t.send(owner, 'POST', '/api/merchants/import', {
      rows: merchantRows('Imported'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<{
      data: { imported: number; errors: { row: number; path: string; code: string }[] };
    }>();
    expect(data.imported).toBe(18);
    expect(data.errors.map(({ row, path, code }) => ({ row, path, code }))).toEqual([
      { row: 6, path: 'name', code: 'required' },
      { row: 13, path: 'email', code: 'invalid_format' },
    ]);
    const [counted] = await queryRows<{ count: number }>(
      t.database.handle.db,
      sql`select count(*)::int as count from merchants
          where organization_id = ${owner.auth.organization._id} and name like 'Imported %'`,
    );
    expect(counted?.count).toBe(18);
  });

  it('never doubles a merchant: names already saved or repeated in the file are duplicates', async () => {
    const response = await t.send(owner, 'POST', '/api/merchants/import', {
      rows: [
        { row: 2, values: { name: 'imported 0 ' } },
        { row: 3, values: { name: 'Fresh Name' } },
        { row: 4, values: { name: 'FRESH NAME' } },
      ],
    });
    const { data } = response.json<{
      data: { imported: number; errors: { row: number; code: string; params: unknown }[] };
    }>();
    expect(data.imported).toBe(1);
    expect(data.errors).toMatchObject([
      { row: 2, code: 'duplicate', params: { rule: 'exists' } },
      { row: 4, code: 'duplicate', params: { rule: 'in_file', row: 3 } },
    ]);
  });

  it('checks design codes and workers with their own schemas', async () => {
    const designsResponse = await t.send(owner, 'POST', '/api/designs/import', {
      rows: [
        { row: 2, values: { name: 'Paisley again', designCode: 'pai-1' } },
        { row: 3, values: { name: 'Lotus', designCode: 'LOT-1', rate: 22.5 } },
      ],
    });
    expect(designsResponse.json<{ data: unknown }>().data).toMatchObject({
      imported: 1,
      errors: [{ row: 2, path: 'designCode', code: 'duplicate' }],
    });
    const workersResponse = await t.send(owner, 'POST', '/api/workers/import', {
      rows: [
        { row: 2, values: { name: 'Ramesh', joiningDate: '2024-04-01', salaryType: 'daily' } },
        { row: 3, values: { name: 'Suresh', joiningDate: '2024-13-01' } },
      ],
    });
    expect(workersResponse.json<{ data: unknown }>().data).toMatchObject({
      imported: 1,
      errors: [{ row: 3, path: 'joiningDate' }],
    });
  });

  it('is idempotent: a retry with the same key replays the answer and saves nothing twice', async () => {
    const rows = [{ row: 2, values: { name: 'Retried Merchant' } }];
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/merchants/import',
        headers: { ...owner.bearer, 'idempotency-key': 'import-retry-1' },
        payload: { rows },
      });
    const first = await send();
    const second = await send();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const [counted] = await queryRows<{ count: number }>(
      t.database.handle.db,
      sql`select count(*)::int as count from merchants
          where organization_id = ${owner.auth.organization._id} and name = 'Retried Merchant'`,
    );
    expect(counted?.count).toBe(1);
  });

  it('is for the owner only', async () => {
    const rows = [{ row: 2, values: { name: 'Not allowed' } }];
    for (const user of [admin, staff]) {
      const response = await t.send(user, 'POST', '/api/merchants/import', { rows });
      expect(response.statusCode).toBe(403);
    }
  });
});
