import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { createSession } from '../server/modules/auth/sessions.ts';
import type { BenchSize } from './config.ts';
import { BENCH_EMAIL, BENCH_PASSWORD, generateData } from './generate-data.ts';

export interface GeneratedOrganization {
  organizationId: string;
  ownerId: string;
  /** A session of the organization's owner, for requests to an app on this database. */
  accessToken: string;
  seconds: number;
}

/**
 * Migrates an empty database and fills it with the benchmark's generator at `size` (one
 * organization, for the memory runs that download or restore a single organization's data).
 */
export async function generateOneOrganization(
  db: Database,
  size: BenchSize,
): Promise<GeneratedOrganization> {
  await migrate(db);
  const started = performance.now();
  await generateData(
    (statement) => db.execute(sql.raw(statement)),
    { ...size, orgs: 1 },
    await hashPassword(BENCH_PASSWORD),
  );
  const seconds = (performance.now() - started) / 1000;
  const [owner] = await queryRows<{ id: string; organization_id: string }>(
    db,
    sql`select id, organization_id from users where email = ${BENCH_EMAIL}`,
  );
  if (!owner) throw new Error('the generator made no owner');
  const session = await createSession(db, owner.id, owner.organization_id);
  return {
    organizationId: owner.organization_id,
    ownerId: owner.id,
    accessToken: session.accessToken,
    seconds,
  };
}
