import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCTION_STAGES } from '../../../contract/production-stages.ts';
import { queryRows } from '../../db/client.ts';
import { MIGRATIONS_DIR, migrate } from '../../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';

let database: TestDatabase | undefined;
afterAll(() => database?.drop());

/** A copy of the migrations folder that stops before the production migration, whatever its number. */
async function migrationsBeforeProduction() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'karkhana-before-production-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const stop = journal.entries.findIndex((entry) => entry.tag.endsWith('_production'));
  expect(stop).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

describe('the production migration', () => {
  it('gives existing organizations the default stages and their in-progress orders cards', async () => {
    database = await createTestDatabase({ migrate: false });
    const db = database.handle.db;
    const dir = await migrationsBeforeProduction();
    try {
      await migrate(db, { migrationsDir: dir });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const org = '01890a5d-ac96-774b-bcce-b30209900001';
    const merchant = '01890a5d-ac96-774b-bcce-b30209900002';
    const design = '01890a5d-ac96-774b-bcce-b30209900003';
    await db.execute(sql`insert into organizations (id, name) values (${org}, 'Old Org')`);
    await db.execute(sql`insert into merchants (organization_id, id, name)
                         values (${org}, ${merchant}, 'Shah')`);
    await db.execute(sql`insert into designs (organization_id, id, name, design_code, rate)
                         values (${org}, ${design}, 'Buta', 'B-1', 4)`);
    const orders = [
      ['01890a5d-ac96-774b-bcce-b30209900011', 'in_progress', 2],
      ['01890a5d-ac96-774b-bcce-b30209900012', 'pending', 1],
    ] as const;
    for (const [id, status, lines] of orders) {
      await db.execute(sql`insert into orders
          (organization_id, id, merchant_id, po_number, order_date, status)
          values (${org}, ${id}, ${merchant}, 'PO', '2026-01-01', ${status})`);
      for (let position = 0; position < lines; position += 1) {
        await db.execute(sql`insert into order_lines
            (organization_id, id, order_id, position, design_id, quantity, rate, amount)
            values (${org}, gen_random_uuid(), ${id}, ${position}, ${design}, ${10 + position},
                    4, ${4 * (10 + position)})`);
      }
    }

    const { applied } = await migrate(db);
    expect(applied.some((tag) => tag.endsWith('_production'))).toBe(true);

    const stages = await queryRows<{ name: string; position: number }>(
      db,
      sql`select name, position from production_stages
          where organization_id = ${org} order by position`,
    );
    expect(stages.map((stage) => stage.name)).toEqual([...DEFAULT_PRODUCTION_STAGES]);
    const cards = await queryRows<{ order_id: string; quantity: number; position: number }>(
      db,
      sql`select c.order_id, c.quantity, s.position from job_cards c
          join production_stages s on s.organization_id = c.organization_id and s.id = c.stage_id
          where c.organization_id = ${org} order by c.quantity`,
    );
    expect(cards).toEqual([
      { order_id: orders[0][0], quantity: 10, position: 0 },
      { order_id: orders[0][0], quantity: 11, position: 0 },
    ]);
  });
});
