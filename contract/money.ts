/*
 * Rupee amounts have two decimals, which binary floats cannot hold exactly: 0.1 + 0.2 is not 0.3.
 * Whatever this app adds or compares outside SQL (a page's totals, a split, a check before the
 * server's) goes through whole paise, where integer arithmetic is exact.
 */

/** Rupees to whole paise. */
export const toPaise = (rupees: number) => Math.round(rupees * 100);

/** Rupees to paise as a bigint, for products (pieces × rate) that may pass 2^53. */
export const toPaiseBigInt = (rupees: number) => BigInt(toPaise(rupees));

/** Whole paise back to rupees. */
export const fromPaise = (paise: number) => paise / 100;

/** The sum of rupee amounts, added in paise. */
export function sumRupees(amounts: Iterable<number>): number {
  let paise = 0;
  for (const amount of amounts) paise += toPaise(amount);
  return fromPaise(paise);
}
