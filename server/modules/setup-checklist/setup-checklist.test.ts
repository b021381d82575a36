import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../../contract/common.ts';
import { setupChecklist, type SetupChecklist } from '../../../contract/setup-checklist.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function checklistOf(user: TestUser): Promise<SetupChecklist> {
  const response = await t.send(user, 'GET', '/api/setup-checklist');
  expect(response.statusCode, response.body).toBe(200);
  return envelope(setupChecklist).parse(response.json()).data;
}

async function created(user: TestUser, path: string, payload: Record<string, unknown>) {
  const response = await t.send(user, 'POST', path, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { _id: string } }>().data;
}

async function updateProfile(user: TestUser, values: Record<string, unknown>) {
  const current = await t.send(user, 'GET', '/api/organization');
  const { version } = current.json<{ data: { version: number } }>().data;
  const response = await t.send(user, 'PUT', '/api/organization', { ...values, version });
  expect(response.statusCode, response.body).toBe(200);
}

const ticked = (checklist: SetupChecklist) =>
  Object.entries(checklist.steps)
    .filter(([, done]) => done)
    .map(([step]) => step)
    .sort();

describe('setup checklist', () => {
  it('starts with nothing done and every profile gap named', async () => {
    const owner = await t.registerUser();
    const checklist = await checklistOf(owner);
    expect(ticked(checklist)).toEqual([]);
    expect(checklist.billingProfileGaps).toEqual(['gstin', 'state', 'address', 'bankOrUpi']);
    expect(checklist.dismissed).toBe(false);
  });

  it('ticks each step as its records appear, and only in its own organization', async () => {
    const owner = await t.registerUser();
    const other = await t.registerUser();

    await updateProfile(owner, { gstin: '24AABFS1234K1ZG', address: 'Plot 4, Sachin GIDC' });
    let checklist = await checklistOf(owner);
    expect(checklist.billingProfileGaps).toEqual(['bankOrUpi']);
    expect(checklist.steps.profile).toBe(false);
    await updateProfile(owner, { upiId: 'navrang@okaxis' });
    checklist = await checklistOf(owner);
    expect(checklist.billingProfileGaps).toEqual([]);
    expect(ticked(checklist)).toEqual(['profile']);

    const merchant = await created(owner, '/api/merchants', { name: 'Surat Silk' });
    const design = await created(owner, '/api/designs', {
      name: 'Bandhani',
      designCode: 'B-1',
      rate: 40,
    });
    await created(owner, '/api/workers', { name: 'Kanti', joiningDate: '2024-01-01' });
    expect(ticked(await checklistOf(owner))).toEqual([
      'designs',
      'merchants',
      'profile',
      'workers',
    ]);

    const stages = (await t.send(owner, 'GET', '/api/production/stages')).json<{
      data: { data: { _id: string; name: string }[] };
    }>().data.data;
    const renamed = stages.map(({ _id, name }, index) => ({
      _id,
      name: index === 0 ? 'Punching' : name,
    }));
    const stagesSaved = await t.send(owner, 'PUT', '/api/production/stages', { stages: renamed });
    expect(stagesSaved.statusCode, stagesSaved.body).toBe(200);
    expect((await checklistOf(owner)).steps.stages).toBe(true);

    await created(owner, '/api/orders', {
      merchantId: merchant._id,
      poNumber: 'PO-1',
      orderDate: '2026-01-05',
      designs: [{ designId: design._id, quantity: 3, rate: 40 }],
    });
    expect((await checklistOf(owner)).steps.firstOrder).toBe(true);

    await t.addUser(owner, 'staff');
    expect(ticked(await checklistOf(owner))).toEqual([
      'designs',
      'firstOrder',
      'inviteStaff',
      'merchants',
      'profile',
      'stages',
      'workers',
    ]);
    expect(ticked(await checklistOf(other))).toEqual([]);
  });

  it('counts a bank account in place of a UPI id', async () => {
    const owner = await t.registerUser();
    await created(owner, '/api/bank-details', {
      bankName: 'HDFC Bank',
      accountNumber: '50200012345',
      ifscCode: 'HDFC0000123',
    });
    expect((await checklistOf(owner)).billingProfileGaps).not.toContain('bankOrUpi');
  });

  it('is dismissed for the whole organization by an owner or admin, not staff', async () => {
    const owner = await t.registerUser();
    const admin = await t.addUser(owner, 'admin');
    const staff = await t.addUser(owner, 'staff');
    const other = await t.registerUser();
    expect((await t.send(staff, 'GET', '/api/setup-checklist')).statusCode).toBe(403);
    expect((await t.send(staff, 'POST', '/api/setup-checklist/dismiss')).statusCode).toBe(403);

    const dismissed = await t.send(admin, 'POST', '/api/setup-checklist/dismiss');
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((await checklistOf(owner)).dismissed).toBe(true);
    expect((await t.send(owner, 'POST', '/api/setup-checklist/dismiss')).statusCode).toBe(200);
    expect((await checklistOf(other)).dismissed).toBe(false);
  });
});
