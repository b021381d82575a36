import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuthData } from '../../contract/auth.ts';
import { createTestApp, testUserFromAuth, type TestApp, type TestUser } from '../test/test-app.ts';
import { queryRows } from './client.ts';
import { resetDemoOrganization } from './demo-reset.ts';
import { merchants } from '../modules/merchants/schema.ts';
import { organizations, users } from './platform-tables.ts';
import { DEMO_EMAIL, DEMO_ORGANIZATION_NAME, DEMO_PASSWORD, seedDemoData } from './seed.ts';
import { TENANT_TABLES } from './tenant-guard.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TABLES = [...TENANT_TABLES, 'users', 'sessions', 'audit_log', 'idempotency_keys'];

/** Rows per table belonging to the organization. */
async function rowCounts(organizationId: string): Promise<Record<string, number>> {
  const db = t.database.handle.db;
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${sql.identifier(table)}
          where organization_id = ${organizationId}`,
    );
    counts[table] = row?.count ?? 0;
  }
  return counts;
}

async function demoOrganizationId(): Promise<string> {
  const [owner] = await t.database.handle.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.email, DEMO_EMAIL));
  if (!owner) throw new Error('no demo owner');
  return owner.organizationId;
}

async function signInAsDemoOwner(): Promise<TestUser> {
  const response = await t.send(null, 'POST', '/api/auth/login', {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(200);
  return testUserFromAuth(response.json<{ data: AuthData }>().data);
}

async function created(user: TestUser, path: string, payload: Record<string, unknown>) {
  const response = await t.send(user, 'POST', path, payload);
  expect(response.statusCode, response.body).toBe(201);
}

it('puts the demo organization back as seeded and leaves every other organization untouched', async () => {
  const db = t.database.handle.db;
  const now = new Date('2026-03-11T12:00:00Z');
  expect((await seedDemoData(db, now)).seeded).toBe(true);
  const demoId = await demoOrganizationId();
  const seededCounts = await rowCounts(demoId);

  const other = await t.registerUser({ organizationName: 'Navrang Embroidery' });
  await created(other, '/api/merchants', { name: 'Surat Silk' });
  await created(other, '/api/designs', { name: 'Bandhani', designCode: 'B-1', rate: 40 });
  const otherId = other.auth.organization._id;
  const otherBefore = await rowCounts(otherId);

  const demoOwner = await signInAsDemoOwner();
  await created(demoOwner, '/api/merchants', { name: 'Added during a QA run' });
  await t.send(demoOwner, 'PUT', '/api/organization', { name: 'Renamed in a QA run', version: 1 });
  expect((await rowCounts(demoId)).merchants).toBe(seededCounts.merchants! + 1);

  const auditBefore = (await rowCounts(demoId)).audit_log;
  const result = await resetDemoOrganization(db, now);
  expect(result.replaced).toBe(demoId);
  expect(await demoOrganizationId()).toBe(result.organizationId);

  expect(await rowCounts(otherId)).toEqual(otherBefore);
  expect(await rowCounts(result.organizationId)).toEqual(seededCounts);
  // Nothing of the old demo organization is left but its append-only trail.
  const leftOver = await rowCounts(demoId);
  expect(leftOver).toEqual({
    ...Object.fromEntries(TABLES.map((table) => [table, 0])),
    audit_log: auditBefore,
  });
  const [demo] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.id, result.organizationId));
  expect(demo?.name).toBe(DEMO_ORGANIZATION_NAME);
  const added = await db
    .select()
    .from(merchants)
    .where(eq(merchants.name, 'Added during a QA run'));
  expect(added).toEqual([]);
  expect((await signInAsDemoOwner()).auth.user.role).toBe('owner');
});
