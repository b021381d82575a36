import { expect, test } from '@playwright/test';
import {
  emailField,
  mailCount,
  passwordField,
  readMail,
  registerAccount,
  resetCodeIn,
  submitSignIn,
  toast,
  uniqueEmail,
} from './support.ts';

test('a forgotten password is replaced with the code mailed to the account', async ({ page }) => {
  const account = { email: uniqueEmail('recovery'), password: 'old-zari-password' };
  await registerAccount(page.request, {
    organizationName: 'Recovery Test Works',
    name: 'Nisha Shah',
    ...account,
  });

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/forgot-password');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
  ).toBeVisible();
  await emailField(page).fill(account.email);
  const mailsBefore = mailCount(account.email);
  await page.getByRole('button', { name: 'Send code' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/otp');
  const sent = page.getByText('If an account exists for this email, we have sent a 6-digit code');
  await expect(sent).toContainText(account.email);
  const code = resetCodeIn(await readMail(account.email, { after: mailsBefore }));

  // A reload keeps the address and the countdown.
  await page.reload();
  await expect(sent).toContainText(account.email);
  await expect(page.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();

  // A wrong code is refused on the code boxes, which empty for the next try.
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(wrong);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid or expired code' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused();

  // Typed digit by digit, the focus moves along and the last digit sends the code.
  await page.keyboard.type(code);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('new-zari-password');
  await page.getByLabel('Confirm new password', { exact: true }).fill('new-zari-password');
  await page.getByRole('button', { name: 'Save new password' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/sign-in');
  await expect(toast(page, 'Password changed. Sign in with your new password')).toBeVisible();
  await expect(emailField(page)).toHaveValue(account.email);

  await passwordField(page).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).first(),
  ).toBeVisible();

  await submitSignIn(page, { email: account.email, password: 'new-zari-password' });
  await expect(page).toHaveURL((url) => url.pathname === '/order-analytics');
});

test('an unknown address gets the same answer and no mail', async ({ page }) => {
  const stranger = uniqueEmail('nobody');
  await page.goto('/forgot-password');
  await emailField(page).fill(stranger);
  await page.getByRole('button', { name: 'Send code' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/otp');
  await expect(
    page.getByText('If an account exists for this email, we have sent a 6-digit code'),
  ).toContainText(stranger);
  expect(mailCount(stranger)).toBe(0);
});
