import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { envelope, paged, pickList } from '../../../contract/common.ts';
import { design } from '../../../contract/designs.ts';
import { orderLines, orders } from '../orders/schema.ts';
import { errorsByPath, type TestBody, type TestApp, type TestUser } from '../../test/test-app.ts';
import { createdRecord } from '../../test/created-record.ts';
import { withOwnerAndStranger } from '../../test/app-per-file.ts';
import { DUPLICATE_DESIGN_CODE_FAILURE } from './test-support.ts';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

const pagedDesigns = envelope(paged(design));

async function createDesign(user: TestUser, payload: Record<string, unknown>) {
  return createdRecord(t, user, '/api/designs', design, payload);
}

async function list(user: TestUser, query: string) {
  return t.send(user, 'GET', `/api/designs${query}`);
}

withOwnerAndStranger((session) => ({ t, owner, stranger } = session));

describe('create', () => {
  it('creates a design with trimmed text, null for a blank description and the rate as a number', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/designs',
      headers: owner.bearer,
      payload: {
        name: '  Peacock Pallu ',
        designCode: ' EMB-103 ',
        description: '   ',
        rate: 180.5,
        organizationId: owner.auth.organization._id,
        _id: 'ignored',
      },
    });
    expect(response.statusCode).toBe(201);
    const body = envelope(design).parse(response.json<TestBody>());
    expect(body.message).toBe('Design created successfully');
    expect(body.data).toMatchObject({
      name: 'Peacock Pallu',
      designCode: 'EMB-103',
      description: null,
      rate: 180.5,
      organizationId: owner.auth.organization._id,
    });
  });

  it('accepts a design without a rate', async () => {
    const created = await createDesign(owner, { name: 'Trial', designCode: 'TRIAL-1' });
    expect(created.rate).toBeNull();
  });

  it('names each invalid field', async () => {
    const response = await t.send(owner, 'POST', '/api/designs', {
      name: '',
      designCode: 'x'.repeat(41),
      rate: -1,
      description: 'd'.repeat(1001),
    });
    expect(response.statusCode).toBe(400);
    expect(errorsByPath(response.json<TestBody>())).toEqual({
      name: 'This field is required',
      designCode: 'Must be at most 40 characters',
      rate: 'Must be at least 0',
      description: 'Must be at most 1000 characters',
    });
  });

  it('rejects a rate with more than two decimals, as a string, or above the maximum', async () => {
    for (const rate of [10.123, '10', 1_000_000_000_000]) {
      const response = await t.send(owner, 'POST', '/api/designs', {
        name: 'Rate check',
        designCode: 'RATE-X',
        rate,
      });
      expect(response.statusCode, String(rate)).toBe(400);
      expect(response.json<TestBody>().errors[0]?.path).toBe('rate');
    }
  });

  it('requires name and designCode and refuses unknown keys', async () => {
    const response = await t.send(owner, 'POST', '/api/designs', { colour: 'red' });
    expect(response.statusCode).toBe(400);
    expect(errorsByPath(response.json<TestBody>())).toMatchObject({
      name: 'This field is required',
      designCode: 'This field is required',
      colour: 'Unknown field: colour',
    });
  });
});

