import { expect, test } from '@playwright/test';
import {
  DATA_PAGES,
  axeViolations as violations,
  emailField,
  signIn,
  uniqueEmail,
} from './support.ts';

for (const route of DATA_PAGES) {
  test(`no WCAG 2.1 AA violations on ${route}`, async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page);
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    expect(await violations(page)).toEqual([]);
  });
}

test('no WCAG 2.1 AA violations on the order edit page', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto('/orders');
  await page.getByRole('table').getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/orders\/edit\//);
  await expect(page.getByRole('textbox', { name: 'PO number' })).not.toHaveValue('');
  expect(await violations(page)).toEqual([]);
});

test('no WCAG 2.1 AA violations on password recovery and the organization profile', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/forgot-password');
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await emailField(page).fill(uniqueEmail('accessibility'));
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await signIn(page);
  await page.goto('/settings/account');
  await expect(page.getByRole('textbox', { name: 'Business name' })).not.toHaveValue('');
  expect(await violations(page)).toEqual([]);
});
