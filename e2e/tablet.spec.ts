import { expect, test } from '@playwright/test';
import {
  DATA_PAGES,
  emailField,
  horizontalOverflow,
  signIn,
  smallTargets,
  uniqueEmail,
} from './support.ts';

test.describe('on a tablet with touch', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: false });

  test('every control on the orders pages is at least 44 px and nothing scrolls sideways', async ({
    page,
  }) => {
    await signIn(page);
    expect(await page.evaluate<boolean>(`matchMedia('(pointer: coarse)').matches`)).toBe(true);

    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.goto('/orders/create');
    await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
  });
});

test.describe('password recovery and the organization profile on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: false });

  test('every control is at least 44 px and nothing scrolls sideways', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    await emailField(page).fill(uniqueEmail('tablet'));
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    await signIn(page);
    await page.goto('/settings/account');
    await expect(page.getByRole('textbox', { name: 'Business name' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
  });
});

for (const width of [768, 820, 1024]) {
  test(`no page scrolls sideways at ${width} px`, async ({ page }) => {
    // Ten pages in one test: room for a slow runner.
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 1000 });
    await signIn(page);
    for (const route of DATA_PAGES) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
      expect(await horizontalOverflow(page), route).toBe(0);
    }
  });
}
