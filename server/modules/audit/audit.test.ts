import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntry } from '../../../contract/audit.ts';
import { AUDIT_ENTITY_NAMESPACES } from '../../../contract/audit-entities.ts';
import { envelope, paged } from '../../../contract/common.ts';
import { queryRows } from '../../db/database.ts';
import { findPostgresError } from '../../lib/db-errors.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { januarySalary } from '../worker-salaries/test-support.ts';

const auditPage = envelope(paged(auditEntry));
const stringMatching = (pattern: RegExp): unknown => expect.stringMatching(pattern);

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let staff: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser({ name: 'Meena Owner' });
  admin = await t.addUser(owner, 'admin');
  staff = await t.addUser(owner, 'staff');
  stranger = await t.registerUser();
});
afterAll(() => t.close());

async function created(user: TestUser, path: string, payload: Record<string, unknown>) {
  const response = await t.send(user, 'POST', path, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { _id: string; version: number } }>().data;
}

/** The owner's order of one line, for a merchant and a design made for it. */
async function orderOfOneDesign(
  merchantName: string,
  poNumber: string,
  line: { name: string; designCode: string; rate: number; quantity: number },
) {
  const merchant = await created(owner, '/api/merchants', { name: merchantName });
  const { quantity, ...designFields } = line;
  const design = await created(owner, '/api/designs', designFields);
  const lines = [{ designId: design._id, quantity, rate: line.rate }];
  const order = await created(owner, '/api/orders', {
    merchantId: merchant._id,
    poNumber,
    orderDate: '2025-05-01',
    designs: lines,
  });
  return { design, order, lines };
}

