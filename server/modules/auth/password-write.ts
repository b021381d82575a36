import { sql } from 'drizzle-orm';
import { users } from '../../db/platform-tables.ts';

/**
 * What setting a password writes to the user row, as a new version. One someone else set (a
 * manager's or the operator's reset) must be changed at the next sign-in; one the user chose not.
 */
export const passwordWrite = (
  passwordHash: string,
  mustChangePassword: boolean,
  at = new Date(),
) => ({
  passwordHash,
  mustChangePassword,
  version: sql`${users.version} + 1`,
  updatedAt: at,
});
