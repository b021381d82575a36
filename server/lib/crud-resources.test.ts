/// <reference types="vite/client" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntry, type AuditEntry } from '../../contract/audit.ts';
import { envelope, errorEnvelope, paged, pickList } from '../../contract/common.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/database.ts';
import {
  casesOf,
  type AreaTestCases,
  type BodyOf,
  type CrudCase,
} from '../test/area-test-cases.ts';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app.ts';

/**
 * What every resource on the generic CRUD routes promises, checked once per resource: create,
 * read, merge-update, delete, paging, validation codes, tenant isolation, idempotent writes and
 * authentication. Each resource's case is the `crudCase` of its module's `test-cases.ts`; its own
 * rules stay in its module's tests.
 */
const cases = casesOf(
  import.meta.glob<AreaTestCases>('../modules/*/test-cases.ts', { eager: true }),
  'crudCase',
).map(([, resource]): [string, CrudCase] => [resource.path.replace('/api/', ''), resource]);

/** The English messages of the generic routes, from what they call a record. */
const messagesOf = ({ noun }: CrudCase) => ({
  created: `${noun} created successfully`,
  updated: `${noun} updated successfully`,
  deleted: `${noun} deleted successfully`,
  notFound: `${noun} not found`,
});

let t: TestApp;

const UNKNOWN_ID = '01890a5d-ac96-774b-bcce-b302099a8057';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe.each(cases)('%s', (_name, resource) => {
  let owner: TestUser;
  let stranger: TestUser;
  let bodyOf: BodyOf;
  let count = 0;
  const prepared = new Map<TestUser, Promise<BodyOf>>();
  const bodiesFor = (user: TestUser) => {
    if (!prepared.has(user)) prepared.set(user, Promise.resolve(resource.prepare(t, user)));
    return prepared.get(user)!;
  };
  const single = () => envelope(resource.record);
  const nextBody = () => bodyOf(++count);

  async function send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    user: TestUser,
    payload?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) {
    return t.app.inject({
      method,
      url,
      headers: { ...user.bearer, ...headers },
      ...(payload ? { payload } : {}),
    });
  }

  async function create(user: TestUser, body = nextBody()) {
    const response = await send('POST', resource.path, user, body);
    expect(response.statusCode, response.body).toBe(201);
    return single().parse(response.json()).data;
  }

  function failure(response: { statusCode: number; json(): unknown; body: string }) {
    const parsed = errorEnvelope.safeParse(response.json());
    expect(parsed.success, response.body).toBe(true);
    return parsed.data!;
  }

  beforeAll(async () => {
    owner = await t.registerUser();
    stranger = await t.registerUser();
    bodyOf = await bodiesFor(owner);
  });

  it('creates a record in the caller’s organization, ignoring read-only keys', async () => {
    const response = await send('POST', resource.path, owner, {
      ...nextBody(),
      _id: 'ignored',
      createdAt: 'ignored',
      organizationId: owner.auth.organization._id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = single().parse(response.json());
    expect(body.message).toBe(messagesOf(resource).created);
    expect(body.data.organizationId).toBe(owner.auth.organization._id);
    expect(body.data._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(new Date(body.data.createdAt).toISOString()).toBe(body.data.createdAt);
  });

  it('refuses a missing field, an unknown key and another organization’s id with codes', async () => {
    const { [resource.requiredField]: _left, ...incomplete } = nextBody();
    const missing = await send('POST', resource.path, owner, { ...incomplete, surprise: 1 });
    expect(missing.statusCode).toBe(400);
    const errors = failure(missing).errors ?? [];
    expect(failure(missing).code).toBe('validation_failed');
    expect(errors).toContainEqual(
      expect.objectContaining({ path: resource.requiredField, code: 'required' }),
    );
    expect(errors).toContainEqual(
      expect.objectContaining({ path: 'surprise', code: 'unknown_key' }),
    );

    const foreign = await send('POST', resource.path, owner, {
      ...nextBody(),
      organizationId: stranger.auth.organization._id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(failure(foreign).errors).toMatchObject([
      { path: 'organizationId', code: 'invalid_value' },
    ]);
  });

  it('gets, merges a partial update and deletes', async () => {
    const created = await create(owner);
    const fetched = await send('GET', `${resource.path}/${created._id}`, owner);
    expect(fetched.statusCode).toBe(200);
    expect(single().parse(fetched.json()).data).toEqual(created);

    const updated = await send('PUT', `${resource.path}/${created._id}`, owner, {
      ...resource.change,
      version: created.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const body = single().parse(updated.json());
    expect(body.message).toBe(messagesOf(resource).updated);
    const untouched = Object.fromEntries(
      Object.entries(created).filter(
        ([key]) =>
          !(key in resource.change) &&
          !['updatedAt', 'version', ...(resource.stamps ?? [])].includes(key),
      ),
    );
    expect(body.data).toMatchObject({ ...untouched, ...resource.change });
    expect(body.data.updatedAt >= created.updatedAt).toBe(true);

    const removed = await send('DELETE', `${resource.path}/${created._id}`, owner);
    expect(removed.json()).toEqual({
      success: true,
      data: { _id: created._id },
      message: messagesOf(resource).deleted,
    });
    const gone = await send('GET', `${resource.path}/${created._id}`, owner);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({
      success: false,
      code: 'not_found',
      message: messagesOf(resource).notFound,
    });
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const malformed = await send('GET', `${resource.path}/not-a-uuid`, owner);
    expect(malformed.statusCode).toBe(400);
    expect(failure(malformed).errors).toMatchObject([{ path: 'id', code: 'invalid_format' }]);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await send(
        method,
        `${resource.path}/${UNKNOWN_ID}`,
        owner,
        method === 'PUT' ? { ...resource.change, version: 1 } : undefined,
      );
      expect(response.statusCode, method).toBe(404);
      expect(failure(response).code).toBe('not_found');
    }
  });

  it('keeps another organization’s records out of reach', async () => {
    const strangerBody = await bodiesFor(stranger);
    const secret = await create(stranger, strangerBody(1));
    const url = `${resource.path}/${secret._id}`;
    expect((await send('GET', url, owner)).statusCode).toBe(404);
    const change = { ...resource.change, version: secret.version };
    expect((await send('PUT', url, owner, change)).statusCode).toBe(404);
    expect((await send('DELETE', url, owner)).statusCode).toBe(404);
    const listed = envelope(paged(resource.record)).parse(
      (await send('GET', `${resource.path}?limit=100`, owner)).json(),
    );
    expect(listed.data.data.map((record) => record._id)).not.toContain(secret._id);
    if (resource.pickList) {
      const all = envelope(pickList(resource.record)).parse(
        (await send('GET', `${resource.path}/all`, owner)).json(),
      );
      expect(all.data.data.map((record) => record._id)).not.toContain(secret._id);
    }
    const stillThere = await send('GET', url, stranger);
    expect(single().parse(stillThere.json()).data).toEqual(secret);
  });

  describe('versions', () => {
    const url = (record: { _id: string }) => `${resource.path}/${record._id}`;

    it('starts at 1, ignores a version sent on create, and grows by one per update', async () => {
      const created = await create(owner, { ...nextBody(), version: 7 });
      expect(created.version).toBe(1);
      const first = await send('PUT', url(created), owner, { ...resource.change, version: 1 });
      expect(first.statusCode, first.body).toBe(200);
      expect(single().parse(first.json()).data.version).toBe(2);
      const second = await send('PUT', url(created), owner, { ...resource.change, version: 2 });
      expect(single().parse(second.json()).data.version).toBe(3);
    });

    it('requires the version on PUT', async () => {
      const created = await create(owner);
      const response = await send('PUT', url(created), owner, resource.change);
      expect(response.statusCode).toBe(400);
      expect(failure(response).errors).toContainEqual(
        expect.objectContaining({ path: 'version', code: 'required' }),
      );
      const fetched = await send('GET', url(created), owner);
      expect(single().parse(fetched.json()).data).toEqual(created);
    });

    it('refuses a version no stored record can have with 400, not a database error', async () => {
      const created = await create(owner);
      for (const version of [0, 2_147_483_648, 1e15, 1.5]) {
        const response = await send('PUT', url(created), owner, { ...resource.change, version });
        expect(response.statusCode, `${version}: ${response.body}`).toBe(400);
        expect(failure(response).errors).toContainEqual(
          expect.objectContaining({ path: 'version' }),
        );
      }
    });

    it('refuses a stale version with 409 stale_version carrying the current record', async () => {
      const created = await create(owner);
      const fresh = await send('PUT', url(created), owner, {
        ...resource.change,
        version: created.version,
      });
      const current = single().parse(fresh.json()).data;

      const stale = await send('PUT', url(created), owner, {
        ...nextBody(),
        version: created.version,
      });
      expect(stale.statusCode, stale.body).toBe(409);
      const body = failure(stale);
      expect(body.code).toBe('stale_version');
      expect(resource.record.parse(body.data)).toEqual(current);

      const after = await send('GET', url(created), owner);
      expect(single().parse(after.json()).data).toEqual(current);
    });

    it('lets exactly one of two updates from the same read win, every time', async () => {
      const rounds = 20;
      let lost = 0;
      const records = [];
      for (let round = 0; round < rounds; round++) records.push(await create(owner));
      await Promise.all(
        records.map(async (record) => {
          const [a, b] = await Promise.all([
            send('PUT', url(record), owner, { ...resource.change, version: record.version }),
            send('PUT', url(record), owner, { ...resource.change, version: record.version }),
          ]);
          const statuses = [a.statusCode, b.statusCode].sort();
          expect(statuses, `${a.body} ${b.body}`).toEqual([200, 409]);
          const loser = a.statusCode === 409 ? a : b;
          expect(failure(loser).code).toBe('stale_version');
          const stored = single().parse((await send('GET', url(record), owner)).json()).data;
          // The loser was told; the winner's write is what is stored, one version on.
          if (stored.version !== record.version + 1) lost++;
        }),
      );
      expect(lost).toBe(0);
    });
  });

  describe('list', () => {
    let lister: TestUser;
    let ids: string[];

    beforeAll(async () => {
      lister = await t.registerUser();
      const body = await bodiesFor(lister);
      ids = [];
      for (let n = 1; n <= 5; n++) ids.push((await create(lister, body(n)))._id);
    });

    const listPage = async (query: string) => {
      const response = await send('GET', `${resource.path}${query}`, lister);
      expect(response.statusCode, response.body).toBe(200);
      return envelope(paged(resource.record)).parse(response.json()).data;
    };

    it('pages with the true counts, and past the end gives an empty page', async () => {
      const first = await listPage('?limit=2&sort=createdAt');
      expect(first).toMatchObject({
        totalCount: 5,
        totalPages: 3,
        currentPage: 1,
        hasNextPage: true,
        hasPrevPage: false,
      });
      expect(first.data.map((record) => record._id)).toEqual(ids.slice(0, 2));
      const last = await listPage('?limit=2&page=3&sort=createdAt');
      expect(last.data.map((record) => record._id)).toEqual(ids.slice(4));
      expect(last).toMatchObject({ hasNextPage: false, hasPrevPage: true });
      const beyond = await listPage('?limit=2&page=7');
      expect(beyond).toMatchObject({ data: [], totalCount: 5, totalPages: 3, currentPage: 7 });
      const newest = await listPage('?sort=-createdAt&limit=1');
      expect(newest.data[0]?._id).toBe(ids[4]);
      const unsorted = await listPage('');
      const expected = await listPage(`?sort=${resource.defaultSort ?? '-createdAt'}`);
      expect(unsorted.data.map((record) => record._id)).toEqual(
        expected.data.map((record) => record._id),
      );
    });

    it('refuses unknown filters, unsortable fields and paging out of range', async () => {
      for (const [query, path] of [
        ['?colour=red', 'colour'],
        ['?sort=organizationId', 'sort'],
        ['?limit=101', 'limit'],
        ['?limit=0', 'limit'],
        ['?page=0', 'page'],
        ['?page=abc', 'page'],
      ] as const) {
        const response = await send('GET', `${resource.path}${query}`, lister);
        expect(response.statusCode, query).toBe(400);
        expect(failure(response).errors?.[0]?.path, query).toBe(path);
      }
    });

    it(`${resource.pickList ? 'gives an' : 'has no'} unpaged pick list`, async () => {
      const response = await send('GET', `${resource.path}/all`, lister);
      if (!resource.pickList) {
        // `/all` is then read as an id, which it is not.
        expect(response.statusCode).toBe(400);
        return;
      }
      const all = envelope(pickList(resource.record)).parse(response.json()).data.data;
      expect(all.map((record) => record._id).sort()).toEqual([...ids].sort());
    });
  });

  describe('idempotent writes', () => {
    const keyed = (key: string) => ({ 'idempotency-key': `${resource.path}-${key}` });

    it('replays the stored answer for the same key and body, and refuses another body', async () => {
      const body = nextBody();
      const first = await send('POST', resource.path, owner, body, keyed('a'));
      const second = await send('POST', resource.path, owner, body, keyed('a'));
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(second.headers['idempotent-replayed']).toBe('true');

      const other = await send('POST', resource.path, owner, nextBody(), keyed('a'));
      expect(other.statusCode).toBe(409);
      expect(failure(other).code).toBe('idempotency_key_reused');
    });

    it('keeps keys per organization and applies concurrent duplicates once', async () => {
      const strangerBody = await bodiesFor(stranger);
      const theirs = await send('POST', resource.path, stranger, strangerBody(2), keyed('b'));
      const body = nextBody();
      const [a, b] = await Promise.all([
        send('POST', resource.path, owner, body, keyed('b')),
        send('POST', resource.path, owner, body, keyed('b')),
      ]);
      expect(theirs.statusCode).toBe(201);
      expect([
        [201, 201],
        [201, 409],
      ]).toContainEqual([a.statusCode, b.statusCode].sort());
      const created = [a, b].filter((response) => response.statusCode === 201);
      const ids = new Set(created.map((response) => single().parse(response.json()).data._id));
      expect(ids.size).toBe(1);
    });

    it('stores refusals too and refuses a malformed key', async () => {
      const first = await send('POST', resource.path, owner, {}, keyed('c'));
      const again = await send('POST', resource.path, owner, {}, keyed('c'));
      expect(first.statusCode).toBe(400);
      expect(again.statusCode).toBe(400);
      expect(again.headers['idempotent-replayed']).toBe('true');
      const malformed = await send('POST', resource.path, owner, nextBody(), {
        'idempotency-key': 'has space',
      });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('audit trail', () => {
    let auditor: TestUser;
    let body: BodyOf;
    let n = 100;

    beforeAll(async () => {
      auditor = await t.registerUser({ name: 'Asha Auditor' });
      body = await bodiesFor(auditor);
    });

    async function entriesFor(entityId: string) {
      const response = await send('GET', `/api/audit-log?entityId=${entityId}&limit=100`, auditor);
      expect(response.statusCode, response.body).toBe(200);
      return envelope(paged(auditEntry)).parse(response.json()).data.data;
    }

    /** Every entry of the organization, counted in the database itself. */
    async function entryCount() {
      const [row] = await queryRows<{ count: number }>(
        t.database.handle.db,
        sql`select count(*)::int as count from audit_log
            where organization_id = ${auditor.auth.organization._id}`,
      );
      return Number(row?.count);
    }

    const only = (entries: AuditEntry[]) => {
      expect(entries).toHaveLength(1);
      return entries[0]!;
    };

    it('adds one entry per create, update and delete, naming who changed what', async () => {
      const before = await entryCount();
      const sent = body(++n);
      const created = await create(auditor, sent);
      const creation = only(await entriesFor(created._id));
      expect(creation).toMatchObject({
        action: 'create',
        entity: resource.entity,
        entityId: created._id,
        userId: auditor.auth.user._id,
        userName: 'Asha Auditor',
      });
      const field = resource.auditedField ?? resource.requiredField;
      expect(creation.changes[field]?.[0]).toBeNull();
      expect(creation.changes[field]?.[1]).toBeTruthy();
      for (const key of ['_id', 'organizationId', 'version', 'createdAt', 'updatedAt'])
        expect(creation.changes).not.toHaveProperty(key);

      const updated = await send('PUT', `${resource.path}/${created._id}`, auditor, {
        ...resource.change,
        version: created.version,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      const [update] = await entriesFor(created._id);
      expect(update).toMatchObject({ action: 'update', entity: resource.entity });
      expect(Object.keys(update!.changes).sort()).toEqual(Object.keys(resource.change).sort());
      for (const [key, value] of Object.entries(resource.change)) {
        expect(update!.changes[key]).toEqual([
          (created as Record<string, unknown>)[key] ?? null,
          value,
        ]);
      }

      const removed = await send('DELETE', `${resource.path}/${created._id}`, auditor);
      expect(removed.statusCode, removed.body).toBe(200);
      const entries = await entriesFor(created._id);
      expect(entries.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
      const deletion = entries[0]!;
      for (const [key, value] of Object.entries(resource.change))
        expect(deletion.changes[key]).toEqual([value, null]);
      expect(await entryCount()).toBe(before + 3);
    });

    it('adds nothing for a refused write', async () => {
      const created = await create(auditor, body(++n));
      const before = await entryCount();
      const url = `${resource.path}/${created._id}`;
      const { [resource.requiredField]: _left, ...incomplete } = body(++n);
      const refusals = [
        await send('POST', resource.path, auditor, incomplete),
        await send('PUT', url, auditor, { ...resource.change }),
        await send('PUT', `${resource.path}/${UNKNOWN_ID}`, auditor, {
          ...resource.change,
          version: 1,
        }),
        await send('DELETE', `${resource.path}/${UNKNOWN_ID}`, auditor),
        await send('PUT', url, auditor, { ...resource.change, version: created.version + 5 }),
      ];
      expect(refusals.map((response) => response.statusCode)).toEqual([400, 400, 404, 404, 409]);
      expect(await entryCount()).toBe(before);
      expect(only(await entriesFor(created._id)).action).toBe('create');
    });

    it('adds nothing when an idempotent write is replayed', async () => {
      const sent = body(++n);
      const headers = { 'idempotency-key': `audit-${resource.path}` };
      const first = await send('POST', resource.path, auditor, sent, headers);
      expect(first.statusCode, first.body).toBe(201);
      const before = await entryCount();
      const again = await send('POST', resource.path, auditor, sent, headers);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await entryCount()).toBe(before);
      only(await entriesFor(single().parse(first.json()).data._id));
    });
  });

  it('answers 401 without a session and 403 for a cookie write without the CSRF header', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: resource.path });
    expect(anonymous.statusCode).toBe(401);
    expect(failure(anonymous).code).toBe('unauthenticated');
    const { 'x-xsrf-token': _csrf, ...cookieOnly } = owner.cookieHeaders;
    const forged = await t.app.inject({
      method: 'POST',
      url: resource.path,
      headers: cookieOnly,
      payload: nextBody(),
    });
    expect(forged.statusCode).toBe(403);
    expect(failure(forged).code).toBe('csrf_failed');
    const proper = await t.app.inject({
      method: 'POST',
      url: resource.path,
      headers: owner.cookieHeaders,
      payload: nextBody(),
    });
    expect(proper.statusCode, proper.body).toBe(201);
  });
});
