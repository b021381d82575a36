import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { bankDetail, bankDetailPage } from '../../../contract/bank-details.ts';
import { envelope, pickList } from '../../../contract/common.ts';
import { bankDetails } from './schema.ts';
import { errorsByPath, type TestBody, type TestApp, type TestUser } from '../../test/test-app.ts';
import { createdRecord } from '../../test/created-record.ts';
import { withOwnerAndStranger } from '../../test/app-per-file.ts';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

const MISSING_ID = '01890a5d-ac96-774b-bcce-b302099a8057';
let accountSequence = 100_000;

function account(overrides: Record<string, unknown> = {}) {
  accountSequence += 1;
  return {
    bankName: 'HDFC Bank',
    accountNumber: `5020${accountSequence}`,
    ifscCode: 'HDFC0000123',
    ...overrides,
  };
}

async function createAccount(user: TestUser, payload: Record<string, unknown> = {}) {
  return createdRecord(t, user, '/api/bank-details', bankDetail, account(payload));
}

async function request(
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({
    method,
    url: `/api/bank-details${path}`,
    headers: user.bearer,
    ...(payload ? { payload } : {}),
  });
}

async function activeIds(user: TestUser) {
  const rows = await t.database.handle.db
    .select({ id: bankDetails.id })
    .from(bankDetails)
    .where(
      and(
        eq(bankDetails.organizationId, user.auth.organization._id),
        eq(bankDetails.isActive, true),
      ),
    );
  return rows.map((row) => row.id);
}

withOwnerAndStranger((session) => ({ t, owner, stranger } = session));

describe('create and validate', () => {
  it('creates an inactive account with an upper-cased IFSC and nulls for blanks', async () => {
    const response = await request(owner, 'POST', '', {
      bankName: '  State Bank of India ',
      accountHolderName: '',
      accountNumber: ' 32145678901 ',
      ifscCode: 'sbin0001043',
      branch: 'Ring Road, Surat',
      organizationId: owner.auth.organization._id,
    });
    expect(response.statusCode).toBe(201);
    const body = envelope(bankDetail).parse(response.json<TestBody>());
    expect(body.message).toBe('Bank detail created successfully');
    expect(body.data).toMatchObject({
      bankName: 'State Bank of India',
      accountHolderName: null,
      accountNumber: '32145678901',
      ifscCode: 'SBIN0001043',
      branch: 'Ring Road, Surat',
      isActive: false,
    });
  });

  it('rejects malformed IFSC codes and account numbers with a message on each field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ifscCode: 'HDFC1000123' }, 'ifscCode', 'Enter a valid IFSC code (e.g. HDFC0001234)'],
      [{ ifscCode: 'HDF00001234' }, 'ifscCode', 'Enter a valid IFSC code (e.g. HDFC0001234)'],
      [{ ifscCode: 'HDFC000123' }, 'ifscCode', 'Enter a valid IFSC code (e.g. HDFC0001234)'],
      [{ accountNumber: '12345' }, 'accountNumber', 'Account number must be 6 to 20 digits'],
      // The length limit is checked first so a form can cap the input at the same number.
      [{ accountNumber: '1'.repeat(21) }, 'accountNumber', 'Must be at most 20 characters'],
      [{ accountNumber: '12345A789' }, 'accountNumber', 'Account number must be 6 to 20 digits'],
      [{ accountNumber: 12345678 }, 'accountNumber', 'Must be text'],
      [{ accountNumber: '' }, 'accountNumber', 'This field is required'],
      [{ ifscCode: '  ' }, 'ifscCode', 'This field is required'],
      [{ bankName: '' }, 'bankName', 'This field is required'],
      [{ isActive: 'yes' }, 'isActive', 'Must be true or false'],
    ];
    for (const [overrides, path, message] of cases) {
      const response = await request(owner, 'POST', '', account(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json<TestBody>().errors, JSON.stringify(overrides)).toMatchObject([
        { path, message },
      ]);
    }
  });

  it('requires bank name, account number and IFSC code', async () => {
    const response = await request(owner, 'POST', '', { branch: 'Only a branch' });
    expect(response.statusCode).toBe(400);
    expect(errorsByPath(response.json<TestBody>())).toEqual({
      bankName: 'This field is required',
      accountNumber: 'This field is required',
      ifscCode: 'This field is required',
    });
  });

  it('validates and upper-cases the IFSC code on update too', async () => {
    const created = await createAccount(owner);
    const bad = await request(owner, 'PUT', `/${created._id}`, { ifscCode: 'bad', version: 1 });
    expect(bad.statusCode).toBe(400);
    const good = await request(owner, 'PUT', `/${created._id}`, {
      ifscCode: 'icic0006789',
      version: 1,
    });
    expect(good.json<TestBody>()).toMatchObject({
      message: 'Bank detail updated successfully',
      data: { ifscCode: 'ICIC0006789', bankName: 'HDFC Bank' },
    });
  });
});