async function trail(user: TestUser, query = '') {
  const response = await t.send(user, 'GET', `/api/audit-log${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return auditPage.parse(response.json()).data;
}

describe('custom write paths', () => {
  it('records a status move as statusChange with the two statuses', async () => {
    const { design, order } = await orderOfOneDesign('Status Silk', 'PO-STATUS', {
      name: 'Bandhani',
      designCode: 'ST-1',
      rate: 40,
      quantity: 3,
    });
    const moved = await t.send(owner, 'PUT', `/api/orders/${order._id}/status`, {
      status: 'in_progress',
      version: order.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await t.send(owner, 'PUT', `/api/orders/${order._id}/status`, {
      status: 'delivered',
    });
    expect(refused.statusCode).toBe(409);

    const entries = (await trail(owner, `?entityId=${order._id}`)).data;
    expect(entries.map((entry) => entry.action)).toEqual(['statusChange', 'create']);
    expect(entries[0]).toMatchObject({
      entity: 'order',
      userName: 'Meena Owner',
      changes: { status: ['pending', 'in_progress'] },
    });
    expect(entries[1]?.changes.designs).toEqual([
      null,
      [
        {
          designId: design._id,
          designCode: 'ST-1',
          name: 'Bandhani',
          quantity: 3,
          rate: 40,
          amount: 120,
        },
      ],
    ]);
  });

  it('records changed order lines as one designs change, and unchanged lines as none', async () => {
    const { order, lines } = await orderOfOneDesign('Lines Silk', 'PO-LINES', {
      name: 'Leheriya',
      designCode: 'LN-1',
      rate: 10,
      quantity: 2,
    });
    const same = await t.send(owner, 'PUT', `/api/orders/${order._id}`, {
      designs: lines,
      notes: 'Same lines',
      version: order.version,
    });
    expect(same.statusCode, same.body).toBe(200);
    const changed = await t.send(owner, 'PUT', `/api/orders/${order._id}`, {
      designs: [{ ...lines[0], quantity: 5 }],
      version: order.version + 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const [lineChange, notesChange] = (await trail(owner, `?entityId=${order._id}`)).data;
    expect(notesChange?.changes).toEqual({ notes: [null, 'Same lines'] });
    expect(Object.keys(lineChange!.changes).sort()).toEqual([
      'designs',
      'totalAmount',
      'totalQuantity',
    ]);
    expect(lineChange!.changes.totalQuantity).toEqual([2, 5]);
  });

  it('records activating a bank account as setActive', async () => {
    const account = await created(owner, '/api/bank-details', {
      bankName: 'Audit Bank',
      accountNumber: '99887766554',
      ifscCode: 'SBIN0001234',
    });
    const activated = await t.send(owner, 'PATCH', `/api/bank-details/${account._id}/set-active`, {
      version: account.version,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const stale = await t.send(owner, 'PATCH', `/api/bank-details/${account._id}/set-active`, {
      version: account.version,
    });
    expect(stale.statusCode).toBe(409);

    const entries = (await trail(owner, `?entityId=${account._id}`)).data;
    expect(entries.map((entry) => entry.action)).toEqual(['setActive', 'create']);
    expect(entries[0]).toMatchObject({
      entity: 'bankDetail',
      changes: { isActive: [false, true] },
    });

    // Activating another account deactivates this one, which its history then shows.
    const other = await created(owner, '/api/bank-details', {
      bankName: 'Second Bank',
      accountNumber: '11223344556',
      ifscCode: 'HDFC0001234',
      isActive: true,
    });
    const [deactivation] = (await trail(owner, `?entityId=${account._id}`)).data;
    expect(deactivation).toMatchObject({
      action: 'update',
      userName: 'Meena Owner',
      changes: { isActive: [true, false] },
    });
    const [creation] = (await trail(owner, `?entityId=${other._id}`)).data;
    expect(creation).toMatchObject({ action: 'create', changes: { isActive: [null, true] } });
  });
});

describe('refusals inside a write', () => {
  it('adds nothing when a reference is refused after the transaction began', async () => {
    const writer = await t.registerUser();
    const count = async () => (await trail(writer)).totalCount;
    const merchant = await created(writer, '/api/merchants', { name: 'Refusal Silk' });
    const worker = await created(writer, '/api/workers', {
      name: 'Kanti',
      joiningDate: '2024-01-01',
    });
    const before = await count();

    const order = await t.send(writer, 'POST', '/api/orders', {
      merchantId: merchant._id,
      poNumber: 'PO-NONE',
      orderDate: '2025-05-01',
      designs: [{ designId: '01890a5d-ac96-774b-bcce-b302099a8057', quantity: 1, rate: 1 }],
    });
    expect(order.statusCode).toBe(400);
    const salary = await t.send(
      writer,
      'POST',
      '/api/worker-salaries',
      januarySalary('01890a5d-ac96-774b-bcce-b302099a8057'),
    );
    expect(salary.statusCode).toBe(400);
    const stillPaid = await created(writer, '/api/worker-salaries', januarySalary(worker._id));
    const referenced = await t.send(writer, 'DELETE', `/api/workers/${worker._id}`);
    expect(referenced.statusCode).toBe(409);

    expect(await count()).toBe(before + 1);
    const [entry] = (await trail(writer, '?limit=1')).data;
    expect(entry).toMatchObject({ entity: 'workerSalary', entityId: stillPaid._id });
  });
});

describe('GET /api/audit-log', () => {
  let reader: TestUser;
  let merchantIds: string[];

  beforeAll(async () => {
    reader = await t.registerUser({ name: 'Ravi Reader' });
    merchantIds = [];
    for (let n = 1; n <= 3; n++)
      merchantIds.push((await created(reader, '/api/merchants', { name: `Filter ${n}` }))._id);
    await created(reader, '/api/designs', { name: 'Only design', designCode: 'F-1', rate: 5 });
  });

  // Registering signed the reader in: that is the oldest of their 5 entries.
  it('lists newest first and pages with the true counts', async () => {
    const first = await trail(reader, '?limit=2');
    expect(first).toMatchObject({ totalCount: 5, totalPages: 3, hasNextPage: true });
    expect(first.data[0]).toMatchObject({ entity: 'design', action: 'create' });
    expect(first.data[1]?.entityId).toBe(merchantIds[2]);
    const second = await trail(reader, '?limit=2&page=2');
    expect(second.data.map((entry) => entry.entityId)).toEqual([merchantIds[1], merchantIds[0]]);
    const beyond = await trail(reader, '?limit=2&page=9');
    expect(beyond).toMatchObject({ data: [], totalCount: 5, currentPage: 9 });
    const oldest = await trail(reader, '?sort=at&limit=2');
    expect(oldest.data[0]).toMatchObject({ entity: 'session', action: 'signIn' });
    expect(oldest.data[1]?.entityId).toBe(merchantIds[0]);
  });

  it('filters by entity, record, person and day', async () => {
    expect((await trail(reader, '?entity=merchant')).totalCount).toBe(3);
    expect((await trail(reader, `?entityId=${merchantIds[1]}`)).data).toHaveLength(1);
    expect((await trail(reader, `?userId=${reader.auth.user._id}`)).totalCount).toBe(5);
    expect((await trail(reader, `?userId=${owner.auth.user._id}`)).totalCount).toBe(0);

    const today = new Date();
    const day = (offset: number) => {
      const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    };
    expect((await trail(reader, `?startDate=${day(0)}&endDate=${day(0)}`)).totalCount).toBe(5);
    expect((await trail(reader, `?startDate=${day(1)}`)).totalCount).toBe(0);
    expect((await trail(reader, `?endDate=${day(-1)}`)).totalCount).toBe(0);
  });

  it('refuses unknown entities, a reversed date range and unknown filters', async () => {
    for (const [query, path] of [
      ['?entity=spaceship', 'entity'],
      ['?startDate=2025-02-01&endDate=2025-01-01', 'startDate'],
      ['?entityId=nope', 'entityId'],
      ['?colour=red', 'colour'],
      ['?sort=userName', 'sort'],
    ] as const) {
      const response = await t.send(reader, 'GET', `/api/audit-log${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ errors: { path: string }[] }>().errors[0]?.path, query).toBe(path);
    }
  });

  it('shows an organization only its own entries', async () => {
    const secret = await created(stranger, '/api/merchants', { name: 'Elsewhere' });
    const mine = await trail(reader, '?limit=100');
    expect(mine.data.map((entry) => entry.entityId)).not.toContain(secret._id);
    expect((await trail(reader, `?entityId=${secret._id}`)).totalCount).toBe(0);
    expect((await trail(stranger, `?entityId=${secret._id}`)).totalCount).toBe(1);
  });

  it('is open to owners and admins, not to staff or anonymous callers', async () => {
    expect((await t.send(owner, 'GET', '/api/audit-log')).statusCode).toBe(200);
    expect((await t.send(admin, 'GET', '/api/audit-log')).statusCode).toBe(200);
    const forbidden = await t.send(staff, 'GET', '/api/audit-log');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<{ code: string }>().code).toBe('forbidden');
    expect((await t.send(null, 'GET', '/api/audit-log')).statusCode).toBe(401);
  });

  it('offers no way to change or remove an entry', async () => {
    const [entry] = (await trail(reader, '?limit=1')).data;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.send(reader, method, `/api/audit-log/${entry!._id}`, {});
      expect(response.statusCode, method).toBe(404);
    }
  });
});

