import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../../contract/common.ts';
import { workerWages } from '../../../contract/worker-wages.ts';
import { queryRows } from '../../db/client.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from '../../db/seed.ts';
import { createTestApp, type TestApp, type TestBody } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo shop floor', () => {
  it('has cards for every in-progress line, recent work, and counts that match the entries', async () => {
    const now = new Date('2026-11-20T09:00:00Z');
    expect((await seedDemoData(t.database.handle.db, now)).seeded).toBe(true);
    const db = t.database.handle.db;

    const [lines] = await queryRows<{ missing: number; extra: number }>(
      db,
      sql`select
            (select count(*)::int from order_lines l
               join orders o on o.organization_id = l.organization_id and o.id = l.order_id
              where o.status = 'in_progress'
                and not exists (select 1 from job_cards c
                                 where c.organization_id = l.organization_id
                                   and c.order_line_id = l.id)) as missing,
            (select count(*)::int from job_cards c
               join orders o on o.organization_id = c.organization_id and o.id = c.order_id
              where o.status <> 'in_progress') as extra`,
    );
    expect(lines).toEqual({ missing: 0, extra: 0 });

    const [entries] = await queryRows<{ count: number; first: string; last: string }>(
      db,
      sql`select count(*)::int as count, min(work_date)::text as first, max(work_date)::text as last
          from production_entries`,
    );
    expect(entries?.count).toBeGreaterThan(20);
    expect((entries?.first ?? '') >= '2026-10-30').toBe(true);
    expect((entries?.last ?? '9999') < '2026-11-20').toBe(true);

    const drift = await queryRows<{ id: string }>(
      db,
      sql`select c.id from job_cards c
          left join (select job_card_id, sum(pieces_done) as done, sum(pieces_rejected) as rejected
                       from production_entries group by job_card_id) e on e.job_card_id = c.id
          where c.pieces_done <> coalesce(e.done, 0) or c.pieces_rejected <> coalesce(e.rejected, 0)`,
    );
    expect(drift).toEqual([]);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json<TestBody>().data.token.accessToken}` };
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/worker-wages?month=2026-11',
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const wages = envelope(workerWages).parse(response.json()).data;
    expect(wages.rows.some((row) => row.pieceEarnings > 0)).toBe(true);
    // Day rates, not monthly amounts: a daily worker's base pay stays within a month's wage.
    for (const row of wages.rows.filter((one) => one.salaryType === 'daily')) {
      expect(row.basePay).toBeLessThanOrEqual(row.daysWorked * 500);
    }
  });
});
