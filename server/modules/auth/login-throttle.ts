import { and, eq, lt } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema.ts';

/**
 * Sign-in throttling that a stranger cannot turn against an account's owner: failures are
 * counted per (account, address) pair, whose waits grow, and per address across accounts with a
 * ceiling high enough for a workshop whose tablets share one router. Nothing locks an account
 * as such, so the right password from another address still signs in while an attacker waits.
 * Kept in the database so the limits hold across every API server.
 */
export const FREE_FAILURES_PER_PAIR = 5;
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 15 * 60 * 1000;
/** A pair's failures count for a day; a success clears them sooner. */
export const PAIR_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MAX_FAILURES_PER_ADDRESS = 100;
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000;

/** The wait after the n-th failure of a pair: none for the first few, then 1 s doubling to 15 min. */
export function pairDelayMs(failures: number): number {
  if (failures < FREE_FAILURES_PER_PAIR) return 0;
  const doublings = Math.min(failures - FREE_FAILURES_PER_PAIR, 30);
  return Math.min(FIRST_DELAY_MS * 2 ** doublings, MAX_DELAY_MS);
}

const toTime = (value: string | Date | null) => (value === null ? null : new Date(value).getTime());

/** Seconds to wait before this address may try this account again, or 0 to go ahead. */
export async function loginRetryAfterSeconds(
  db: Database,
  email: string,
  ip: string,
  now = new Date(),
): Promise<number> {
  const pairSince = new Date(now.getTime() - PAIR_WINDOW_MS);
  const addressSince = new Date(now.getTime() - ADDRESS_WINDOW_MS);
  const [row] = await queryRows<{
    pair_failures: number;
    pair_last: string | Date | null;
    address_failures: number;
    address_oldest: string | Date | null;
  }>(
    db,
    sql`
    select
      count(*) filter (where ${loginAttempts.email} = ${email})::int as pair_failures,
      max(${loginAttempts.attemptedAt}) filter (where ${loginAttempts.email} = ${email}) as pair_last,
      count(*) filter (
        where ${loginAttempts.attemptedAt} > ${addressSince.toISOString()}
      )::int as address_failures,
      min(${loginAttempts.attemptedAt}) filter (
        where ${loginAttempts.attemptedAt} > ${addressSince.toISOString()}
      ) as address_oldest
    from ${loginAttempts}
    where ${loginAttempts.ip} = ${ip} and ${loginAttempts.attemptedAt} > ${pairSince.toISOString()}`,
  );
  if (!row) return 0;
  let waitMs = 0;
  const pairLast = toTime(row.pair_last);
  if (pairLast !== null) {
    waitMs = Math.max(waitMs, pairLast + pairDelayMs(Number(row.pair_failures)) - now.getTime());
  }
  const addressOldest = toTime(row.address_oldest);
  if (addressOldest !== null && Number(row.address_failures) >= MAX_FAILURES_PER_ADDRESS) {
    waitMs = Math.max(waitMs, addressOldest + ADDRESS_WINDOW_MS - now.getTime());
  }
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

export async function recordLoginFailure(
  db: Database,
  email: string,
  ip: string,
  now = new Date(),
) {
  await db.insert(loginAttempts).values({ email, ip, attemptedAt: now });
}

/** A success from an address clears that pair only: an attacker's count elsewhere stays. */
export async function clearLoginFailures(db: Database, email: string, ip: string) {
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)));
}

export async function purgeOldLoginAttempts(db: Database, now = new Date()) {
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - PAIR_WINDOW_MS)));
}
