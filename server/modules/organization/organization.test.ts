import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../../contract/common.ts';
import { organizationProfile, type OrganizationProfile } from '../../../contract/organization.ts';
import { auditLog } from '../../db/platform-tables.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

/** Valid GSTINs (check digits computed with the GSTN scheme). */
const GUJARAT_GSTIN = '24AABFS1234K1ZG';
const MAHARASHTRA_GSTIN = '27AAKFM4455F1Z5';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function read(user: TestUser): Promise<OrganizationProfile> {
  const response = await t.send(user, 'GET', '/api/organization');
  expect(response.statusCode, response.body).toBe(200);
  return envelope(organizationProfile).parse(response.json()).data;
}

async function write(user: TestUser, body: Record<string, unknown>) {
  const version = body.version ?? (await read(user)).version;
  return t.send(user, 'PUT', '/api/organization', { ...body, version });
}

const gstinStateError = {
  code: 'validation_failed',
  errors: [{ path: 'gstin', code: 'invalid_value', params: { rule: 'gstin_state' } }],
};

describe('organization profile', () => {
  it('is readable by every role, with the defaults of a new organization', async () => {
    const owner = await t.registerUser({ organizationName: 'Shree Embroidery' });
    const admin = await t.addUser(owner, 'admin');
    const staff = await t.addUser(owner, 'staff');
    for (const user of [owner, admin, staff]) {
      const profile = await read(user);
      expect(profile).toMatchObject({
        _id: owner.auth.organization._id,
        organizationId: owner.auth.organization._id,
        name: 'Shree Embroidery',
        gstin: null,
        state: null,
        billPrefix: 'INV',
        defaultGstRate: 5,
        paymentTermsDays: 15,
        version: 1,
      });
    }
    expect((await t.send(null, 'GET', '/api/organization')).statusCode).toBe(401);
  });

  it('is written by owners and admins, not staff', async () => {
    const owner = await t.registerUser();
    const admin = await t.addUser(owner, 'admin');
    const staff = await t.addUser(owner, 'staff');
    expect((await write(owner, { city: 'Surat' })).statusCode).toBe(200);
    expect((await write(admin, { city: 'Ahmedabad' })).statusCode).toBe(200);
    const refused = await write(staff, { city: 'Vadodara' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect((await read(owner)).city).toBe('Ahmedabad');
  });

  it('merges, keeps other organizations apart, and renames the organization of the session', async () => {
    const owner = await t.registerUser();
    const other = await t.registerUser({ organizationName: 'Untouched Works' });
    const first = await write(owner, {
      name: 'Shree Ganesh Textiles',
      legalName: 'Shree Ganesh Textiles Pvt Ltd',
      city: 'Surat',
      pincode: '395003',
      upiId: 'shreeganesh@okaxis',
      billPrefix: 'sgt',
      defaultGstRate: 12,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await write(owner, { city: 'Navsari', pincode: null });
    const profile = envelope(organizationProfile).parse(second.json()).data;
    expect(profile).toMatchObject({
      name: 'Shree Ganesh Textiles',
      legalName: 'Shree Ganesh Textiles Pvt Ltd',
      city: 'Navsari',
      pincode: null,
      upiId: 'shreeganesh@okaxis',
      billPrefix: 'SGT',
      defaultGstRate: 12,
      version: 3,
    });
    const me = await t.send(owner, 'GET', '/api/auth/me');
    expect(me.json()).toMatchObject({ data: { organization: { name: 'Shree Ganesh Textiles' } } });
    expect((await read(other)).name).toBe('Untouched Works');
  });

  it('checks the GSTIN check digit and the other tax codes', async () => {
    const owner = await t.registerUser();
    const response = await write(owner, {
      gstin: '24AABFS1234K1Z5',
      pan: 'AABF1234K',
      udyamNumber: 'UDYAM-GJ-1-123',
      defaultGstRate: 7,
      billPrefix: 'IN-V',
    });
    expect(response.statusCode).toBe(400);
    const errors = response.json<{ errors: { path: string; params?: object }[] }>().errors;
    expect(Object.fromEntries(errors.map((error) => [error.path, error.params]))).toMatchObject({
      gstin: { format: 'gstin_check_digit' },
      pan: { format: 'pan' },
      udyamNumber: { format: 'udyam' },
      billPrefix: { format: 'bill_prefix' },
    });
    expect(errors.map((error) => error.path)).toContain('defaultGstRate');
    expect((await read(owner)).version).toBe(1);
  });

  it('derives the state from a GSTIN and refuses a GSTIN of another state', async () => {
    const owner = await t.registerUser();
    const derived = await write(owner, { gstin: GUJARAT_GSTIN.toLowerCase() });
    expect(derived.statusCode, derived.body).toBe(200);
    expect(envelope(organizationProfile).parse(derived.json()).data).toMatchObject({
      gstin: GUJARAT_GSTIN,
      state: '24',
    });

    const bothInBody = await write(owner, { gstin: MAHARASHTRA_GSTIN, state: '24' });
    expect(bothInBody.statusCode).toBe(400);
    expect(bothInBody.json()).toMatchObject(gstinStateError);

    // Against the stored state: a new GSTIN of another state alone does not move the state.
    const gstinOnly = await write(owner, { gstin: MAHARASHTRA_GSTIN });
    expect(gstinOnly.statusCode).toBe(400);
    expect(gstinOnly.json()).toMatchObject(gstinStateError);
    const stateOnly = await write(owner, { state: '27' });
    expect(stateOnly.statusCode).toBe(400);
    expect(stateOnly.json()).toMatchObject(gstinStateError);

    const moved = await write(owner, { gstin: MAHARASHTRA_GSTIN, state: '27' });
    expect(moved.statusCode, moved.body).toBe(200);
    const cleared = await write(owner, { gstin: null, state: '08' });
    expect(envelope(organizationProfile).parse(cleared.json()).data).toMatchObject({
      gstin: null,
      state: '08',
    });
  });

  it('refuses a stale version with the current profile, and requires a version', async () => {
    const owner = await t.registerUser();
    const admin = await t.addUser(owner, 'admin');
    const { version } = await read(owner);
    expect((await write(admin, { city: 'Surat', version })).statusCode).toBe(200);
    const stale = await write(owner, { city: 'Rajkot', version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'stale_version',
      data: { city: 'Surat', version: version + 1 },
    });
    const withoutVersion = await t.send(owner, 'PUT', '/api/organization', { city: 'Rajkot' });
    expect(withoutVersion.statusCode).toBe(400);
    expect(withoutVersion.json()).toMatchObject({ errors: [{ path: 'version' }] });
    expect((await read(owner)).city).toBe('Surat');
  });

  it('refuses another organization’s id in the body', async () => {
    const owner = await t.registerUser();
    const other = await t.registerUser();
    const response = await write(owner, {
      city: 'Surat',
      organizationId: other.auth.organization._id,
    });
    expect(response.statusCode).toBe(400);
  });

  it('records each change in the audit trail', async () => {
    const owner = await t.registerUser({ organizationName: 'Audit Works' });
    const admin = await t.addUser(owner, 'admin');
    await write(admin, { name: 'Audit Works LLP', gstin: GUJARAT_GSTIN });
    const entries = await t.database.handle.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.organizationId, owner.auth.organization._id),
          eq(auditLog.entity, 'organization'),
        ),
      );
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'update',
        entity: 'organization',
        entityId: owner.auth.organization._id,
        userId: admin.auth.user._id,
        userName: 'Test admin',
        changes: {
          name: ['Audit Works', 'Audit Works LLP'],
          gstin: [null, GUJARAT_GSTIN],
          state: [null, '24'],
        },
      }),
    ]);
  });
});
