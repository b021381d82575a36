import { readFileSync } from 'node:fs';
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeBillFigures } from '../../../contract/bill-figures.ts';
import { bill, billCreate, billNextNumber, type Bill } from '../../../contract/bills.ts';
import { envelope, paged } from '../../../contract/common.ts';
import { order, type Order } from '../../../contract/orders.ts';
import { auditLog, organizations } from '../../db/platform-tables.ts';
import { bankDetails } from '../bank-details/schema.ts';
import { createTestApp, type TestApp, type TestBody, type TestUser } from '../../test/test-app.ts';
import { openDatabase, queryRows, type DatabaseHandle } from '../../db/client.ts';
import { createTenantContext } from '../../lib/tenant.ts';
import { financialYearOf } from './bill-numbers.ts';
import {
  billingFixture,
  createDesign as createBillDesign,
  createStateMerchant,
  GUJARAT,
  MAHARASHTRA,
  moveOrder,
  signUpRolesWith,
  type BillingFixture,
  type ErrorBody,
  type OrderTarget,
} from './bill-test-fixture.ts';
import { billRepository } from './repository.ts';

/** The labels the history and activity views give a bill's fields (`bills:fields.*`). */
function billFieldLabels(language: string): Record<string, string> {
  const file = new URL(`../../../public/locales/${language}/bills.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { fields: Record<string, string> }).fields;
}

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let staff: TestUser;
let stranger: TestUser;

interface Fixture extends BillingFixture {
  statelessMerchant: string;
}

const createMerchant = (user: TestUser, name: string, state: string | null) =>
  createStateMerchant(t, user, { name, state, address: 'Ring Road' });

const PAISLEY = { name: 'Paisley', code: 'PAI' };
const createDesign = (user: TestUser) => createBillDesign(t, user, PAISLEY);

async function fixture(user: TestUser): Promise<Fixture> {
  const billing = await billingFixture(t, user, {
    settings: { billPrefix: 'INV' },
    localName: 'સુરત સિલ્ક',
    address: 'Ring Road',
    design: PAISLEY,
  });
  return { ...billing, statelessMerchant: await createMerchant(user, 'Walk-in', null) };
}

let poSequence = 0;
/** An order moved to `status` through the API; lines default to one line of 10 × 100. */
async function finishedOrder(
  user: TestUser,
  merchantId: string,
  designId: string,
  options: {
    lines?: { quantity: number; rate: number }[];
    status?: OrderTarget;
  } = {},
): Promise<Order> {
  poSequence += 1;
  const lines = options.lines ?? [{ quantity: 10, rate: 100 }];
  const created = await t.send(user, 'POST', '/api/orders', {
    merchantId,
    poNumber: `PO-${poSequence}`,
    orderDate: '2026-05-01',
    designs: lines.map((line) => ({ designId, ...line })),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<TestBody>().data._id;
  await moveOrder(t, user, id, options.status ?? 'completed');
  return readOrder(user, id);
}

async function readOrder(user: TestUser, id: string) {
  const response = await t.send(user, 'GET', `/api/orders/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return envelope(order).parse(response.json()).data;
}

async function createBill(user: TestUser, payload: Record<string, unknown>): Promise<Bill> {
  const response = await t.send(user, 'POST', '/api/bills', { billDate: '2026-06-10', ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return envelope(bill).parse(response.json()).data;
}

const pagedBills = envelope(paged(bill));
async function listBills(user: TestUser, query = '') {
  const response = await t.send(user, 'GET', `/api/bills${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return pagedBills.parse(response.json()).data;
}

let mine: Fixture, theirs: Fixture;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, admin, staff, stranger, mine, theirs } = await signUpRolesWith(t, fixture));
});
afterAll(() => t.close());

describe('financial year', () => {
  it('runs from 1 April to 31 March', () => {
    expect(financialYearOf('2026-03-31')).toBe('2025-26');
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
    expect(financialYearOf('2100-01-15')).toBe('2099-00');
  });
});

describe('create', () => {
  it('copies the lines, fills the defaults and splits tax inside the state', async () => {
    await t.database.handle.db.insert(bankDetails).values({
      organizationId: owner.auth.organization._id,
      id: uuidv7(),
      bankName: 'HDFC Bank',
      accountNumber: '50200012345',
      ifscCode: 'HDFC0000123',
      isActive: true,
    });
    const first = await finishedOrder(owner, mine.localMerchant, mine.design, {
      lines: [
        { quantity: 3, rate: 33.33 },
        { quantity: 2, rate: 50 },
      ],
    });
    const second = await finishedOrder(owner, mine.localMerchant, mine.design, {
      status: 'delivered',
    });
    const created = await createBill(owner, {
      merchantId: mine.localMerchant,
      orderIds: [second._id, first._id],
      notes: 'Thank you',
    });
    expect(created.number).toMatch(/^INV\/2026-27\/\d{4}$/);
    expect(created.billType).toBe('tax_invoice');
    expect(created.gstRate).toBe(5);
    expect(created.sac).toBe('998821');
    expect(created.placeOfSupply).toBe(GUJARAT);
    expect(created.dueDate).toBe('2026-06-25');
    expect(created.lines.map((line) => [line.poNumber, line.quantity, line.amount])).toEqual([
      [second.poNumber, 10, 1000],
      [first.poNumber, 3, 99.99],
      [first.poNumber, 2, 100],
    ]);
    // 1199.99 × 5 % / 2 = 29.99975 → 30.00 each; 1259.99 rounds up to 1260.
    expect(created.taxableAmount).toBe(1199.99);
    expect(created.cgstAmount).toBe(30);
    expect(created.sgstAmount).toBe(30);
    expect(created.igstAmount).toBe(0);
    expect(created.roundOff).toBe(0.01);
    expect(created.totalAmount).toBe(1260);
    expect(created.balance).toBe(1260);
    expect(created.paidAmount).toBe(0);
    expect(created.status).toBe('unpaid');
    // Due on 25 June 2026, which has passed: the list test covers bills not yet due.
    expect(created.isOverdue).toBe(new Date().toISOString().slice(0, 10) > '2026-06-25');
    expect(created.merchant).toMatchObject({ _id: mine.localMerchant, name: 'સુરત સિલ્ક' });
    expect(created.seller.state).toBe(GUJARAT);
    expect(created.seller.bank).toMatchObject({ bankName: 'HDFC Bank', ifscCode: 'HDFC0000123' });
    expect(created.notes).toBe('Thank you');

    const billed = await readOrder(owner, first._id);
    expect(billed.billId).toBe(created._id);
    expect(billed.billNumber).toBe(created.number);
    expect(billed.isPaid).toBe(false);

    const fetched = await t.send(owner, 'GET', `/api/bills/${created._id}`);
    expect(envelope(bill).parse(fetched.json()).data).toEqual(created);
  });

  it('charges IGST outside the state and rounds the total down', async () => {
    const one = await finishedOrder(owner, mine.outOfStateMerchant, mine.design, {
      lines: [{ quantity: 1, rate: 1000.4 }],
    });
    const created = await createBill(owner, {
      merchantId: mine.outOfStateMerchant,
      orderIds: [one._id],
      gstRate: 12,
    });
    expect(created.placeOfSupply).toBe(MAHARASHTRA);
    // 1000.40 × 12 % = 120.048 → 120.05; 1120.45 rounds down to 1120.
    expect(created.igstAmount).toBe(120.05);
    expect(created.cgstAmount).toBe(0);
    expect(created.sgstAmount).toBe(0);
    expect(created.roundOff).toBe(-0.45);
    expect(created.totalAmount).toBe(1120);
    expect(created.merchant.gstin).toBe('27AAPFU0939F1ZV');
  });

  it('rounds an exact half paisa away from zero, not to even', async () => {
    const local = await finishedOrder(owner, mine.localMerchant, mine.design, {
      lines: [{ quantity: 1, rate: 100.2 }],
    });
    const split = await createBill(owner, {
      merchantId: mine.localMerchant,
      orderIds: [local._id],
      gstRate: 5,
    });
    // 100.20 × 5 / 2 / 100 = 2.505 → 2.51 each (to even would be 2.50).
    expect(split.cgstAmount).toBe(2.51);
    expect(split.sgstAmount).toBe(2.51);
    expect(split.roundOff).toBe(-0.22);
    expect(split.totalAmount).toBe(105);

    const away = await finishedOrder(owner, mine.outOfStateMerchant, mine.design, {
      lines: [{ quantity: 1, rate: 100.1 }],
    });
    const whole = await createBill(owner, {
      merchantId: mine.outOfStateMerchant,
      orderIds: [away._id],
      gstRate: 5,
    });
    // 100.10 × 5 / 100 = 5.005 → 5.01; 105.11 rounds down.
    expect(whole.igstAmount).toBe(5.01);
    expect(whole.totalAmount).toBe(105);

    const half = await finishedOrder(owner, mine.localMerchant, mine.design, {
      lines: [{ quantity: 1, rate: 10.5 }],
    });
    const rupeeHalf = await createBill(owner, {
      merchantId: mine.localMerchant,
      orderIds: [half._id],
      gstRate: 0,
    });
    // Exactly 50 paise rounds the total up.
    expect(rupeeHalf.roundOff).toBe(0.5);
    expect(rupeeHalf.totalAmount).toBe(11);
  });

  it('charges no tax at 0 % or on a bill of supply', async () => {
    const zero = await finishedOrder(owner, mine.localMerchant, mine.design);
    const atZero = await createBill(owner, {
      merchantId: mine.localMerchant,
      orderIds: [zero._id],
      gstRate: 0,
    });
    expect([atZero.cgstAmount, atZero.sgstAmount, atZero.igstAmount]).toEqual([0, 0, 0]);
    expect(atZero.totalAmount).toBe(1000);

    const supply = await finishedOrder(owner, mine.outOfStateMerchant, mine.design);
    const ofSupply = await createBill(owner, {
      merchantId: mine.outOfStateMerchant,
      orderIds: [supply._id],
      billType: 'bill_of_supply',
      gstRate: 18,
      placeOfSupply: '29',
      dueDate: '2026-07-31',
    });
    expect([ofSupply.cgstAmount, ofSupply.sgstAmount, ofSupply.igstAmount]).toEqual([0, 0, 0]);
    expect(ofSupply.placeOfSupply).toBe('29');
    expect(ofSupply.dueDate).toBe('2026-07-31');
  });

  it("takes the organization's state when the merchant has none", async () => {
    const one = await finishedOrder(owner, mine.statelessMerchant, mine.design);
    const created = await createBill(owner, {
      merchantId: mine.statelessMerchant,
      orderIds: [one._id],
    });
    expect(created.placeOfSupply).toBe(GUJARAT);
    expect(created.cgstAmount).toBe(25);
  });

  it('asks for the place of supply when neither the merchant nor the organization has a state', async () => {
    const user = await t.registerUser();
    const merchantId = await createMerchant(user, 'No State Traders', null);
    const design = await createDesign(user);
    const one = await finishedOrder(user, merchantId, design);
    const response = await t.send(user, 'POST', '/api/bills', {
      merchantId,
      billDate: '2026-06-10',
      orderIds: [one._id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors?.[0]).toMatchObject({
      path: 'placeOfSupply',
      code: 'required',
    });
    const named = await createBill(user, { merchantId, orderIds: [one._id], placeOfSupply: '24' });
    // No organization state to compare with: the supply is treated as inter-state.
    expect(named.igstAmount).toBe(50);
    const listed = await t.send(user, 'GET', '/api/orders?limit=10');
    expect(listed.json<{ data: { data: Order[] } }>().data.data[0]).toMatchObject({
      billId: named._id,
      billNumber: named.number,
    });
  });

  it('names each order that is missing or of another merchant', async () => {
    const other = await finishedOrder(owner, mine.outOfStateMerchant, mine.design);
    const foreign = await finishedOrder(stranger, theirs.localMerchant, theirs.design);
    const good = await finishedOrder(owner, mine.localMerchant, mine.design);
    const response = await t.send(owner, 'POST', '/api/bills', {
      merchantId: mine.localMerchant,
      billDate: '2026-06-10',
      orderIds: [good._id, other._id, foreign._id],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.errors?.map((error) => [error.path, error.code])).toEqual([
      ['orderIds.1', 'invalid_value'],
      ['orderIds.2', 'not_found'],
    ]);
    expect((await readOrder(owner, good._id)).billId).toBeNull();
  });

  it('refuses an unknown merchant and a due date before the bill date', async () => {
    const good = await finishedOrder(owner, mine.localMerchant, mine.design);
    const unknown = await t.send(owner, 'POST', '/api/bills', {
      merchantId: theirs.localMerchant,
      billDate: '2026-06-10',
      orderIds: [good._id],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().errors?.[0]?.path).toBe('merchantId');
    const early = await t.send(owner, 'POST', '/api/bills', {
      merchantId: mine.localMerchant,
      billDate: '2026-06-10',
      dueDate: '2026-06-09',
      orderIds: [good._id],
    });
    expect(early.statusCode).toBe(400);
    expect(early.json<ErrorBody>().errors?.[0]?.path).toBe('dueDate');
  });

  it('refuses unfinished orders with order_not_billable', async () => {
    const pending = await finishedOrder(owner, mine.localMerchant, mine.design, {
      status: 'in_progress',
    });
    const response = await t.send(owner, 'POST', '/api/bills', {
      merchantId: mine.localMerchant,
      billDate: '2026-06-10',
      orderIds: [pending._id],
    });
    expect(response.statusCode).toBe(409);
    const body = response.json<ErrorBody>();
    expect(body.code).toBe('order_not_billable');
    expect(body.errors?.[0]?.path).toBe('orderIds.0');
  });

  it('refuses an order already on a live bill, naming its PO number', async () => {
    const one = await finishedOrder(owner, mine.localMerchant, mine.design);
    const two = await finishedOrder(owner, mine.localMerchant, mine.design);
    const first = await createBill(owner, { merchantId: mine.localMerchant, orderIds: [one._id] });
    const response = await t.send(owner, 'POST', '/api/bills', {
      merchantId: mine.localMerchant,
      billDate: '2026-06-10',
      orderIds: [two._id, one._id],
    });
    expect(response.statusCode).toBe(409);
    const body = response.json<ErrorBody>();
    expect(body.code).toBe('order_already_billed');
    expect(body.message).toContain(one.poNumber);
    expect(body.message).toContain(first.number);
    expect(body.errors?.[0]).toMatchObject({
      path: 'orderIds.1',
      params: { poNumber: one.poNumber },
    });
    expect((await readOrder(owner, two._id)).billId).toBeNull();
  });

  it('lets only one of two bills made at once take the same order', async () => {
    const one = await finishedOrder(owner, mine.localMerchant, mine.design);
    const attempts = await Promise.all(
      [0, 1].map(() =>
        t.send(owner, 'POST', '/api/bills', {
          merchantId: mine.localMerchant,
          billDate: '2026-06-10',
          orderIds: [one._id],
        }),
      ),
    );
    expect(attempts.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('numbering', () => {
  async function numberingOwner() {
    const user = await t.registerUser();
    const fx = await fixture(user);
    return { user, fx };
  }

  it('gives 10 bills made at once 0001 to 0010, and a failed bill leaves no gap', async () => {
    const { user, fx } = await numberingOwner();
    const ready = await Promise.all(
      Array.from({ length: 10 }, () => finishedOrder(user, fx.localMerchant, fx.design)),
    );
    const made = await Promise.all(
      ready.map((one) => createBill(user, { merchantId: fx.localMerchant, orderIds: [one._id] })),
    );
    expect(made.map((one) => one.number).sort()).toEqual(
      Array.from({ length: 10 }, (_, index) => `INV/2026-27/${String(index + 1).padStart(4, '0')}`),
    );

    // Together past numeric(14,2): the bill fails after it took its number.
    const huge = await Promise.all(
      [0, 1].map(() =>
        finishedOrder(user, fx.localMerchant, fx.design, {
          lines: [{ quantity: 1, rate: 999_999_999_999.99 }],
        }),
      ),
    );
    const failed = await t.send(user, 'POST', '/api/bills', {
      merchantId: fx.localMerchant,
      billDate: '2026-06-10',
      orderIds: huge.map((one) => one._id),
    });
    expect(failed.statusCode, failed.body).toBe(400);
    expect((await readOrder(user, huge[0]?._id as string)).billId).toBeNull();

    const next = await finishedOrder(user, fx.localMerchant, fx.design);
    const after = await createBill(user, { merchantId: fx.localMerchant, orderIds: [next._id] });
    expect(after.number).toBe('INV/2026-27/0011');
  });

  it('numbers bills made at once on separate connections without gap or duplicate, one dying mid-bill and one failing', async () => {
    const { user, fx } = await numberingOwner();
    const tenant = createTenantContext(user.auth.organization._id, user.auth.user._id);
    const billOf = (orderIds: string[]) =>
      billCreate.parse({ merchantId: fx.localMerchant, orderIds, billDate: '2026-06-10' });
    const doomedOrder = await finishedOrder(user, fx.localMerchant, fx.design);
    const goodOrders = await Promise.all(
      Array.from({ length: 8 }, () => finishedOrder(user, fx.localMerchant, fx.design)),
    );
    // Together past numeric(14,2): that bill fails after it took its number.
    const hugeOrders = await Promise.all(
      [0, 1].map(() =>
        finishedOrder(user, fx.localMerchant, fx.design, {
          lines: [{ quantity: 1, rate: 999_999_999_999.99 }],
        }),
      ),
    );

    // Ten devices: each bill on a pool of its own, so on its own database connection.
    const devices = await Promise.all(
      Array.from({ length: 10 }, () =>
        openDatabase({ databaseUrl: t.database.url, maxConnections: 1 }),
      ),
    );
    const [doomedDevice, hugeDevice, ...goodDevices] = devices as [
      DatabaseHandle,
      DatabaseHandle,
      ...DatabaseHandle[],
    ];
    const observer = new pg.Client({ connectionString: t.database.url });
    // Holds bill_lines, so a bill that has taken its number stops before writing its lines.
    const gate = new pg.Client({ connectionString: t.database.url });
    await observer.connect();
    await gate.connect();
    const lockWaits = async (pids: number[]) => {
      const { rows } = await observer.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity
         where pid = any($1::int[]) and wait_event_type = 'Lock'`,
        [pids],
      );
      return rows[0]?.waiting ?? 0;
    };
    const backendPid = async (device: DatabaseHandle) =>
      (await queryRows<{ pid: number }>(device.db, sql`select pg_backend_pid() as pid`))[0]
        ?.pid as number;
    try {
      const doomedPid = await backendPid(doomedDevice);
      const otherPids = await Promise.all([hugeDevice, ...goodDevices].map(backendPid));
      await gate.query('begin');
      await gate.query('lock table bill_lines in exclusive mode');

      const doomed = billRepository.create(doomedDevice.db, tenant, billOf([doomedOrder._id]));
      doomed.catch(() => undefined);
      await expect.poll(() => lockWaits([doomedPid]), { timeout: 10_000 }).toBe(1);

      // The other nine queue behind the doomed bill's hold on the counter.
      const huge = billRepository.create(
        hugeDevice.db,
        tenant,
        billOf(hugeOrders.map((one) => one._id)),
      );
      huge.catch(() => undefined);
      const good = goodDevices.map((device, index) =>
        billRepository.create(device.db, tenant, billOf([goodOrders[index]?._id as string])),
      );
      for (const attempt of good) attempt.catch(() => undefined);
      await expect.poll(() => lockWaits(otherPids), { timeout: 10_000 }).toBe(9);

      // The doomed device drops off mid-bill, its number taken and uncommitted.
      await observer.query('select pg_terminate_backend($1)', [doomedPid]);
      await expect(doomed).rejects.toThrow();
      await gate.query('commit');

      await expect(huge).rejects.toMatchObject({ statusCode: 400 });
      const made = await Promise.all(good);
      expect(made.map((one) => one.number).sort()).toEqual(
        Array.from(
          { length: 8 },
          (_, index) => `INV/2026-27/${String(index + 1).padStart(4, '0')}`,
        ),
      );
      expect((await readOrder(user, doomedOrder._id)).billId).toBeNull();
      expect((await readOrder(user, hugeOrders[0]?._id as string)).billId).toBeNull();

      const next = await finishedOrder(user, fx.localMerchant, fx.design);
      const after = await createBill(user, { merchantId: fx.localMerchant, orderIds: [next._id] });
      expect(after.number).toBe('INV/2026-27/0009');
      const stored = await queryRows<{ number: string }>(
        t.database.handle.db,
        sql`select number from bills where organization_id = ${tenant.organizationId}
            order by number`,
      );
      expect(stored.map((row) => row.number)).toEqual(
        Array.from(
          { length: 9 },
          (_, index) => `INV/2026-27/${String(index + 1).padStart(4, '0')}`,
        ),
      );
    } finally {
      await gate.query('rollback').catch(() => undefined);
      await Promise.all([gate.end(), observer.end()]);
      await Promise.all(devices.map((device) => device.close()));
    }
  });

  it('starts a new series on 1 April and per prefix', async () => {
    const { user, fx } = await numberingOwner();
    const march = await finishedOrder(user, fx.localMerchant, fx.design);
    const april = await finishedOrder(user, fx.localMerchant, fx.design);
    const later = await finishedOrder(user, fx.localMerchant, fx.design);
    const lastOfYear = await createBill(user, {
      merchantId: fx.localMerchant,
      orderIds: [march._id],
      billDate: '2027-03-31',
    });
    const firstOfYear = await createBill(user, {
      merchantId: fx.localMerchant,
      orderIds: [april._id],
      billDate: '2027-04-01',
    });
    expect(lastOfYear.number).toBe('INV/2026-27/0001');
    expect(firstOfYear.number).toBe('INV/2027-28/0001');
    await t.database.handle.db
      .update(organizations)
      .set({ billPrefix: 'KK' })
      .where(eq(organizations.id, user.auth.organization._id));
    const prefixed = await createBill(user, {
      merchantId: fx.localMerchant,
      orderIds: [later._id],
      billDate: '2027-04-02',
    });
    expect(prefixed.number).toBe('KK/2027-28/0001');
  });
});

