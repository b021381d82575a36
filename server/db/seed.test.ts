import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bill } from '../../contract/bills.ts';
import { envelope, paged } from '../../contract/common.ts';
import { GSTIN_PATTERN, merchant } from '../../contract/merchants.ts';
import { createTestApp, type TestBody, type TestApp } from '../test/test-app.ts';
import {
  organizationProfile,
  organizationShape,
  organizationUpdate,
} from '../../contract/organization.ts';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_STAFF_EMAIL,
  seedDemoData,
} from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('seeds an empty database once and the demo owner can sign in', async () => {
    expect((await seedDemoData(t.database.handle.db)).seeded).toBe(true);
    expect((await seedDemoData(t.database.handle.db)).seeded).toBe(false);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json<TestBody>().data.organization.name).toBe('Shree Ganesh Textiles');
    const headers = { authorization: `Bearer ${login.json<TestBody>().data.token.accessToken}` };

    const list = await t.app.inject({ method: 'GET', url: '/api/merchants?limit=100', headers });
    const merchants = envelope(paged(merchant)).parse(list.json()).data.data;
    expect(merchants.length).toBeGreaterThanOrEqual(25);
    expect(merchants.every((m) => GSTIN_PATTERN.test(m.gstin ?? ''))).toBe(true);
    expect(new Set(merchants.map((m) => m.city)).size).toBeGreaterThan(8);
    expect(new Set(merchants.map((m) => m.createdAt.slice(0, 10))).size).toBeGreaterThan(20);
    expect(merchants.every((m) => m.state === m.gstin?.slice(0, 2))).toBe(true);

    const profile = envelope(organizationProfile).parse(
      (await t.app.inject({ method: 'GET', url: '/api/organization', headers })).json(),
    ).data;
    expect(profile).toMatchObject({
      name: 'Shree Ganesh Textiles',
      state: '24',
      billPrefix: 'INV',
      defaultSac: '998821',
      defaultGstRate: 5,
    });
    expect(profile.gstin?.slice(2, 12)).toBe(profile.pan);
    // Every field passes the profile's own write rules, check digit and state match included.
    const parsed = organizationUpdate.safeParse(profile);
    expect(parsed.error?.issues ?? []).toEqual([]);
    const blank = Object.keys(organizationShape).filter(
      (key) => profile[key as keyof typeof profile] === null,
    );
    expect(blank).toEqual([]);

    const bills = envelope(paged(bill)).parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/bills?limit=100&sort=number', headers })
      ).json(),
    ).data.data;
    expect(bills.length).toBeGreaterThanOrEqual(5);
    // Made oldest first, so the register reads in date order within each financial year.
    const byYear = new Map<string, typeof bills>();
    for (const one of bills) {
      const year = one.number.split('/')[1] ?? '';
      byYear.set(year, [...(byYear.get(year) ?? []), one]);
    }
    for (const series of byYear.values()) {
      expect(series.map((one) => Number(one.number.split('/')[2]))).toEqual(
        series.map((_, index) => index + 1),
      );
    }
    expect(bills.every((one) => one.seller.gstin === profile.gstin && one.seller.bank)).toBe(true);
    expect(bills.some((one) => one.igstAmount > 0)).toBe(true);
    expect(bills.some((one) => one.cgstAmount > 0)).toBe(true);
    const billed = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${bills[0]?.lines[0]?.orderId}`,
      headers,
    });
    expect(billed.json<{ data: { billNumber: string } }>().data.billNumber).toBe(bills[0]?.number);
  });

  it('adds a demo admin and a demo staff member who sign in without a forced change', async () => {
    await seedDemoData(t.database.handle.db);
    for (const [email, role] of [
      [DEMO_ADMIN_EMAIL, 'admin'],
      [DEMO_STAFF_EMAIL, 'staff'],
    ] as const) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json()).toMatchObject({
        data: {
          user: { email, role, mustChangePassword: false },
          organization: { name: 'Shree Ganesh Textiles' },
        },
      });
    }
  });
});