describe('design code uniqueness', () => {
  it('answers 409 naming designCode when the code exists in any letter case', async () => {
    await createDesign(owner, { name: 'Lotus Jaal', designCode: 'LOT-500' });
    const response = await t.send(owner, 'POST', '/api/designs', {
      name: 'Another lotus',
      designCode: 'lot-500',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<TestBody>()).toEqual(DUPLICATE_DESIGN_CODE_FAILURE);
  });

  it('answers 409 when an update takes another design’s code', async () => {
    await createDesign(owner, { name: 'Rose Buti', designCode: 'ROSE-1' });
    const other = await createDesign(owner, { name: 'Rose Bel', designCode: 'ROSE-2' });
    const response = await t.send(owner, 'PUT', `/api/designs/${other._id}`, {
      designCode: 'Rose-1',
      version: other.version,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<TestBody>().errors[0]?.path).toBe('designCode');
    const unchanged = await t.send(owner, 'PUT', `/api/designs/${other._id}`, {
      designCode: 'rose-2',
      name: 'Rose Bel',
      version: other.version,
    });
    expect(unchanged.statusCode).toBe(200);
  });

  it('lets another organization use the same code', async () => {
    await createDesign(owner, { name: 'Shared code', designCode: 'SHARED-9' });
    const theirs = await createDesign(stranger, { name: 'Shared code', designCode: 'SHARED-9' });
    expect(theirs.organizationId).toBe(stranger.auth.organization._id);
  });
});

describe('delete', () => {
  it('refuses to delete a design while an order uses it', async () => {
    const used = await createDesign(owner, {
      name: 'Ordered Motif',
      designCode: 'ORD-1',
      rate: 10,
    });
    const merchant = await t.send(owner, 'POST', '/api/merchants', { name: 'Buyer' });
    const organizationId = owner.auth.organization._id;
    const orderId = uuidv7();
    const db = t.database.handle.db;
    await db.insert(orders).values({
      organizationId,
      id: orderId,
      merchantId: merchant.json<TestBody>().data._id,
      poNumber: 'PO-1',
      orderDate: '2025-01-15',
      totalQuantity: 5,
      totalAmount: 50,
    });
    await db.insert(orderLines).values({
      organizationId,
      id: uuidv7(),
      orderId,
      position: 0,
      designId: used._id,
      quantity: 5,
      rate: 10,
      amount: 50,
    });

    const refused = await t.send(owner, 'DELETE', `/api/designs/${used._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<TestBody>()).toEqual({
      success: false,
      code: 'still_referenced',
      message: 'This design is used in orders and cannot be deleted',
    });

    await db.delete(orders).where(eq(orders.id, orderId));
    const allowed = await t.send(owner, 'DELETE', `/api/designs/${used._id}`);
    expect(allowed.statusCode).toBe(200);
  });
});

describe('list', () => {
  let lister: TestUser;
  const seed = [
    { name: 'Paisley Border', designCode: 'EMB-101' },
    { name: 'mango butta', designCode: 'EMB-102' },
    { name: 'Sequin 100% Star', designCode: 'SEQ_201' },
    { name: 'Cutwork Leaf', designCode: 'CUT-301' },
    { name: 'Applique', designCode: 'APL-401' },
  ];

  beforeAll(async () => {
    lister = await t.registerUser();
    for (const item of seed) await createDesign(lister, item);
  });

  const names = async (query: string) =>
    pagedDesigns.parse((await list(lister, query)).json<TestBody>()).data.data.map((d) => d.name);

  it('filters by name and by design code, case-insensitively, with % and _ literal', async () => {
    expect(await names('?name=MANGO')).toEqual(['mango butta']);
    expect(await names(`?name=${encodeURIComponent('0%')}`)).toEqual(['Sequin 100% Star']);
    expect((await names('?designCode=emb-')).sort()).toEqual(['Paisley Border', 'mango butta']);
    expect(await names('?designCode=Q_2')).toEqual(['Sequin 100% Star']);
    expect(await names('?designCode=_')).toEqual(['Sequin 100% Star']);
    expect(await names('?name=a&designCode=101')).toEqual(['Paisley Border']);
    expect((await names('?name=&designCode=')).length).toBe(5);
  });

  it('sorts by name, by design code and by creation time', async () => {
    expect(await names('?sort=name')).toEqual([
      'Applique',
      'Cutwork Leaf',
      'mango butta',
      'Paisley Border',
      'Sequin 100% Star',
    ]);
    expect(await names('?sort=-designCode')).toEqual([
      'Sequin 100% Star',
      'mango butta',
      'Paisley Border',
      'Cutwork Leaf',
      'Applique',
    ]);
    expect(await names('?sort=createdAt&limit=1')).toEqual(['Paisley Border']);
  });

  it('returns every design unpaged, sorted by name, for pick lists', async () => {
    const response = await t.send(lister, 'GET', '/api/designs/all');
    const body = envelope(pickList(design)).parse(response.json<TestBody>());
    expect(body.data.data.map((d) => d.name)).toEqual([
      'Applique',
      'Cutwork Leaf',
      'mango butta',
      'Paisley Border',
      'Sequin 100% Star',
    ]);
  });
});