describe('the audit_log table', () => {
  it('refuses UPDATE and DELETE, even from raw SQL', async () => {
    const { db } = t.database.handle;
    const organizationId = owner.auth.organization._id;
    const [before] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from audit_log where organization_id = ${organizationId}`,
    );
    expect(Number(before?.count)).toBeGreaterThan(0);
    const refusal = async (statement: Promise<unknown>) => {
      const error = await statement.then(
        () => undefined,
        (failure: unknown) => failure,
      );
      const cause = (error as { cause?: { message?: string } } | undefined)?.cause;
      return { ...findPostgresError(error), message: cause?.message };
    };
    expect(
      await refusal(
        db.execute(
          sql`update audit_log set user_name = 'Someone else' where organization_id = ${organizationId}`,
        ),
      ),
    ).toMatchObject({ code: '42501', message: stringMatching(/append-only: UPDATE/) });
    expect(
      await refusal(
        db.execute(sql`delete from audit_log where organization_id = ${organizationId}`),
      ),
    ).toMatchObject({ code: '42501', message: stringMatching(/append-only: DELETE/) });
    const [after] = await queryRows<{ count: number; renamed: number }>(
      db,
      sql`select count(*)::int as count,
                 count(*) filter (where user_name = 'Someone else')::int as renamed
          from audit_log where organization_id = ${organizationId}`,
    );
    expect(Number(after?.count)).toBe(Number(before?.count));
    expect(Number(after?.renamed)).toBe(0);
  });
});

describe('the names of what changed', () => {
  const LANGUAGES = ['en', 'gu', 'hi'] as const;
  const texts = (language: string, namespace: string) =>
    JSON.parse(
      readFileSync(
        new URL(`../../../public/locales/${language}/${namespace}.json`, import.meta.url),
        'utf8',
      ),
    ) as Record<string, Record<string, string> | undefined>;

  /** The label the trail shows for a field, looked up as the activity page does, or null. */
  function fieldLabel(
    language: string,
    entity: keyof typeof AUDIT_ENTITY_NAMESPACES,
    field: string,
  ) {
    const namespace = AUDIT_ENTITY_NAMESPACES[entity];
    const area = namespace ? texts(language, namespace) : {};
    return (
      area.fields?.[field] ??
      area.columns?.[field] ??
      texts(language, 'audit').fields?.[field] ??
      null
    );
  }

  it('has a label in every language for each field the entries of every area change', async () => {
    const merchant = await created(owner, '/api/merchants', { name: 'Label Traders' });
    await created(owner, '/api/payments', {
      merchantId: merchant._id,
      paymentDate: '2025-06-01',
      amount: 500,
      method: 'upi',
      tdsAmount: 10,
      notes: 'Advance',
    });
    const entries: z.infer<typeof auditEntry>[] = [];
    for (let page = 1; ; page += 1) {
      const rows = (await trail(owner, `?limit=100&page=${page}`)).data;
      entries.push(...rows);
      if (rows.length < 100) break;
    }
    const fields = new Set(
      entries.flatMap((entry) =>
        Object.keys(entry.changes ?? {}).map((field) => `${entry.entity} ${field}`),
      ),
    );
    expect(fields).toContain('payment allocatedAmount');
    const unnamed = LANGUAGES.flatMap((language) =>
      [...fields]
        .filter((key) => {
          const [entity, field] = key.split(' ') as [keyof typeof AUDIT_ENTITY_NAMESPACES, string];
          return fieldLabel(language, entity, field) === null;
        })
        .map((key) => `${language}: ${key}`),
    );
    expect(unnamed).toEqual([]);
  });
});
