import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuthData } from '../../../contract/auth.ts';
import type { SampleWorkshopOpening } from '../../../contract/sample-workshop.ts';
import { queryRows } from '../../db/client.ts';
import { organizations } from '../../db/platform-tables.ts';
import { DEMO_ORGANIZATION_NAME } from '../../db/seed.ts';
import { TENANT_TABLES } from '../../db/tenant-guard.ts';
import { testUserFromAuth, type TestApp, type TestUser } from '../../test/test-app.ts';
import { withTestApp } from '../../test/app-per-file.ts';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

const TABLES = [...TENANT_TABLES, 'users', 'sessions', 'audit_log'];

/** Rows per table belonging to the organization. */
async function rowCounts(organizationId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await queryRows<{ count: number }>(
      t.database.handle.db,
      sql`select count(*)::int as count from ${sql.identifier(table)}
          where organization_id = ${organizationId}`,
    );
    counts[table] = row?.count ?? 0;
  }
  return counts;
}

async function open(user: TestUser): Promise<SampleWorkshopOpening> {
  const response = await t.send(user, 'POST', '/api/sample-workshop/open');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SampleWorkshopOpening }>().data;
}

async function redeem(openingToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/sample-workshop/session',
    payload: { openingToken },
  });
}

async function workshopWithRecords(name: string): Promise<TestUser> {
  const owner = await t.registerUser({ organizationName: name });
  const merchant = await t.send(owner, 'POST', '/api/merchants', { name: 'Surat Silk' });
  expect(merchant.statusCode, merchant.body).toBe(201);
  return owner;
}

describe('a sample workshop', () => {
  it('is made apart from the books, opened once per token, and deleted alone', async () => {
    const owner = await workshopWithRecords('Navrang Embroidery');
    const neighbour = await workshopWithRecords('Rangoli Prints');
    const ownId = owner.auth.organization._id;
    const neighbourId = neighbour.auth.organization._id;
    const ownBefore = await rowCounts(ownId);
    const neighbourBefore = await rowCounts(neighbourId);

    const opening = await open(owner);
    const sampleId = opening.sample.organizationId;
    expect(sampleId).not.toBe(ownId);
    expect(opening.sample.name).toBe(DEMO_ORGANIZATION_NAME);
    const sampleCounts = await rowCounts(sampleId);
    expect(sampleCounts.merchants).toBeGreaterThan(5);
    expect(sampleCounts.orders).toBeGreaterThan(5);
    expect(sampleCounts.users).toBe(1);
    expect(await rowCounts(ownId)).toEqual(ownBefore);

    // Opening again reuses the sample rather than making a second one.
    const again = await open(owner);
    expect(again.sample.organizationId).toBe(sampleId);
    expect(again.openingToken).not.toBe(opening.openingToken);
    // The newer token replaced the first one.
    expect((await redeem(opening.openingToken)).statusCode).toBe(401);

    const started = await redeem(again.openingToken);
    expect(started.statusCode, started.body).toBe(200);
    // No cookie: the browser's cookies stay the owner's.
    expect(started.headers['set-cookie'] ?? []).not.toEqual(
      expect.arrayContaining([expect.stringContaining('access_token')]),
    );
    const sampleOwner = testUserFromAuth(started.json<{ data: AuthData }>().data);
    expect(sampleOwner.auth.organization._id).toBe(sampleId);
    expect(sampleOwner.auth.user.role).toBe('owner');
    expect((await redeem(again.openingToken)).statusCode).toBe(401);

    const merchants = await t.send(sampleOwner, 'GET', '/api/merchants?limit=100');
    const names = merchants.json<{ data: { data: { name: string }[] } }>().data.data;
    expect(names.map((merchant) => merchant.name)).not.toContain('Surat Silk');
    // A sample has no sample of its own.
    expect((await t.send(sampleOwner, 'POST', '/api/sample-workshop/open')).statusCode).toBe(409);

    const state = await t.send(owner, 'GET', '/api/sample-workshop');
    expect(state.json<{ data: { sample: { organizationId: string } } }>().data.sample).toEqual(
      expect.objectContaining({ organizationId: sampleId }),
    );

    const deleted = await t.send(owner, 'DELETE', '/api/sample-workshop');
    expect(deleted.statusCode, deleted.body).toBe(200);
    const leftOver = await rowCounts(sampleId);
    expect({ ...leftOver, audit_log: 0 }).toEqual(
      Object.fromEntries(TABLES.map((table) => [table, 0])),
    );
    expect(
      await t.database.handle.db.select().from(organizations).where(eq(organizations.id, sampleId)),
    ).toEqual([]);
    expect((await t.send(sampleOwner, 'GET', '/api/merchants')).statusCode).toBe(401);
    expect(await rowCounts(ownId)).toEqual(ownBefore);
    expect(await rowCounts(neighbourId)).toEqual(neighbourBefore);
    expect((await t.send(owner, 'DELETE', '/api/sample-workshop')).statusCode).toBe(404);
    const none = await t.send(owner, 'GET', '/api/sample-workshop');
    expect(none.json<{ data: { sample: null } }>().data.sample).toBeNull();
  });

  it('is for owners and admins only', async () => {
    const owner = await t.registerUser({ organizationName: 'Kesari Threads' });
    const admin = await t.addUser(owner, 'admin');
    const staff = await t.addUser(owner, 'staff');
    for (const [method, url] of [
      ['GET', '/api/sample-workshop'],
      ['POST', '/api/sample-workshop/open'],
      ['DELETE', '/api/sample-workshop'],
    ] as const) {
      expect((await t.send(staff, method, url)).statusCode).toBe(403);
    }
    const opening = await open(admin);
    expect((await t.send(staff, 'DELETE', '/api/sample-workshop')).statusCode).toBe(403);
    expect((await t.send(admin, 'DELETE', '/api/sample-workshop')).statusCode).toBe(200);
    expect((await redeem(opening.openingToken)).statusCode).toBe(401);
  });

  it("signs its tab out without signing the owner's cookie session out", async () => {
    const owner = await t.registerUser({ organizationName: 'Chandni Zari' });
    const opening = await open(owner);
    const sampleOwner = testUserFromAuth(
      (await redeem(opening.openingToken)).json<{ data: AuthData }>().data,
    );
    const loggedOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...sampleOwner.bearer, cookie: owner.cookieHeaders.cookie! },
    });
    expect(loggedOut.statusCode, loggedOut.body).toBe(200);
    const cleared = [loggedOut.headers['set-cookie'] ?? []].flat();
    expect(cleared.filter((cookie) => cookie.startsWith('accessToken='))).toEqual([]);
    expect((await t.send(sampleOwner, 'GET', '/api/merchants')).statusCode).toBe(401);
    const ownTab = await t.app.inject({
      method: 'GET',
      url: '/api/merchants',
      headers: owner.cookieHeaders,
    });
    expect(ownTab.statusCode).toBe(200);
  });

  it('refuses an expired opening token', async () => {
    const owner = await t.registerUser({ organizationName: 'Moti Embroidery' });
    const opening = await open(owner);
    const db = t.database.handle.db;
    await db.execute(sql`update sample_workshops set opening_expires_at = now() - interval '1 second'
      where real_organization_id = ${owner.auth.organization._id}`);
    expect((await redeem(opening.openingToken)).statusCode).toBe(401);
  });
});
