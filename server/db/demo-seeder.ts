import { v7 as uuidv7 } from 'uuid';
import type { TenantContext } from '../lib/tenant.ts';
import type { Database } from './database.ts';

/**
 * The shape of an area's demo data, apart from seed.ts, which imports every area's seeder: the
 * areas import this file instead, so nothing imports back up.
 */

export interface SeedContext {
  tenant: TenantContext;
  now: Date;
}

/** One area's demo data; seed.ts lists every area's in `demoSeeders` and runs them in order. */
export type DemoSeeder = (db: Database, context: SeedContext) => Promise<void>;

/**
 * The key and times of a demo record made at `createdAt`: its id is a time-ordered UUID of that
 * moment, as a record made then would have, and it was last changed when it was made.
 */
export const demoRecordStamp = (tenant: TenantContext, createdAt: Date) => ({
  organizationId: tenant.organizationId,
  id: uuidv7({ msecs: createdAt.getTime() }),
  createdAt,
  updatedAt: createdAt,
});
