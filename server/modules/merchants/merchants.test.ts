import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, paged, pickList } from '../../../contract/common.ts';
import { merchant } from '../../../contract/merchants.ts';
import { merchants } from '../../db/schema.ts';
import { createTestApp, type TestBody, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

const pagedMerchants = envelope(paged(merchant));

async function createMerchant(user: TestUser, payload: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/merchants',
    headers: user.bearer,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return envelope(merchant).parse(response.json<TestBody>()).data;
}

async function list(user: TestUser, query: string) {
  return t.app.inject({ method: 'GET', url: `/api/merchants${query}`, headers: user.bearer });
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
  stranger = await t.registerUser();
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
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers: owner.bearer,
      payload: { name: '   ', email: 'not-an-email', gstin: '123', phone: 'call me', surprise: 1 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<TestBody>();
    expect(body.success).toBe(false);
    expect(body.message).toBe('Validation failed');
    const byPath = Object.fromEntries(
      body.errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(byPath).toMatchObject({
      name: 'This field is required',
      email: 'Enter a valid email address',
      gstin: 'Enter a valid 15-character GSTIN',
      phone: 'Enter a valid phone number',
      surprise: 'Unknown field: surprise',
    });
  });

  it('rejects a name over 120 characters and a non-string name', async () => {
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers: owner.bearer,
      payload: { name: 'x'.repeat(121) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<TestBody>().errors).toMatchObject([
      { path: 'name', message: 'Must be at most 120 characters' },
    ]);
    const numeric = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers: owner.bearer,
      payload: { name: 42 },
    });
    expect(numeric.statusCode).toBe(400);
    expect(numeric.json<TestBody>().errors[0]?.path).toBe('name');
  });

  it("rejects another organization's id in the body", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers: owner.bearer,
      payload: { name: 'Sneaky', organizationId: stranger.auth.organization._id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<TestBody>().errors).toMatchObject([
      { path: 'organizationId', message: 'Organization does not match the signed-in organization' },
    ]);
  });
});

