import { expect, test, type Page } from '@playwright/test';
import {
  choose,
  demoAccount,
  localeText,
  mainNavigation,
  signIn,
  uniqueSuffix,
} from './support.ts';

// What the server says in English for the refusals below; none of it may reach a Gujarati user.
const SERVER_MESSAGES = [
  'A design with this code already exists',
  'This merchant has orders and cannot be deleted',
  'Invalid email or password',
  'Validation failed',
];

const gu = (key: string, values?: Record<string, string | number>) => localeText('gu', key, values);

async function expectNoServerEnglish(page: Page) {
  const text = await page.locator('body').innerText();
  for (const message of SERVER_MESSAGES) expect(text).not.toContain(message);
}

async function bearerToken(page: Page): Promise<string> {
  const response = await page.request.post('/api/auth/login', { data: demoAccount });
  const body = (await response.json()) as { data: { token: { accessToken: string } } };
  return body.data.token.accessToken;
}

test('server refusals reach a Gujarati user in Gujarati', async ({ page }) => {
  const code = `GU-${uniqueSuffix()}`;
  const token = await bearerToken(page);
  const created = await page.request.post('/api/designs', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Mor Pankh', designCode: code },
  });
  expect(created.status()).toBe(201);

  await signIn(page);
  await choose(page, 'Language', 'ગુજરાતી');
  await expect(page.locator('html')).toHaveAttribute('lang', 'gu');
  await expect(mainNavigation(page, gu('common:nav.label'))).toBeVisible();

  // A duplicate design code: refused by the server, shown on the field in Gujarati.
  await page.goto('/designs');
  await page.getByRole('button', { name: gu('designs:add') }).click();
  const dialog = page.getByRole('dialog', { name: gu('designs:add') });
  await dialog
    .getByRole('textbox', { name: gu('designs:fields.designCode') })
    .fill(code.toLowerCase());
  await dialog.getByRole('textbox', { name: gu('designs:fields.name'), exact: true }).fill('નકલ');
  await dialog.getByRole('button', { name: gu('ui:actions.save') }).click();
  await expect(dialog.getByText(gu('designs:fieldErrors.designCode.duplicate'))).toBeVisible();
  await expectNoServerEnglish(page);
  await dialog.getByRole('button', { name: gu('ui:actions.cancel') }).click();
  await page
    .getByRole('dialog', { name: gu('ui:unsaved.title') })
    .getByRole('button', { name: gu('ui:unsaved.discard') })
    .click();
  await expect(dialog).toBeHidden();
  // The refused create is not "waiting to be sent".
  await expect(page.getByText(gu('common:offline.pendingBadge_one', { count: 1 }))).toHaveCount(0);

  // A merchant with orders cannot be deleted: the 409 is said in Gujarati.
  // Other tests add merchants without orders; a demo merchant with bills surely has orders.
  await page.goto(`/merchants?name=${encodeURIComponent('Hyderabad Pearl Sarees')}`);
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  const name = (await firstRow.getByRole('cell').first().innerText()).split('\n')[0]!.trim();
  await page.getByRole('button', { name: gu('merchants:actions.delete', { name }) }).click();
  await page
    .getByRole('dialog', { name: gu('merchants:delete.title') })
    .getByRole('button', { name: gu('merchants:delete.confirm'), exact: true })
    .click();
  await expect(page.getByText(gu('merchants:failures.still_referenced')).first()).toBeVisible();
  await expectNoServerEnglish(page);

  // A wrong password at sign-in, after signing out.
  await page.context().clearCookies();
  await page.evaluate('localStorage.removeItem("auth")');
  await page.goto('/sign-in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'gu');
  await page
    .getByRole('textbox', { name: gu('auth:fields.email'), exact: true })
    .fill(demoAccount.email);
  await page.getByLabel(gu('auth:fields.password'), { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: gu('auth:signIn.submit'), exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: gu('auth:failures.unauthenticated') }),
  ).toBeVisible();
  await expectNoServerEnglish(page);
});