describe('one active account', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await t.registerUser();
  });

  it('answers 404 for /active while none is active', async () => {
    await createAccount(user);
    const response = await request(user, 'GET', '/active');
    expect(response.statusCode).toBe(404);
    expect(response.json<TestBody>()).toEqual({
      success: false,
      code: 'not_found',
      message: 'No active bank detail found',
    });
  });

  it('set-active makes exactly one account active and /active returns it', async () => {
    const first = await createAccount(user, { bankName: 'First' });
    const second = await createAccount(user, { bankName: 'Second' });

    const activateFirst = await request(user, 'PATCH', `/${first._id}/set-active`);
    expect(activateFirst.statusCode).toBe(200);
    expect(activateFirst.json<TestBody>()).toMatchObject({
      message: 'Bank detail set as active successfully',
      data: { _id: first._id, isActive: true },
    });
    expect(await activeIds(user)).toEqual([first._id]);

    const activateSecond = await request(user, 'PATCH', `/${second._id}/set-active`);
    expect(activateSecond.statusCode).toBe(200);
    expect(await activeIds(user)).toEqual([second._id]);

    const active = await request(user, 'GET', '/active');
    expect(active.statusCode).toBe(200);
    expect(envelope(bankDetail).parse(active.json<TestBody>()).data).toMatchObject({
      _id: second._id,
      bankName: 'Second',
      isActive: true,
    });

    const again = await request(user, 'PATCH', `/${second._id}/set-active`);
    expect(again.statusCode).toBe(200);
    expect(await activeIds(user)).toEqual([second._id]);
  });

  it('creating or updating with isActive true deactivates every other account', async () => {
    const created = await createAccount(user, { bankName: 'Created Active', isActive: true });
    expect(created.isActive).toBe(true);
    expect(await activeIds(user)).toEqual([created._id]);

    const other = await createAccount(user, { bankName: 'Updated Active' });
    const updated = await request(user, 'PUT', `/${other._id}`, { isActive: true, version: 1 });
    expect(updated.json<TestBody>().data).toMatchObject({ isActive: true });
    expect(await activeIds(user)).toEqual([other._id]);

    const renamed = await request(user, 'PUT', `/${other._id}`, { branch: 'Adajan', version: 2 });
    expect(renamed.json<TestBody>().data).toMatchObject({ isActive: true, branch: 'Adajan' });

    const deactivated = await request(user, 'PUT', `/${other._id}`, {
      isActive: false,
      version: 3,
    });
    expect(deactivated.json<TestBody>().data).toMatchObject({ isActive: false });
    expect(await activeIds(user)).toEqual([]);
    expect((await request(user, 'GET', '/active')).statusCode).toBe(404);
  });

  it('set-active checks a given version and bumps every account it changes', async () => {
    const active = await createAccount(user, { bankName: 'Was Active', isActive: true });
    const next = await createAccount(user, { bankName: 'Next' });

    const stale = await request(user, 'PATCH', `/${next._id}/set-active`, { version: 5 });
    expect(stale.statusCode).toBe(409);
    const refused = stale.json<{ code: string; data: unknown }>();
    expect(refused.code).toBe('stale_version');
    expect(bankDetail.parse(refused.data)).toEqual(next);
    expect(await activeIds(user)).toEqual([active._id]);

    const checked = await request(user, 'PATCH', `/${next._id}/set-active`, {
      version: next.version,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(envelope(bankDetail).parse(checked.json()).data).toMatchObject({
      isActive: true,
      version: next.version + 1,
    });
    const deactivated = await request(user, 'GET', `/${active._id}`);
    expect(envelope(bankDetail).parse(deactivated.json()).data).toMatchObject({
      isActive: false,
      version: active.version + 1,
    });

    // A form still holding the deactivated account's old version cannot bring it back unseen.
    const fromOldRead = await request(user, 'PUT', `/${active._id}`, {
      isActive: true,
      version: active.version,
    });
    expect(fromOldRead.statusCode).toBe(409);
    expect(await activeIds(user)).toEqual([next._id]);
  });

  it('leaves the active account alone when the one to activate does not exist', async () => {
    const active = await createAccount(user, { isActive: true });
    const missing = await request(user, 'PATCH', `/${MISSING_ID}/set-active`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<TestBody>().message).toBe('Bank detail not found');
    const missingPut = await request(user, 'PUT', `/${MISSING_ID}`, { isActive: true, version: 1 });
    expect(missingPut.statusCode).toBe(404);
    expect(await activeIds(user)).toEqual([active._id]);
    const malformed = await request(user, 'PATCH', '/nope/set-active');
    expect(malformed.statusCode).toBe(400);
  });

  it('keeps exactly one active when activations race', async () => {
    const racer = await t.registerUser();
    const accounts = [];
    for (let index = 0; index < 5; index += 1) accounts.push(await createAccount(racer));
    const responses = await Promise.all(
      [...accounts, ...accounts].map((item) => request(racer, 'PATCH', `/${item._id}/set-active`)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const active = await activeIds(racer);
    expect(active).toHaveLength(1);
    const reported = envelope(bankDetail).parse(
      (await request(racer, 'GET', '/active')).json<TestBody>(),
    );
    expect(reported.data._id).toBe(active[0]);
  });

  it('is enforced by the database itself', async () => {
    const racer = await t.registerUser();
    const organizationId = racer.auth.organization._id;
    const row = {
      organizationId,
      bankName: 'Direct',
      accountNumber: '123456789',
      ifscCode: 'HDFC0000123',
      isActive: true,
    };
    const db = t.database.handle.db;
    await db.insert(bankDetails).values({ ...row, id: uuidv7() });
    await expect(db.insert(bankDetails).values({ ...row, id: uuidv7() })).rejects.toThrow();
  });
});

describe('read and delete', () => {
  it('gets and deletes, and answers 404 afterwards', async () => {
    const created = await createAccount(owner, { isActive: true });
    const fetched = await request(owner, 'GET', `/${created._id}`);
    expect(fetched.json<TestBody>()).toMatchObject({
      message: 'Bank detail fetched successfully',
      data: { _id: created._id },
    });
    const removed = await request(owner, 'DELETE', `/${created._id}`);
    expect(removed.json<TestBody>()).toEqual({
      success: true,
      data: { _id: created._id },
      message: 'Bank detail deleted successfully',
    });
    expect((await request(owner, 'GET', `/${created._id}`)).statusCode).toBe(404);
    expect((await request(owner, 'GET', '/active')).statusCode).toBe(404);
  });

  it("keeps another organization's accounts out of reach", async () => {
    const mine = await createAccount(owner, { isActive: true });
    const secret = await createAccount(stranger, { bankName: 'Stranger Bank', isActive: true });
    for (const [method, path, payload] of [
      ['GET', `/${secret._id}`, undefined],
      ['PUT', `/${secret._id}`, { bankName: 'Hijacked', version: 1 }],
      ['PATCH', `/${secret._id}/set-active`, undefined],
      ['DELETE', `/${secret._id}`, undefined],
    ] as const) {
      const response = await request(owner, method, path, payload);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await activeIds(owner)).toEqual([mine._id]);
    expect(await activeIds(stranger)).toEqual([secret._id]);
    const active = await request(owner, 'GET', '/active');
    expect(active.json<TestBody>().data._id).toBe(mine._id);
    const all = await request(owner, 'GET', '/all');
    expect(all.json<TestBody>().data.data.map((item) => item._id)).not.toContain(secret._id);
    const listed = await request(owner, 'GET', '?limit=100');
    expect(listed.json<TestBody>().data.data.map((item) => item._id)).not.toContain(secret._id);
  });
});

describe('list', () => {
  let lister: TestUser;
  beforeAll(async () => {
    lister = await t.registerUser();
    const accounts: [string, string, string, boolean?][] = [
      ['State Bank of India', '32145678901', 'SBIN0001043'],
      ['hdfc bank', '50200012345678', 'HDFC0000123', true],
      ['Bank of Baroda', '04560200001234', 'BARB0SURATX'],
      ['Axis Bank', '912010045678', 'UTIB0000567'],
    ];
    for (const [bankName, accountNumber, ifscCode, isActive] of accounts)
      await createAccount(lister, {
        bankName,
        accountNumber,
        ifscCode,
        ...(isActive === undefined ? {} : { isActive }),
      });
  });

  const list = async (query: string) =>
    envelope(bankDetailPage).parse((await request(lister, 'GET', query)).json<TestBody>());
  const names = async (query: string) => (await list(query)).data.data.map((item) => item.bankName);

  it('carries hasPreviousPage alongside hasPrevPage', async () => {
    const first = await list('?limit=3');
    expect(first.message).toBe('Bank details fetched successfully');
    expect(first.data).toMatchObject({
      totalCount: 4,
      totalPages: 2,
      currentPage: 1,
      hasNextPage: true,
      hasPrevPage: false,
      hasPreviousPage: false,
    });
    const second = await list('?limit=3&page=2');
    expect(second.data).toMatchObject({
      hasNextPage: false,
      hasPrevPage: true,
      hasPreviousPage: true,
    });
    expect(second.data.data.map((item) => item.bankName)).toEqual(['State Bank of India']);
  });

  it('filters by bank name, account number, IFSC code and active flag', async () => {
    expect(await names('?bankName=BANK&sort=bankName')).toEqual([
      'Axis Bank',
      'Bank of Baroda',
      'hdfc bank',
      'State Bank of India',
    ]);
    expect(await names('?accountNumber=0200')).toEqual(['Bank of Baroda', 'hdfc bank']);
    expect(await names('?ifscCode=sbin')).toEqual(['State Bank of India']);
    expect(await names('?isActive=true')).toEqual(['hdfc bank']);
    expect((await names('?isActive=false')).length).toBe(3);
    expect((await names('?isActive=&bankName=')).length).toBe(4);
    expect(await names('?ifscCode=_')).toEqual([]);
  });

  it('sorts by bank name and creation time', async () => {
    expect(await names('?sort=-bankName')).toEqual([
      'State Bank of India',
      'hdfc bank',
      'Bank of Baroda',
      'Axis Bank',
    ]);
    expect(await names('?sort=createdAt&limit=1')).toEqual(['State Bank of India']);
  });

  it('rejects bad filter values and sort fields', async () => {
    for (const [query, path] of [
      ['?isActive=yes', 'isActive'],
      ['?sort=ifscCode', 'sort'],
      ['?branch=x', 'branch'],
    ] as const) {
      const response = await request(lister, 'GET', query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<TestBody>().errors[0]?.path).toBe(path);
    }
  });

  it('returns every account unpaged, sorted by bank name', async () => {
    const response = await request(lister, 'GET', '/all');
    const body = envelope(pickList(bankDetail)).parse(response.json<TestBody>());
    expect(body.data.data.map((item) => item.bankName)).toEqual([
      'Axis Bank',
      'Bank of Baroda',
      'hdfc bank',
      'State Bank of India',
    ]);
    expect(body.data.data.map((item) => item.isActive)).toEqual([false, false, true, false]);
  });
});