describe('read, update, delete', () => {
  it('gets, merges an update, and deletes', async () => {
    const created = await createMerchant(owner, {
      name: 'Lakshmi Fabrics',
      city: 'Ahmedabad',
      notes: 'Keep',
    });

    const fetched = await t.app.inject({
      method: 'GET',
      url: `/api/merchants/${created._id}`,
      headers: owner.bearer,
    });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json<TestBody>()).toMatchObject({
      message: 'Merchant fetched successfully',
      data: { name: 'Lakshmi Fabrics' },
    });

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/merchants/${created._id}`,
      headers: owner.bearer,
      payload: { ...created, city: 'Surat', notes: null, phone: '' },
    });
    expect(updated.statusCode).toBe(200);
    const body = envelope(merchant).parse(updated.json<TestBody>());
    expect(body.message).toBe('Merchant updated successfully');
    expect(body.data).toMatchObject({
      name: 'Lakshmi Fabrics',
      city: 'Surat',
      notes: null,
      phone: null,
    });
    expect(body.data.createdAt).toBe(created.createdAt);
    expect(body.data.updatedAt >= created.updatedAt).toBe(true);

    const partial = await t.app.inject({
      method: 'PUT',
      url: `/api/merchants/${created._id}`,
      headers: owner.bearer,
      payload: { contactPerson: 'Meena Shah' },
    });
    expect(partial.json<TestBody>().data).toMatchObject({
      name: 'Lakshmi Fabrics',
      city: 'Surat',
      contactPerson: 'Meena Shah',
    });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/merchants/${created._id}`,
      headers: owner.bearer,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<TestBody>()).toEqual({
      success: true,
      data: { _id: created._id },
      message: 'Merchant deleted successfully',
    });

    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/merchants/${created._id}`,
      headers: owner.bearer,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json<TestBody>()).toEqual({
      success: false,
      code: 'not_found',
      message: 'Merchant not found',
    });
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/merchants/not-a-uuid',
      headers: owner.bearer,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<TestBody>().errors).toMatchObject([
      { path: 'id', message: 'Must be a valid id' },
    ]);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/merchants/01890a5d-ac96-774b-bcce-b302099a8057',
        headers: owner.bearer,
        ...(method === 'PUT' ? { payload: { name: 'x' } } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it("keeps another organization's merchant out of reach", async () => {
    const secret = await createMerchant(stranger, { name: 'Stranger Secret Traders' });
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/merchants/${secret._id}`,
      headers: owner.bearer,
    });
    expect(get.statusCode).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/merchants/${secret._id}`,
      headers: owner.bearer,
      payload: { name: 'Hijacked' },
    });
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/merchants/${secret._id}`,
      headers: owner.bearer,
    });
    expect(del.statusCode).toBe(404);
    const listed = pagedMerchants.parse((await list(owner, '?limit=100')).json<TestBody>());
    expect(listed.data.data.map((m) => m._id)).not.toContain(secret._id);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/merchants/all',
      headers: owner.bearer,
    });
    expect(all.json<TestBody>().data.data.map((m: { _id: string }) => m._id)).not.toContain(
      secret._id,
    );
    const [row] = await t.database.handle.db
      .select()
      .from(merchants)
      .where(eq(merchants.id, secret._id));
    expect(row?.name).toBe('Stranger Secret Traders');
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

  it('returns an empty page past the end with the true counts', async () => {
    const body = pagedMerchants.parse((await list(lister, '?limit=2&page=7')).json<TestBody>());
    expect(body.data).toEqual({
      data: [],
      totalCount: 5,
      totalPages: 3,
      currentPage: 7,
      hasNextPage: false,
      hasPrevPage: true,
    });
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

  it('rejects unknown keys, bad sort fields and out-of-range paging with 400', async () => {
    for (const [query, path] of [
      ['?color=red', 'color'],
      ['?sort=city', 'sort'],
      ['?limit=101', 'limit'],
      ['?limit=0', 'limit'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
    ] as const) {
      const response = await list(lister, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<TestBody>().errors[0]?.path, query).toBe(path);
    }
  });

  it('returns the pick list sorted by name', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/merchants/all',
      headers: lister.bearer,
    });
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

describe('idempotent writes', () => {
  it('replays the stored response for the same key and request', async () => {
    const headers = { ...owner.bearer, 'idempotency-key': 'create-merchant-1' };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers,
      payload: { name: 'Once Only' },
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers,
      payload: { name: 'Once Only' },
    });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json<TestBody>()).toEqual(first.json<TestBody>());
    expect(second.headers['idempotent-replayed']).toBe('true');
    const rows = await t.database.handle.db
      .select()
      .from(merchants)
      .where(eq(merchants.name, 'Once Only'));
    expect(rows).toHaveLength(1);
  });

  it('answers 409 when a key is reused for a different request', async () => {
    const headers = { ...owner.bearer, 'idempotency-key': 'create-merchant-2' };
    await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers,
      payload: { name: 'First Body' },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers,
      payload: { name: 'Other Body' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<TestBody>().success).toBe(false);
  });

  it('keeps keys per organization', async () => {
    const key = { 'idempotency-key': 'shared-key' };
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers: { ...owner.bearer, ...key },
      payload: { name: 'Mine' },
    });
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers: { ...stranger.bearer, ...key },
      payload: { name: 'Theirs' },
    });
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<TestBody>().data.name).toBe('Theirs');
  });

  it('applies concurrent duplicates once', async () => {
    const headers = { ...owner.bearer, 'idempotency-key': 'concurrent-key' };
    const [a, b] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/merchants',
        headers,
        payload: { name: 'Concurrent Co' },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/merchants',
        headers,
        payload: { name: 'Concurrent Co' },
      }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const rows = await t.database.handle.db
      .select()
      .from(merchants)
      .where(eq(merchants.name, 'Concurrent Co'));
    expect(rows).toHaveLength(1);
  });

  it('stores 4xx answers too and rejects malformed keys', async () => {
    const headers = { ...owner.bearer, 'idempotency-key': 'bad-body' };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers,
      payload: { name: '' },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers,
      payload: { name: '' },
    });
    expect(first.statusCode).toBe(400);
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/merchants',
      headers: { ...owner.bearer, 'idempotency-key': 'has space' },
      payload: { name: 'x' },
    });
    expect(malformed.statusCode).toBe(400);
  });
});
