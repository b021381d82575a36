import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, paged, pickList } from '../../../contract/common.ts';
import { merchant } from '../../../contract/merchants.ts';
import {
  createTestApp,
  errorsByPath,
  type TestBody,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';
import { createdRecord } from '../../test/created-record.ts';

let t: TestApp;
let owner: TestUser;

const pagedMerchants = envelope(paged(merchant));

async function createMerchant(user: TestUser, payload: Record<string, unknown>) {
  return createdRecord(t, user, '/api/merchants', merchant, payload);
}

async function list(user: TestUser, query: string) {
  return t.send(user, 'GET', `/api/merchants${query}`);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
});
afterAll(() => t.close());

describe('create', () => {
  it('creates a merchant with trimmed fields, nulls for blanks and an upper-cased GSTIN', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers: owner.bearer,
      payload: {
        name: '  Surat Silk Emporium  ',
        contactPerson: '',
        phone: '+91 98250 11234',
        gstin: '24aabfs1234k1z5',
        city: 'Surat',
        organizationId: owner.auth.organization._id,
        _id: 'ignored',
        createdAt: 'ignored',
      },
    });
    expect(response.statusCode).toBe(201);
    const body = envelope(merchant).parse(response.json<TestBody>());
    expect(body.message).toBe('Merchant created successfully');
    expect(body.data).toMatchObject({
      name: 'Surat Silk Emporium',
      contactPerson: null,
      gstin: '24AABFS1234K1Z5',
      organizationId: owner.auth.organization._id,
    });
    expect(body.data._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(new Date(body.data.createdAt).toISOString()).toBe(body.data.createdAt);
  });

  it('names each invalid field in errors[]', async () => {
    const invalid: [field: string, value: unknown, message: string][] = [
      ['name', '   ', 'This field is required'],
      ['email', 'not-an-email', 'Enter a valid email address'],
      ['gstin', '123', 'Enter a valid 15-character GSTIN'],
      ['phone', 'call me', 'Enter a valid phone number'],
      ['surprise', 1, 'Unknown field: surprise'],
    ];
    const response = await t.send(
      owner,
      'POST',
      '/api/merchants',
      Object.fromEntries(invalid.map(([field, value]) => [field, value])),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json<TestBody>();
    expect(body.success).toBe(false);
    expect(body.message).toBe('Validation failed');
    expect(errorsByPath(body)).toMatchObject(
      Object.fromEntries(invalid.map(([field, , message]) => [field, message])),
    );
  });

  it('rejects a name over 120 characters and a non-string name', async () => {
    const long = await t.send(owner, 'POST', '/api/merchants', { name: 'x'.repeat(121) });
    expect(long.statusCode).toBe(400);
    expect(long.json<TestBody>().errors).toMatchObject([
      { path: 'name', message: 'Must be at most 120 characters' },
    ]);
    const numeric = await t.send(owner, 'POST', '/api/merchants', { name: 42 });
    expect(numeric.statusCode).toBe(400);
    expect(numeric.json<TestBody>().errors[0]?.path).toBe('name');
  });
});

describe('update', () => {
  it('clears a field given null or a blank, and leaves the rest', async () => {
    const created = await createMerchant(owner, {
      name: 'Lakshmi Fabrics',
      city: 'Ahmedabad',
      phone: '+91 98250 11234',
      notes: 'Keep',
    });
    const updated = await t.send(owner, 'PUT', `/api/merchants/${created._id}`, {
      notes: null,
      phone: '',
      version: created.version,
    });
    expect(updated.statusCode).toBe(200);
    expect(envelope(merchant).parse(updated.json<TestBody>()).data).toMatchObject({
      name: 'Lakshmi Fabrics',
      city: 'Ahmedabad',
      notes: null,
      phone: null,
    });
  });
});

describe('list', () => {
  let lister: TestUser;
  const names = ['Banarasi 100% Silk', 'Cotton_Mills', 'cotton Mills', 'Apex Dyeing', 'Zari Works'];

  beforeAll(async () => {
    lister = await t.registerUser();
    for (const name of names) await createMerchant(lister, { name });
  });

  it('pages newest first by default with the true counts', async () => {
    const body = pagedMerchants.parse((await list(lister, '?limit=2')).json<TestBody>());
    expect(body.message).toBe('Merchants fetched successfully');
    expect(body.data).toMatchObject({
      totalCount: 5,
      totalPages: 3,
      currentPage: 1,
      hasNextPage: true,
      hasPrevPage: false,
    });
    expect(body.data.data.map((m) => m.name)).toEqual(['Zari Works', 'Apex Dyeing']);
    const last = pagedMerchants.parse((await list(lister, '?limit=2&page=3')).json<TestBody>());
    expect(last.data.data.map((m) => m.name)).toEqual(['Banarasi 100% Silk']);
    expect(last.data).toMatchObject({ hasNextPage: false, hasPrevPage: true });
  });

  it('sorts by name case-insensitively in both directions, id breaking ties', async () => {
    const ascending = pagedMerchants
      .parse((await list(lister, '?sort=name')).json<TestBody>())
      .data.data.map((m) => m.name);
    expect(ascending.map((n) => n.toLowerCase())).toEqual(
      [...ascending].map((n) => n.toLowerCase()).sort(),
    );
    expect(ascending[0]).toBe('Apex Dyeing');
    const descending = pagedMerchants.parse((await list(lister, '?sort=-name')).json<TestBody>())
      .data.data;
    expect(descending[0]?.name).toBe('Zari Works');
    const sameName = descending.filter((m) => m.name.toLowerCase() === 'cotton mills');
    expect(sameName.length).toBe(1);
    const oldest = pagedMerchants.parse(
      (await list(lister, '?sort=createdAt&limit=1')).json<TestBody>(),
    ).data.data;
    expect(oldest[0]?.name).toBe('Banarasi 100% Silk');
  });

  it('filters by name as a case-insensitive substring where % and _ are literal', async () => {
    const names = async (query: string) =>
      pagedMerchants
        .parse((await list(lister, query)).json<TestBody>())
        .data.data.map((m) => m.name)
        .sort();
    expect(await names('?name=COTTON')).toEqual(['Cotton_Mills', 'cotton Mills']);
    expect(await names('?name=n_M')).toEqual(['Cotton_Mills']);
    expect(await names(`?name=${encodeURIComponent('0%')}`)).toEqual(['Banarasi 100% Silk']);
    expect(await names(`?name=${encodeURIComponent('%')}`)).toEqual(['Banarasi 100% Silk']);
    expect((await names('?name=')).length).toBe(5);
  });

  it('returns the pick list sorted by name', async () => {
    const response = await t.send(lister, 'GET', '/api/merchants/all');
    expect(response.statusCode).toBe(200);
    const body = envelope(pickList(merchant)).parse(response.json<TestBody>());
    expect(body.data.data.map((m) => m.name)).toEqual([
      'Apex Dyeing',
      'Banarasi 100% Silk',
      expect.stringMatching(/^cotton.mills$/i),
      expect.stringMatching(/^cotton.mills$/i),
      'Zari Works',
    ]);
  });
});

