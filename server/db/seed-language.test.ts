import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_PRODUCTION_STAGE_NAMES } from '../../contract/production-stages.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { productionStages } from '../modules/production/schema.ts';
import { users } from './platform-tables.ts';
import { seedDemoData } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('seeds the demo team in the chosen language, its stages named in it', async () => {
  const db = t.database.handle.db;
  expect((await seedDemoData(db, new Date('2026-03-11T12:00:00Z'), 'hi')).seeded).toBe(true);
  const stages = await db
    .select({ name: productionStages.name })
    .from(productionStages)
    .orderBy(asc(productionStages.position));
  expect(stages.map((stage) => stage.name)).toEqual([...DEFAULT_PRODUCTION_STAGE_NAMES.hi]);
  const team = await db.select({ language: users.language }).from(users);
  expect(team.map((user) => user.language)).toEqual(['hi', 'hi', 'hi']);
});
