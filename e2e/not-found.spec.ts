import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');

  await expect(
    page.getByRole('heading', { level: 1, name: 'Oops! Page Not Found!' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Home' })).toBeVisible();
});

test('"Back to Home" on the not-found page opens order analytics', async ({ page }) => {
  await signIn(page);
  await page.goto('/no-such-page');

  await page.getByRole('button', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/order-analytics');
});
