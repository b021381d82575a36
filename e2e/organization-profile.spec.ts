import { expect, test } from '@playwright/test';
import { registerAccount, signIn, toast, uniqueEmail } from './support.ts';

test('the owner saves the organization profile and the header takes the new name', async ({
  page,
}) => {
  // A fresh organization, so renaming it leaves the demo account alone.
  const account = { email: uniqueEmail('profile'), password: 'profile-e2e-pass' };
  await registerAccount(page.request, {
    organizationName: 'Profile Test Works',
    name: 'Hetal Desai',
    ...account,
  });
  await signIn(page, account);
  await expect(page.getByRole('banner').getByText('Profile Test Works')).toBeVisible();

  await page.goto('/settings/account');
  const name = page.getByRole('textbox', { name: 'Business name' });
  await expect(name).toHaveValue('Profile Test Works');
  await name.fill('Profile Zari Works');
  await page.getByRole('textbox', { name: 'GSTIN' }).fill('24AAACS1234F1ZY');
  await expect(page.getByText('Valid GSTIN, registered in Gujarat')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(toast(page, 'Organization profile saved')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Profile Zari Works')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Business name' })).toHaveValue(
    'Profile Zari Works',
  );
  // The state came from the GSTIN.
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Gujarat');
});
