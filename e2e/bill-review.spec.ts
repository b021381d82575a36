import { expect, test, type Page } from '@playwright/test';
import { billReview, merchantWithOrders, tickOrdersToBill } from './billing-desk.ts';
import { api, horizontalOverflow, signIn, smallTargets, uniqueSuffix } from './support.ts';
import { TABLETS } from './viewports.ts';

/** The merchant's bills as the API counts them; other tests bill other merchants meanwhile. */
async function billCount(page: Page, merchantId: string): Promise<number> {
  const page1 = await api<{ totalCount: number }>(
    page,
    'GET',
    `/api/bills?merchantId=${merchantId}&limit=1`,
  );
  return page1.totalCount;
}

test('"Make bill" only opens the review; "Issue bill" makes the one bill', async ({ page }) => {
  test.setTimeout(90_000);
  const suffix = uniqueSuffix();
  const merchantName = `Review E2E ${suffix}`;
  await signIn(page);
  const { merchantId, orders } = await merchantWithOrders(page, {
    name: merchantName,
    poPrefix: `REV/${suffix}`,
  });
  const [first] = orders as [(typeof orders)[0]];

  await tickOrdersToBill(page, orders);
  expect(await billCount(page, merchantId)).toBe(0);

  await page.getByRole('button', { name: 'Make bill' }).click();
  const review = billReview(page);
  await expect(review).toBeVisible();
  await expect(review).toContainText(merchantName);
  await expect(review.getByRole('table', { name: 'Lines of the bill' })).toContainText(
    first.poNumber,
  );
  // 10 and 20 pieces at ₹45 without a state on the merchant: the organization's, so CGST + SGST.
  const figures = review.getByRole('group', { name: 'Figures of the bill' });
  await expect(figures).toContainText('₹1,350.00');
  const forecast = review.getByText(/^Will be numbered about /);
  await expect(forecast).toBeVisible();
  const number = ((await forecast.textContent()) ?? '').replace(/^Will be numbered about /, '');
  expect(number).toMatch(/^[A-Z0-9-]+\/\d{4}-\d{2}\/\d{4}$/);
  expect(await billCount(page, merchantId)).toBe(0);

  // Leaving the review makes nothing either.
  await review.getByRole('button', { name: 'Back to edit' }).click();
  await expect(review).toHaveCount(0);
  expect(await billCount(page, merchantId)).toBe(0);

  await page.getByRole('button', { name: 'Make bill' }).click();
  await expect(review).toBeVisible();
  const shownTotal = await figures
    .getByText('Total', { exact: true })
    .locator('xpath=following-sibling::*[1]')
    .textContent();
  await review.getByRole('button', { name: 'Issue bill' }).click();
  await expect(page.getByText(/^Bill .+ is made\.$/)).toBeVisible();
  expect(await billCount(page, merchantId)).toBe(1);
  // The bill carries the total the review showed.
  const { data } = await api<{ data: { totalAmount: number }[] }>(
    page,
    'GET',
    `/api/bills?merchantId=${merchantId}`,
  );
  expect(data[0]?.totalAmount).toBe(Number((shownTotal ?? '').replace(/[₹,]/g, '')));
});

test.describe('on a tablet', () => {
  for (const viewport of TABLETS) {
    test.describe(`${viewport.width}x${viewport.height}`, () => {
      test.use({ viewport, hasTouch: true, isMobile: false });

      test('the review scrolls to its buttons, finger-sized', async ({ page }) => {
        const suffix = uniqueSuffix();
        await signIn(page);
        const { merchantId, orders } = await merchantWithOrders(page, {
          name: `Tablet review ${suffix}`,
          poPrefix: `TREV/${suffix}`,
          quantities: [10, 20, 30, 40, 50],
        });
        await tickOrdersToBill(page, orders);
        await page.getByRole('button', { name: 'Make bill' }).click();
        const review = billReview(page);
        await expect(review.getByText(/^Will be numbered about /)).toBeVisible();
        const issue = review.getByRole('button', { name: 'Issue bill' });
        await issue.scrollIntoViewIfNeeded();
        await expect(issue).toBeInViewport();
        const box = await issue.boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(44);
        expect(await smallTargets(page)).toEqual([]);
        expect(await horizontalOverflow(page)).toBe(0);
        await review.getByRole('button', { name: 'Back to edit' }).click();
        expect(await billCount(page, merchantId)).toBe(0);
      });
    });
  }
});
