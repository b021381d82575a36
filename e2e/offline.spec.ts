import { expect, test } from '@playwright/test';
import { signIn, installServiceWorker } from './support.ts';

test.use({ serviceWorkers: 'allow' });

test('lists seen online still show after going offline and reloading', async ({
  page,
  context,
}) => {
  await signIn(page);
  await installServiceWorker(page);

  await page.goto('/merchants');
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const firstRow = (await rows.nth(1).innerText()).split('\n')[0] ?? '';
  // The persisted copy is written with a throttle; give it time to reach IndexedDB.
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  await expect(page.getByRole('table').getByText(firstRow, { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toBeVisible();
  await context.setOffline(false);
});
