import { expect, test } from '@playwright/test';
import { api, registerAccount, signIn, uniqueEmail } from './support.ts';

const PASSWORD = 'zari-work-2025';

interface MerchantPage {
  data: { name: string }[];
}

test("a sample workshop opens in a tab of its own, apart from the owner's tab and books, and is deleted", async ({
  page,
  context,
}) => {
  const email = uniqueEmail('sample');
  await registerAccount(page.request, {
    organizationName: 'Navrang Embroidery',
    name: 'Meera Patel',
    email,
    password: PASSWORD,
  });
  await signIn(page, { email, password: PASSWORD });
  await api(page, 'POST', '/api/merchants', { name: 'Meera’s own merchant' });
  await page.reload();

  const checklist = page.getByTestId('setup-checklist');
  const opened = context.waitForEvent('page');
  await checklist.getByRole('button', { name: 'Open a sample workshop' }).click();
  const sample = await opened;
  await expect(sample.getByTestId('sample-tab-banner')).toContainText(
    'You are in the sample workshop',
  );
  // The one-time token is gone from the address bar.
  expect(new URL(sample.url()).hash).toBe('');
  await expect(sample.getByText('Shree Ganesh Textiles').first()).toBeVisible();
  await sample.goto('/merchants');
  await expect(sample.getByRole('row').nth(5)).toBeVisible();
  await expect(sample.getByText('Meera’s own merchant')).toHaveCount(0);
  await expect(sample.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);

  // The owner's tab is still the owner's, after a reload too: nothing of the sample's session,
  // cache or cookie reached it.
  await page.reload();
  await expect(page.getByTestId('sample-tab-banner')).toHaveCount(0);
  const own = await api<MerchantPage>(page, 'GET', '/api/merchants?limit=100');
  expect(own.data.map((merchant) => merchant.name)).toEqual(['Meera’s own merchant']);
  await page.goto('/merchants');
  await expect(page.getByText('Meera’s own merchant')).toBeVisible();
  await expect(page.getByText('Shree Ganesh Textiles')).toHaveCount(0);

  // Closing the sample signs its session out and leaves the owner signed in.
  const closed = sample.waitForEvent('close');
  await sample.getByRole('button', { name: 'Close the sample' }).click();
  await closed;
  await page.reload();
  await expect(page.getByText('Meera’s own merchant')).toBeVisible();

  await page.goto('/order-analytics');
  await checklist.getByRole('button', { name: 'Delete the sample workshop' }).click();
  await page
    .getByRole('dialog', { name: 'Delete the sample workshop?' })
    .getByRole('button', { name: 'Delete the sample workshop' })
    .click();
  await expect(checklist.getByRole('button', { name: 'Open a sample workshop' })).toBeVisible();
  expect(await api<{ sample: null }>(page, 'GET', '/api/sample-workshop')).toEqual({
    sample: null,
  });
});