describe('next number', () => {
  async function nextNumber(user: TestUser, billDate: string) {
    const response = await t.send(user, 'GET', `/api/bills/next-number?billDate=${billDate}`);
    expect(response.statusCode, response.body).toBe(200);
    return envelope(billNextNumber).parse(response.json()).data;
  }

  it('forecasts the number the next bill of the date takes, without taking it', async () => {
    const user = await t.registerUser();
    const fx = await fixture(user);
    expect(await nextNumber(user, '2026-06-10')).toEqual({
      number: 'INV/2026-27/0001',
      financialYear: '2026-27',
      sequence: 1,
    });
    // Asking twice reserves nothing.
    expect((await nextNumber(user, '2026-06-10')).number).toBe('INV/2026-27/0001');
    const first = await finishedOrder(user, fx.localMerchant, fx.design);
    const made = await createBill(user, { merchantId: fx.localMerchant, orderIds: [first._id] });
    expect(made.number).toBe('INV/2026-27/0001');
    const forecast = await nextNumber(user, '2026-06-10');
    expect(forecast.number).toBe('INV/2026-27/0002');
    // Another financial year has its own series.
    expect((await nextNumber(user, '2026-03-31')).number).toBe('INV/2025-26/0001');
    // A cancelled bill keeps its number, so the forecast does not go back.
    const cancelled = await t.send(user, 'POST', `/api/bills/${made._id}/cancel`, {
      reason: 'Wrong merchant',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const second = await finishedOrder(user, fx.localMerchant, fx.design);
    const next = await createBill(user, { merchantId: fx.localMerchant, orderIds: [second._id] });
    expect(next.number).toBe(forecast.number);
  });

  it('follows the prefix and lets owners and admins ask, not staff', async () => {
    await t.database.handle.db
      .update(organizations)
      .set({ billPrefix: 'KK' })
      .where(eq(organizations.id, owner.auth.organization._id));
    try {
      expect((await nextNumber(owner, '2030-05-01')).number).toBe('KK/2030-31/0001');
      expect((await nextNumber(admin, '2030-05-01')).number).toBe('KK/2030-31/0001');
    } finally {
      await t.database.handle.db
        .update(organizations)
        .set({ billPrefix: 'INV' })
        .where(eq(organizations.id, owner.auth.organization._id));
    }
    const refused = await t.send(staff, 'GET', '/api/bills/next-number?billDate=2030-05-01');
    expect(refused.statusCode).toBe(403);
    const malformed = await t.send(owner, 'GET', '/api/bills/next-number?billDate=tomorrow');
    expect(malformed.statusCode).toBe(400);
  });

  it('stores the figures the shared function computes for the review', async () => {
    const user = await t.registerUser();
    const fx = await fixture(user);
    const cases = [
      { merchantId: fx.localMerchant, lines: [{ quantity: 3, rate: 33.33 }], gstRate: 12 },
      { merchantId: fx.outOfStateMerchant, lines: [{ quantity: 7, rate: 14.29 }], gstRate: 18 },
      { merchantId: fx.localMerchant, lines: [{ quantity: 1, rate: 99.5 }], gstRate: 0 },
    ];
    for (const { merchantId, lines, gstRate } of cases) {
      const one = await finishedOrder(user, merchantId, fx.design, { lines });
      const made = await createBill(user, { merchantId, orderIds: [one._id], gstRate });
      const expected = computeBillFigures({
        lineAmounts: one.designs.map((line) => line.amount),
        billType: 'tax_invoice',
        gstRate,
        sellerState: GUJARAT,
        placeOfSupply: made.placeOfSupply,
      });
      expect({
        taxable: made.taxableAmount,
        cgst: made.cgstAmount,
        sgst: made.sgstAmount,
        igst: made.igstAmount,
        roundOff: made.roundOff,
        total: made.totalAmount,
      }).toEqual({
        taxable: expected.taxable,
        cgst: expected.cgst,
        sgst: expected.sgst,
        igst: expected.igst,
        roundOff: expected.roundOff,
        total: expected.total,
      });
    }
  });
});

describe('update and cancel', () => {
  it('changes the due date and notes with the version, and audits it', async () => {
    const one = await finishedOrder(owner, mine.localMerchant, mine.design);
    const created = await createBill(owner, {
      merchantId: mine.localMerchant,
      orderIds: [one._id],
    });
    const stale = await t.send(owner, 'PUT', `/api/bills/${created._id}`, {
      notes: 'x',
      version: created.version + 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>().code).toBe('stale_version');
    const early = await t.send(owner, 'PUT', `/api/bills/${created._id}`, {
      dueDate: '2026-06-01',
      version: created.version,
    });
    expect(early.statusCode).toBe(400);
    const response = await t.send(owner, 'PUT', `/api/bills/${created._id}`, {
      dueDate: '2026-08-01',
      notes: 'Call before',
      version: created.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = envelope(bill).parse(response.json()).data;
    expect(updated).toMatchObject({ dueDate: '2026-08-01', notes: 'Call before' });
    expect(updated.version).toBe(created.version + 1);
    expect(updated.totalAmount).toBe(created.totalAmount);
    const unknownField = await t.send(owner, 'PUT', `/api/bills/${created._id}`, {
      totalAmount: 1,
      version: updated.version,
    });
    expect(unknownField.statusCode).toBe(400);

    const entries = await t.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'bill'), eq(auditLog.entityId, created._id)))
      .orderBy(auditLog.at);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(entries[0]?.userId).toBe(owner.auth.user._id);
    expect(entries[0]?.changes).toMatchObject({
      number: [null, created.number],
      merchant: [null, 'સુરત સિલ્ક'],
      orders: [null, [one.poNumber]],
      totalAmount: [null, created.totalAmount],
    });
    expect(Object.keys(entries[0]?.changes ?? {})).not.toContain('merchantId');
    expect(entries[1]?.changes).toEqual({
      dueDate: ['2026-06-25', '2026-08-01'],
      notes: [null, 'Call before'],
    });
  });

  it('keeps the number, frees the orders and refuses a second cancel', async () => {
    const one = await finishedOrder(owner, mine.localMerchant, mine.design);
    const created = await createBill(owner, {
      merchantId: mine.localMerchant,
      orderIds: [one._id],
    });
    const blank = await t.send(owner, 'POST', `/api/bills/${created._id}/cancel`, { reason: ' ' });
    expect(blank.statusCode).toBe(400);
    const response = await t.send(owner, 'POST', `/api/bills/${created._id}/cancel`, {
      reason: 'Wrong rate',
    });
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = envelope(bill).parse(response.json()).data;
    expect(cancelled).toMatchObject({
      number: created.number,
      status: 'cancelled',
      cancelReason: 'Wrong rate',
      balance: 0,
      isOverdue: false,
    });
    expect(cancelled.cancelledAt).not.toBeNull();
    expect((await readOrder(owner, one._id)).billId).toBeNull();
    const again = await t.send(owner, 'POST', `/api/bills/${created._id}/cancel`, {
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);

    const rebilled = await createBill(owner, {
      merchantId: mine.localMerchant,
      orderIds: [one._id],
    });
    expect(rebilled.number).not.toBe(created.number);
    const [entry] = await t.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created._id), eq(auditLog.action, 'cancel')));
    expect(entry?.changes).toEqual({
      status: ['unpaid', 'cancelled'],
      cancelReason: [null, 'Wrong rate'],
    });
  });

  it('names every field its trail entries carry in each language of the interface', async () => {
    const one = await finishedOrder(owner, mine.outOfStateMerchant, mine.design);
    const created = await createBill(owner, {
      merchantId: mine.outOfStateMerchant,
      orderIds: [one._id],
      notes: 'First lot',
    });
    const updated = await t.send(owner, 'PUT', `/api/bills/${created._id}`, {
      dueDate: '2026-09-01',
      notes: 'Second lot',
      version: created.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const cancelled = await t.send(owner, 'POST', `/api/bills/${created._id}/cancel`, {
      reason: 'Wrong rate',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const entries = await t.database.handle.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'bill'), eq(auditLog.organizationId, owner.auth.organization._id)),
      );
    const fields = new Set(
      entries.flatMap((entry) => Object.keys(entry.changes as Record<string, unknown>)),
    );
    expect(fields).toContain('igstAmount');
    for (const language of ['en', 'gu', 'hi']) {
      const labels = billFieldLabels(language);
      const unnamed = [...fields].filter((field) => !labels[field]?.trim());
      expect(unnamed, `${language}: fields without a label`).toEqual([]);
    }
  });

  it('refuses to cancel a bill with payments', async () => {
    const one = await finishedOrder(owner, mine.localMerchant, mine.design);
    const created = await createBill(owner, {
      merchantId: mine.localMerchant,
      orderIds: [one._id],
    });
    await t.database.handle.db.execute(
      sql`update bills set paid_amount = 100, status = 'partly_paid'
          where organization_id = ${owner.auth.organization._id} and id = ${created._id}`,
    );
    const response = await t.send(owner, 'POST', `/api/bills/${created._id}/cancel`, {
      reason: 'Wrong rate',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().code).toBe('bill_has_payments');
    expect((await readOrder(owner, one._id)).billId).toBe(created._id);
  });
});

describe('order locks', () => {
  it('keeps a billed order as billed until its bill is cancelled', async () => {
    const one = await finishedOrder(owner, mine.localMerchant, mine.design);
    const created = await createBill(owner, {
      merchantId: mine.localMerchant,
      orderIds: [one._id],
    });
    const current = await readOrder(owner, one._id);

    const paid = await t.send(owner, 'PUT', `/api/orders/${one._id}`, {
      isPaid: true,
      version: current.version,
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json<ErrorBody>()).toMatchObject({
      code: 'bill_locked',
      message: 'Paid status follows the bill',
    });
    const lines = await t.send(owner, 'PUT', `/api/orders/${one._id}`, {
      designs: [{ designId: mine.design, quantity: 99, rate: 1 }],
      version: current.version,
    });
    expect(lines.json<ErrorBody>().code).toBe('bill_locked');
    const merchant = await t.send(owner, 'PUT', `/api/orders/${one._id}`, {
      merchantId: mine.outOfStateMerchant,
      version: current.version,
    });
    expect(merchant.json<ErrorBody>().code).toBe('bill_locked');
    const removed = await t.send(owner, 'DELETE', `/api/orders/${one._id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json<ErrorBody>().code).toBe('bill_locked');
    const reopened = await t.send(owner, 'PUT', `/api/orders/${one._id}/status`, {
      status: 'in_progress',
    });
    expect(reopened.json<ErrorBody>().code).toBe('bill_locked');

    // The whole record sent back unchanged, and the notes, still save.
    const { status: _status, ...record } = current;
    const notes = await t.send(owner, 'PUT', `/api/orders/${one._id}`, {
      ...record,
      notes: 'Packed',
    });
    expect(notes.statusCode, notes.body).toBe(200);
    const delivered = await t.send(owner, 'PUT', `/api/orders/${one._id}/status`, {
      status: 'delivered',
    });
    expect(delivered.statusCode).toBe(200);

    const cancel = await t.send(owner, 'POST', `/api/bills/${created._id}/cancel`, {
      reason: 'Redo',
    });
    expect(cancel.statusCode).toBe(200);
    const freedOrder = await readOrder(owner, one._id);
    expect(freedOrder.billId).toBeNull();
    const freed = await t.send(owner, 'PUT', `/api/orders/${one._id}`, {
      isPaid: true,
      version: freedOrder.version,
    });
    expect(freed.statusCode, freed.body).toBe(200);
    // The cancelled bill keeps its copied lines; the order itself may now go.
    const gone = await t.send(owner, 'DELETE', `/api/orders/${one._id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    const kept = await t.send(owner, 'GET', `/api/bills/${created._id}`);
    expect(envelope(bill).parse(kept.json()).data.lines[0]?.orderId).toBe(one._id);
  });
});

describe('database guards', () => {
  it("moves a billed order's paid flag with its bill's status", async () => {
    const one = await finishedOrder(owner, mine.localMerchant, mine.design);
    const created = await createBill(owner, {
      merchantId: mine.localMerchant,
      orderIds: [one._id],
    });
    const setStatus = (status: string, paid: string) =>
      t.database.handle.db.execute(
        sql`update bills set paid_amount = ${paid}::numeric, status = ${status}
            where organization_id = ${owner.auth.organization._id} and id = ${created._id}`,
      );
    await setStatus('paid', String(created.totalAmount));
    const paid = await readOrder(owner, one._id);
    expect(paid.isPaid).toBe(true);
    expect(paid.version).toBeGreaterThan(one.version);
    const paidList = await t.send(owner, 'GET', `/api/orders?isPaid=true&limit=100`);
    expect(paidList.json<{ data: { data: Order[] } }>().data.data.map((o) => o._id)).toContain(
      one._id,
    );
    await setStatus('partly_paid', '1');
    expect((await readOrder(owner, one._id)).isPaid).toBe(false);
  });

  it('refuses a second live bill for one order, even from outside the API', async () => {
    const one = await finishedOrder(owner, mine.localMerchant, mine.design);
    const first = await createBill(owner, { merchantId: mine.localMerchant, orderIds: [one._id] });
    const other = await finishedOrder(owner, mine.localMerchant, mine.design);
    const second = await createBill(owner, {
      merchantId: mine.localMerchant,
      orderIds: [other._id],
    });
    const organizationId = owner.auth.organization._id;
    await expect(
      t.database.handle.db.execute(
        sql`insert into bill_orders (organization_id, bill_id, order_id)
            values (${organizationId}, ${second._id}, ${one._id})`,
      ),
    ).rejects.toMatchObject({ cause: { constraint: 'bill_orders_one_live_bill' } });
    await expect(
      t.database.handle.db.execute(
        sql`insert into bills (organization_id, id, number, merchant_id, bill_date, due_date,
              bill_type, gst_rate, place_of_supply, taxable_amount, cgst_amount, sgst_amount,
              igst_amount, round_off, total_amount, seller, merchant)
            select organization_id, ${uuidv7()}, number, merchant_id, bill_date, due_date,
              bill_type, gst_rate, place_of_supply, 0, 0, 0, 0, 0, 0, seller, merchant
            from bills where organization_id = ${organizationId} and id = ${first._id}`,
      ),
    ).rejects.toMatchObject({ cause: { constraint: 'bills_org_number_unique' } });
  });
});

describe('reading', () => {
  it('lists unbilled finished orders, of one merchant or of all', async () => {
    const user = await t.registerUser();
    const fx = await fixture(user);
    const local = await finishedOrder(user, fx.localMerchant, fx.design);
    const away = await finishedOrder(user, fx.outOfStateMerchant, fx.design, {
      status: 'delivered',
    });
    await finishedOrder(user, fx.localMerchant, fx.design, { status: 'in_progress' });
    const billedOne = await finishedOrder(user, fx.localMerchant, fx.design);
    await createBill(user, { merchantId: fx.localMerchant, orderIds: [billedOne._id] });

    const all = await t.send(user, 'GET', '/api/bills/unbilled-orders');
    expect(all.statusCode, all.body).toBe(200);
    const allIds = all.json<{ data: { data: Order[] } }>().data.data.map((one) => one._id);
    expect(allIds.sort()).toEqual([local._id, away._id].sort());
    const one = await t.send(
      user,
      'GET',
      `/api/bills/unbilled-orders?merchantId=${fx.localMerchant}`,
    );
    const oneData = one.json<{ data: { data: Order[] } }>().data.data;
    expect(oneData.map((o) => o._id)).toEqual([local._id]);
    expect(oneData[0]?.designs).toHaveLength(1);
  });

  it('filters, sorts and pages, with overdue computed from today', async () => {
    const user = await t.registerUser();
    const fx = await fixture(user);
    const orders = await Promise.all(
      Array.from({ length: 4 }, () => finishedOrder(user, fx.localMerchant, fx.design)),
    );
    const away = await finishedOrder(user, fx.outOfStateMerchant, fx.design);
    const old = await createBill(user, {
      merchantId: fx.localMerchant,
      orderIds: [orders[0]?._id],
      billDate: '2023-01-10',
    });
    const recent = await createBill(user, {
      merchantId: fx.localMerchant,
      orderIds: [orders[1]?._id],
      billDate: '2099-01-10',
    });
    const cancelled = await createBill(user, {
      merchantId: fx.localMerchant,
      orderIds: [orders[2]?._id],
      billDate: '2023-02-10',
    });
    await t.send(user, 'POST', `/api/bills/${cancelled._id}/cancel`, { reason: 'x' });
    // Overdue is judged by today, so this bill's date is relative to it (its due date passed long
    // ago whichever day the suite runs); the fixed-date bills above lie years away from today.
    const other = await createBill(user, {
      merchantId: fx.outOfStateMerchant,
      orderIds: [away._id],
      billDate: dayjs().subtract(200, 'day').format('YYYY-MM-DD'),
    });

    expect((await listBills(user)).totalCount).toBe(4);
    const listed: [query: string, ids: string[]][] = [
      ['', [recent._id, other._id, cancelled._id, old._id]],
      ['?isOverdue=true', [other._id, old._id]],
      [`?merchantId=${fx.outOfStateMerchant}`, [other._id]],
      ['?startDate=2023-01-01&endDate=2023-12-31&sort=billDate', [old._id, cancelled._id]],
    ];
    for (const [query, ids] of listed) {
      expect(
        (await listBills(user, query)).data.map((one) => one._id),
        query,
      ).toEqual(ids);
    }
    expect((await listBills(user, '?isOverdue=false')).totalCount).toBe(2);
    expect((await listBills(user, '?status=cancelled')).data[0]?._id).toBe(cancelled._id);
    expect((await listBills(user, `?number=${encodeURIComponent(old.number)}`)).totalCount).toBe(1);
    const page = await listBills(user, '?limit=3&page=2&sort=-number');
    expect(page).toMatchObject({ totalCount: 4, totalPages: 2, currentPage: 2 });
    expect(page.data).toHaveLength(1);
    const bad = await t.send(user, 'GET', '/api/bills?sort=merchant');
    expect(bad.statusCode).toBe(400);
  });

  it("keeps each organization's bills to itself", async () => {
    const theirOrder = await finishedOrder(stranger, theirs.localMerchant, theirs.design);
    const theirBill = await createBill(stranger, {
      merchantId: theirs.localMerchant,
      orderIds: [theirOrder._id],
    });
    expect((await t.send(owner, 'GET', `/api/bills/${theirBill._id}`)).statusCode).toBe(404);
    expect(
      (
        await t.send(owner, 'PUT', `/api/bills/${theirBill._id}`, {
          notes: 'x',
          version: theirBill.version,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.send(owner, 'POST', `/api/bills/${theirBill._id}/cancel`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    const mineList = await listBills(owner, '?limit=100');
    expect(mineList.data.some((one) => one._id === theirBill._id)).toBe(false);
    const unbilled = await t.send(owner, 'GET', '/api/bills/unbilled-orders');
    expect(
      unbilled.json<{ data: { data: Order[] } }>().data.data.some((o) => o._id === theirOrder._id),
    ).toBe(false);
    const taking = await t.send(owner, 'POST', '/api/bills', {
      merchantId: mine.localMerchant,
      billDate: '2026-06-10',
      orderIds: [theirOrder._id],
    });
    expect(taking.statusCode).toBe(400);
  });

  it('lets owners and admins in and keeps staff out', async () => {
    const one = await finishedOrder(owner, mine.localMerchant, mine.design);
    const made = await createBill(admin, { merchantId: mine.localMerchant, orderIds: [one._id] });
    expect((await t.send(admin, 'GET', `/api/bills/${made._id}`)).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/bills'],
      ['GET', `/api/bills/${made._id}`],
      ['GET', '/api/bills/unbilled-orders'],
      ['GET', '/api/bills/export.csv'],
      ['POST', '/api/bills'],
      ['PUT', `/api/bills/${made._id}`],
      ['POST', `/api/bills/${made._id}/cancel`],
    ] as const) {
      const response = await t.send(staff, method, url, method === 'GET' ? undefined : {});
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.send(null, 'GET', '/api/bills')).statusCode).toBe(401);
  });
});

describe('register', () => {
  it('streams the filtered register as CSV with a BOM for Excel', async () => {
    const user = await t.registerUser();
    const fx = await fixture(user);
    const one = await finishedOrder(user, fx.localMerchant, fx.design);
    const two = await finishedOrder(user, fx.outOfStateMerchant, fx.design);
    const local = await createBill(user, {
      merchantId: fx.localMerchant,
      orderIds: [one._id],
      billDate: '2026-06-01',
    });
    const away = await createBill(user, {
      merchantId: fx.outOfStateMerchant,
      orderIds: [two._id],
      billDate: '2026-06-02',
      gstRate: 18,
    });
    const response = await t.send(user, 'GET', '/api/bills/export.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="bills-${today}.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.rawPayload.subarray(3).toString('utf8').trim().split('\n');
    expect(lines).toEqual([
      'Invoice number,Invoice date,Document type,Original invoice number,Original invoice date,Buyer name,Buyer GSTIN,Place of supply,Taxable value,CGST,SGST,IGST,Round off,Invoice value,Status',
      `${local.number},2026-06-01,Invoice,,,સુરત સિલ્ક,,24-Gujarat,1000.00,25.00,25.00,0.00,0.00,1050.00,unpaid`,
      `${away.number},2026-06-02,Invoice,,,Mumbai Mills,27AAPFU0939F1ZV,27-Maharashtra,1000.00,0.00,0.00,180.00,0.00,1180.00,unpaid`,
    ]);
    const filtered = await t.send(
      user,
      'GET',
      `/api/bills/export.csv?merchantId=${fx.outOfStateMerchant}`,
    );
    expect(filtered.body.trim().split('\n')).toHaveLength(2);
    const bad = await t.send(user, 'GET', '/api/bills/export.csv?status=nope');
    expect(bad.statusCode).toBe(400);
  });

  it('pages through more rows than one page without losing or repeating any', async () => {
    const { billRegisterRows } = await import('./repository.ts');
    const user = await t.registerUser();
    const fx = await fixture(user);
    const made: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const one = await finishedOrder(user, fx.localMerchant, fx.design);
      made.push(
        (
          await createBill(user, {
            merchantId: fx.localMerchant,
            orderIds: [one._id],
            billDate: `2026-06-0${5 - index}`,
          })
        ).number,
      );
    }
    const tenant = { organizationId: user.auth.organization._id, userId: user.auth.user._id };
    const seen: string[] = [];
    for await (const row of billRegisterRows(t.database.handle.db, tenant as never, {}, 2)) {
      seen.push(row.number as string);
    }
    expect(seen).toEqual([...made].reverse());
  });
});

describe('totals', () => {
  it('equal a BigInt sum of paise over the lines', async () => {
    const user = await t.registerUser();
    const fx = await fixture(user);
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const rates = [0, 5, 12, 18, 28];
    for (let index = 0; index < 12; index += 1) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
        quantity: 1 + Math.floor(random() * 500),
        rate: Math.round(random() * 100_000) / 100,
      }));
      const merchantId = index % 2 === 0 ? fx.localMerchant : fx.outOfStateMerchant;
      const one = await finishedOrder(user, merchantId, fx.design, { lines });
      await createBill(user, {
        merchantId,
        orderIds: [one._id],
        gstRate: rates[index % rates.length],
      });
    }
    const register = await listBills(user, '?limit=100');
    const paise = (value: number) => BigInt(Math.round(value * 100));
    for (const one of register.data) {
      const taxable = one.lines.reduce((sum, line) => sum + paise(line.amount), 0n);
      expect(paise(one.taxableAmount)).toBe(taxable);
      // round(x × rate / 100) in paise, half away from zero, in integers.
      const share = (divisor: bigint) =>
        (taxable * BigInt(one.gstRate) * 2n + divisor) / (divisor * 2n);
      const local = one.placeOfSupply === GUJARAT;
      const half = local ? share(200n) : 0n;
      const igst = local ? 0n : share(100n);
      expect([paise(one.cgstAmount), paise(one.sgstAmount), paise(one.igstAmount)]).toEqual([
        half,
        half,
        igst,
      ]);
      const gross = taxable + half * 2n + igst;
      const total = ((gross + 50n) / 100n) * 100n;
      expect(paise(one.totalAmount)).toBe(total);
      expect(paise(one.roundOff)).toBe(total - gross);
    }
    const sumLines = register.data
      .flatMap((one) => one.lines)
      .reduce((sum, line) => sum + paise(line.amount), 0n);
    const sumTaxable = register.data.reduce((sum, one) => sum + paise(one.taxableAmount), 0n);
    expect(sumTaxable).toBe(sumLines);
  });
});
