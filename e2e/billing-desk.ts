import type { Locator, Page } from '@playwright/test';
import { makeMerchant, makeOrders, type MadeOrder } from './support.ts';

/**
 * A merchant of its own with finished orders (10 and 20 pieces unless `quantities` says), so the
 * billing desk shows this run's orders apart from the demo's and other tests'.
 */
export async function merchantWithOrders(
  page: Page,
  { name, poPrefix, quantities }: { name: string; poPrefix: string; quantities?: number[] },
): Promise<{ merchantId: string; orders: MadeOrder[] }> {
  const { merchantId } = await makeMerchant(page, { name });
  const orders = await makeOrders(page, {
    merchantId,
    poPrefix,
    ...(quantities && { quantities }),
  });
  return { merchantId, orders };
}

/** The billing desk with `orders` ticked, ready for "Make bill". */
export async function tickOrdersToBill(page: Page, orders: readonly MadeOrder[]) {
  await page.goto('/export-bill-review');
  for (const order of orders) {
    await page.getByRole('checkbox', { name: `Bill ${order.poNumber}` }).check();
  }
}

/** The review "Make bill" opens before anything is issued. */
export const billReview = (page: Page): Locator =>
  page.getByRole('dialog', { name: 'Review the bill before issuing' });
