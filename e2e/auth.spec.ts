import { expect, test } from '@playwright/test';
import {
  emailField,
  finishSignUpFromMail,
  mainNavigation,
  passwordField,
  signIn,
  submitSignIn,
  uniqueEmail,
} from './support.ts';

test('signing up confirms the address by the mailed code, creates the organization and lands on order analytics', async ({
  page,
}) => {
  const email = uniqueEmail('sign-up');
  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Organization name' }).fill('Shree Ganesh Embroidery');
  await page.getByRole('textbox', { name: 'Your name' }).fill('Meera Patel');
  await emailField(page).fill(email);
  await passwordField(page).fill('zari-work-2025');
  await page.getByRole('button', { name: 'Create account' }).click();
  await finishSignUpFromMail(page, email);

  await expect(page).toHaveURL((url) => url.pathname === '/order-analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Order analytics' })).toBeVisible();
  await expect(mainNavigation(page).getByRole('link', { name: 'Order analytics' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a signed-out visit goes through sign-in and returns to the page asked for', async ({
  page,
}) => {
  await page.goto('/merchants?name=a');

  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/sign-in' && url.searchParams.get('redirect') === '/merchants?name=a',
  );
  await submitSignIn(page);

  await expect(page).toHaveURL((url) => url.pathname === '/merchants' && url.search === '?name=a');
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search by name' })).toHaveValue('a');
});

test('signing out ends the session', async ({ page }) => {
  await signIn(page);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();

  await page.goto('/merchants');
  await expect(page).toHaveURL(
    (url) => url.pathname === '/sign-in' && url.searchParams.get('redirect') === '/merchants',
  );
  await expect(mainNavigation(page)).toBeHidden();
});
