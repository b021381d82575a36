import { eq, lt, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 10;
export const MAX_FAILURES_PER_IP = 30;

/**
 * Failed sign-ins are counted in the database rather than in memory so that the limit holds
 * across every API server behind a load balancer.
 * Returns the seconds to wait, or 0 when the attempt may proceed.
 */
export async function loginRetryAfterSeconds(
  db: Database,
  email: string,
  ip: string,
  now = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const [row] = await queryRows<{
    email_failures: number;
    email_oldest: string | Date | null;
    ip_failures: number;
    ip_oldest: string | Date | null;
  }>(
    db,
    sql`
    select
      count(*) filter (where ${loginAttempts.email} = ${email})::int as email_failures,
      min(${loginAttempts.attemptedAt}) filter (where ${loginAttempts.email} = ${email}) as email_oldest,
      count(*) filter (where ${loginAttempts.ip} = ${ip})::int as ip_failures,
      min(${loginAttempts.attemptedAt}) filter (where ${loginAttempts.ip} = ${ip}) as ip_oldest
    from ${loginAttempts}
    where (${loginAttempts.email} = ${email} or ${loginAttempts.ip} = ${ip})
      and ${loginAttempts.attemptedAt} > ${since.toISOString()}`,
  );
  if (!row) return 0;
  const waitFrom = (oldest: string | Date | null) =>
    oldest === null ? 0 : (new Date(oldest).getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000;
  let wait = 0;
  if (Number(row.email_failures) >= MAX_FAILURES_PER_EMAIL)
    wait = Math.max(wait, waitFrom(row.email_oldest));
  if (Number(row.ip_failures) >= MAX_FAILURES_PER_IP)
    wait = Math.max(wait, waitFrom(row.ip_oldest));
  return wait > 0 ? Math.max(1, Math.ceil(wait)) : 0;
}

export async function recordLoginFailure(
  db: Database,
  email: string,
  ip: string,
  now = new Date(),
) {
  await db.insert(loginAttempts).values({ email, ip, attemptedAt: now });
}

export async function clearLoginFailures(db: Database, email: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}

export async function purgeOldLoginAttempts(db: Database, now = new Date()) {
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - LOGIN_WINDOW_MS)));
}
