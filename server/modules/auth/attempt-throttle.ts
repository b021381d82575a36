import type { FastifyRequest } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database.ts';
import { loginAttempts } from '../../db/platform-tables.ts';
import { tooManyRequests } from '../../lib/http-errors.ts';

/**
 * Limits per client address on the public auth endpoints, kept in the database so that they hold
 * across every API server and do not depend on the API-wide request limit.
 *
 * Sign-in throttling is built so that a stranger cannot turn it against an account's owner:
 * failures are counted per (account, address) pair, whose waits grow, and per address across
 * accounts with a ceiling high enough for a workshop whose tablets share one router. Nothing locks
 * an account as such, so the right password from another address still signs in while an
 * attacker waits.
 *
 * Recovery has a per-account limit already (a code dies after its tries, few mails an hour); the
 * per-address allowances below stop one client from spreading its guesses, or its mails, over
 * every account it knows of.
 */
export const FREE_FAILURES_PER_PAIR = 5;
const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 15 * 60 * 1000;
/** A pair's failures count for a day; a success clears them sooner. */
const PAIR_WINDOW_MS = 24 * 60 * 60 * 1000;
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
    where ${loginAttempts.ip} = ${ip}
      and ${loginAttempts.action} = 'signIn'
      and ${loginAttempts.attemptedAt} > ${pairSince.toISOString()}`,
  );
  if (!row) return 0;
  let waitMs = 0;
  const pairLast = toTime(row.pair_last);
  if (pairLast !== null) {
    waitMs = Math.max(waitMs, pairLast + pairDelayMs(Number(row.pair_failures)) - now.getTime());
  }
  const addressWaitMs = windowWaitMs(
    Number(row.address_failures),
    toTime(row.address_oldest),
    { max: MAX_FAILURES_PER_ADDRESS, windowMs: ADDRESS_WINDOW_MS },
    now,
  );
  return toSeconds(Math.max(waitMs, addressWaitMs));
}

interface Allowance {
  max: number;
  windowMs: number;
}

/** Until the oldest counted attempt leaves the window, when the window is full; else 0. */
function windowWaitMs(count: number, oldest: number | null, allowance: Allowance, now: Date) {
  if (oldest === null || count < allowance.max) return 0;
  return oldest + allowance.windowMs - now.getTime();
}

const toSeconds = (waitMs: number) => (waitMs > 0 ? Math.ceil(waitMs / 1000) : 0);

/**
 * Every try counts, right or wrong: the sign-up confirmation code is a guess like the recovery
 * code, so both share one allowance. Requests each may mail an account.
 */
export const ADDRESS_LIMITS = {
  codeCheck: { max: 20, windowMs: ADDRESS_WINDOW_MS },
  recoveryRequest: { max: 10, windowMs: ADDRESS_WINDOW_MS },
} as const satisfies Record<string, Allowance>;
export type AddressLimitedAction = keyof typeof ADDRESS_LIMITS;

/**
 * Counts one `action` from `ip` and returns 0, or, when the address has used up its allowance,
 * counts nothing and returns the seconds until it may try again.
 */
async function takeAddressAllowance(
  db: Database,
  action: AddressLimitedAction,
  ip: string,
  email: string,
  now = new Date(),
): Promise<number> {
  const allowance = ADDRESS_LIMITS[action];
  const since = new Date(now.getTime() - allowance.windowMs);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // One address's requests take turns here, so a burst of them, even spread over several
    // servers, cannot all be counted against the same free slots.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`address_allowance:${action}:${ip}`}, 0))`,
    );
    const [row] = await queryRows<{ attempts: number; oldest: string | Date | null }>(
      tx,
      sql`
      select count(*)::int as attempts, min(${loginAttempts.attemptedAt}) as oldest
      from ${loginAttempts}
      where ${loginAttempts.ip} = ${ip}
        and ${loginAttempts.action} = ${action}
        and ${loginAttempts.attemptedAt} > ${since.toISOString()}`,
    );
    const waitSeconds = toSeconds(
      windowWaitMs(Number(row?.attempts ?? 0), toTime(row?.oldest ?? null), allowance, now),
    );
    if (waitSeconds > 0) return waitSeconds;
    await tx.insert(loginAttempts).values({ action, email, ip, attemptedAt: now });
    return 0;
  });
}

/** Throws 429 when the client's address has used up its allowance for `action`. */
export async function assertAddressAllowance(
  request: FastifyRequest,
  action: AddressLimitedAction,
  email: string,
) {
  const { server } = request;
  const retryAfter = await takeAddressAllowance(
    server.db,
    action,
    request.ip,
    email,
    server.clock(),
  );
  if (retryAfter > 0) {
    throw tooManyRequests(
      action === 'codeCheck'
        ? 'Too many codes checked from this address. Please try again later'
        : 'Too many codes asked for from this address. Please try again later',
      retryAfter,
    );
  }
}

export async function recordLoginFailure(
  db: Database,
  email: string,
  ip: string,
  now = new Date(),
) {
  await db.insert(loginAttempts).values({ action: 'signIn', email, ip, attemptedAt: now });
}

/** A success from an address clears that pair only: an attacker's count elsewhere stays. */
export async function clearLoginFailures(db: Database, email: string, ip: string) {
  await db
    .delete(loginAttempts)
    .where(
      and(
        eq(loginAttempts.action, 'signIn'),
        eq(loginAttempts.email, email),
        eq(loginAttempts.ip, ip),
      ),
    );
}

/** Every limit's window is at most a day long. */
export async function purgeOldAttempts(db: Database, now = new Date()) {
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - PAIR_WINDOW_MS)));
}
