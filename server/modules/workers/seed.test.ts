import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, paged, pickList } from '../../../contract/common.ts';
import { workerSalary, workerSalarySummary } from '../../../contract/worker-salaries.ts';
import { worker } from '../../../contract/workers.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from '../../db/seed.ts';
import { createTestApp, type TestApp, type TestBody } from '../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.handle.db, new Date('2025-06-15T08:00:00Z'));
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
  });
  headers = { authorization: `Bearer ${login.json<TestBody>().data.token.accessToken}` };
});
afterAll(() => t.close());

describe('demo workers and salaries', () => {
  it('seeds a dozen workers, some of whom have left', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/workers/all', headers });
    const all = envelope(pickList(worker)).parse(response.json()).data.data;
    expect(all).toHaveLength(12);
    expect(all.filter((w) => !w.isActive).length).toBeGreaterThan(0);
  });

  it('seeds two years of monthly wages with advances, bonuses and overtime, none in the future', async () => {
    const summaryResponse = await t.app.inject({
      method: 'GET',
      url: '/api/worker-salaries/summary',
      headers,
    });
    const summary = envelope(workerSalarySummary).parse(summaryResponse.json()).data;
    expect(summary.byMonth.length).toBeGreaterThanOrEqual(23);
    expect(summary.byPaymentType.map((entry) => entry.paymentType).sort()).toEqual([
      'advance',
      'bonus',
      'overtime',
      'salary',
    ]);
    expect(summary.byWorker).toHaveLength(12);
    const newest = await t.app.inject({
      method: 'GET',
      url: '/api/worker-salaries?limit=1',
      headers,
    });
    const latest = envelope(paged(workerSalary)).parse(newest.json()).data.data[0];
    expect((latest?.paymentDate ?? '9999') <= '2025-06-15').toBe(true);
  });
});