describe('GST state', () => {
  const gstinStateError = {
    code: 'validation_failed',
    errors: [{ path: 'gstin', code: 'invalid_value', params: { rule: 'gstin_state' } }],
  };

  it('takes the state from the GSTIN, and keeps one given without a GSTIN', async () => {
    const withGstin = await createMerchant(owner, {
      name: 'Mumbai House',
      gstin: '27AAKFM4455F1ZQ',
    });
    expect(withGstin.state).toBe('27');
    const matching = await createMerchant(owner, {
      name: 'Surat House',
      gstin: '24AABFS1234K1Z5',
      state: '24',
    });
    expect(matching.state).toBe('24');
    const withoutGstin = await createMerchant(owner, { name: 'Jaipur Stall', state: '08' });
    expect(withoutGstin).toMatchObject({ gstin: null, state: '08' });
    expect((await createMerchant(owner, { name: 'Anywhere' })).state).toBeNull();
  });

  it('refuses a state that contradicts the GSTIN, in the body or against the stored one', async () => {
    const contradicting = await t.send(owner, 'POST', '/api/merchants', {
      name: 'Confused Traders',
      gstin: '24AABFS1234K1Z5',
      state: '27',
    });
    expect(contradicting.statusCode).toBe(400);
    expect(contradicting.json()).toMatchObject(gstinStateError);

    const stored = await createMerchant(owner, { name: 'Gujarat Mills', gstin: '24AABFS1234K1Z5' });
    const stateOnly = await t.send(owner, 'PUT', `/api/merchants/${stored._id}`, {
      state: '27',
      version: stored.version,
    });
    expect(stateOnly.statusCode).toBe(400);
    expect(stateOnly.json()).toMatchObject(gstinStateError);

    const unknownState = await t.send(owner, 'POST', '/api/merchants', {
      name: 'Nowhere',
      state: '99',
    });
    expect(unknownState.statusCode).toBe(400);
    expect(unknownState.json()).toMatchObject({
      errors: [{ path: 'state', code: 'invalid_value', params: { rule: 'state_code' } }],
    });
  });

  it('moves the state with a new GSTIN and keeps it when the GSTIN is removed', async () => {
    const stored = await createMerchant(owner, { name: 'Moving Co', gstin: '24AABFS1234K1Z5' });
    const moved = await t.send(owner, 'PUT', `/api/merchants/${stored._id}`, {
      gstin: '27AAKFM4455F1ZQ',
      version: stored.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const movedRecord = envelope(merchant).parse(moved.json()).data;
    expect(movedRecord).toMatchObject({ gstin: '27AAKFM4455F1ZQ', state: '27' });

    const cleared = await t.send(owner, 'PUT', `/api/merchants/${stored._id}`, {
      gstin: null,
      version: movedRecord.version,
    });
    expect(envelope(merchant).parse(cleared.json()).data).toMatchObject({
      gstin: null,
      state: '27',
    });
  });

  it('keeps accepting a well-formed GSTIN whose check digit does not match (existing data)', async () => {
    const created = await createMerchant(owner, { name: 'Old Ledger', gstin: '24AABFS1234K1Z9' });
    expect(created).toMatchObject({ gstin: '24AABFS1234K1Z9', state: '24' });
  });

  it('gives a merchant stored without a state one at its next edit', async () => {
    const created = await createMerchant(owner, { name: 'Before States', city: 'Surat' });
    await t.database.handle.db.execute(
      sql`update merchants set gstin = '24AABFS1234K1Z5', state = null where id = ${created._id} and organization_id = ${created.organizationId}`,
    );
    const edited = await t.send(owner, 'PUT', `/api/merchants/${created._id}`, {
      city: 'Ahmedabad',
      version: created.version,
    });
    expect(envelope(merchant).parse(edited.json()).data).toMatchObject({
      city: 'Ahmedabad',
      state: '24',
    });
  });
});
