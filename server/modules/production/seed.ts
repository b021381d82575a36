import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { defaultPieceRate } from '../../../contract/production-entries.ts';
import type { SalaryType } from '../../../contract/workers.ts';
import { queryRows } from '../../db/client.ts';
import { jobCardWorkers, jobCards, productionEntries } from './schema.ts';
import type { DemoSeeder } from '../../db/demo-seeder.ts';
import { randomSource } from '../../db/seed-random.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back the demo floor has logged work. */
const ENTRY_DAYS = 21;
const INSERT_CHUNK = 500;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Job cards for the orders in progress, spread over the stages by how long ago the order came
 * in, with a few weeks of production entries on the recent ones. The entries' trigger rolls them
 * up onto the cards, as it does for work logged through the API.
 */
export const seedProduction: DemoSeeder = async (db, { tenant, now }) => {
  const organizationId = tenant.organizationId;
  const lines = await queryRows<{
    order_id: string;
    line_id: string;
    design_id: string;
    design_rate: string | null;
    quantity: number;
    order_date: string;
  }>(
    db,
    sql`select l.order_id, l.id as line_id, l.design_id, d.rate::text as design_rate,
               l.quantity, o.order_date::text as order_date
        from order_lines l
        join orders o on o.organization_id = l.organization_id and o.id = l.order_id
        join designs d on d.organization_id = l.organization_id and d.id = l.design_id
        where l.organization_id = ${organizationId} and o.status = 'in_progress'
        order by o.order_date, o.id, l.position`,
  );
  const stages = await queryRows<{ id: string; position: number }>(
    db,
    sql`select id, position from production_stages
        where organization_id = ${organizationId} order by position`,
  );
  const floorWorkers = await queryRows<{
    id: string;
    salary_type: SalaryType | null;
    base_salary: string | null;
  }>(
    db,
    sql`select id, salary_type, base_salary::text from workers
        where organization_id = ${organizationId} and is_active order by lower(name), id`,
  );
  if (lines.length === 0 || stages.length === 0 || floorWorkers.length === 0) return;

  const random = randomSource(0x5eed_f100);
  const lastStage = stages.length - 1;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const firstEntryDay = today - ENTRY_DAYS * DAY_MS;

  const cards: (typeof jobCards.$inferInsert)[] = [];
  const assignments: (typeof jobCardWorkers.$inferInsert)[] = [];
  const entries: (typeof productionEntries.$inferInsert)[] = [];

  for (const line of lines) {
    const orderDay = Date.parse(`${line.order_date}T00:00:00Z`);
    const ageDays = Math.max(0, Math.round((today - orderDay) / DAY_MS));
    // About a month from punching to packing, give or take.
    const progress = Math.min(1, (ageDays + random.int(-5, 5)) / 30);
    const stageIndex = Math.max(0, Math.min(lastStage, Math.floor(progress * stages.length)));
    const createdAt = new Date(orderDay + 10 * 60 * 60 * 1000);
    const cardId = uuidv7({ msecs: createdAt.getTime() });
    cards.push({
      organizationId,
      id: cardId,
      orderId: line.order_id,
      orderLineId: line.line_id,
      designId: line.design_id,
      quantity: line.quantity,
      stageId: (stages[stageIndex] as { id: string }).id,
      createdAt,
      updatedAt: createdAt,
    });
    const crew = new Set([random.pick(floorWorkers), random.pick(floorWorkers)]);
    for (const worker of crew) {
      assignments.push({ organizationId, jobCardId: cardId, workerId: worker.id });
    }

    // Work logged within the last few weeks only; earlier pieces are not part of the demo.
    const start = Math.max(orderDay + DAY_MS, firstEntryDay);
    if (stageIndex === 0 || start >= today) continue;
    const target =
      stageIndex === lastStage && random.next() < 0.5
        ? line.quantity
        : Math.floor(line.quantity * Math.min(0.95, progress));
    let logged = 0;
    const crewList = [...crew];
    for (let day = start; day < today && logged < target; day += DAY_MS) {
      if (new Date(day).getUTCDay() === 0) continue; // Sunday off
      const worker = random.pick(crewList);
      const pieces = Math.min(
        target - logged,
        Math.max(1, Math.round(line.quantity * (0.08 + random.next() * 0.12))),
      );
      const rejected = Math.min(pieces - 1, Math.floor(pieces * random.next() * 0.04));
      const done = pieces - rejected;
      logged += pieces;
      const loggedAt = new Date(day + 18 * 60 * 60 * 1000);
      entries.push({
        organizationId,
        id: uuidv7({ msecs: loggedAt.getTime() }),
        workerId: worker.id,
        jobCardId: cardId,
        workDate: isoDay(day),
        piecesDone: done,
        piecesRejected: rejected,
        rate: defaultPieceRate(line.design_rate === null ? null : Number(line.design_rate), {
          salaryType: worker.salary_type,
          baseSalary: worker.base_salary === null ? null : Number(worker.base_salary),
        }),
        createdBy: tenant.userId,
        createdAt: loggedAt,
        updatedAt: loggedAt,
      });
    }
  }

  for (let index = 0; index < cards.length; index += INSERT_CHUNK) {
    await db.insert(jobCards).values(cards.slice(index, index + INSERT_CHUNK));
  }
  for (let index = 0; index < assignments.length; index += INSERT_CHUNK) {
    await db.insert(jobCardWorkers).values(assignments.slice(index, index + INSERT_CHUNK));
  }
  for (let index = 0; index < entries.length; index += INSERT_CHUNK) {
    await db.insert(productionEntries).values(entries.slice(index, index + INSERT_CHUNK));
  }
};
