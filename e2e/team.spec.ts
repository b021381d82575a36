import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  horizontalOverflow,
  mainNavigation,
  signIn,
  smallTargets,
  submitSignIn,
  uniqueEmail,
  uniqueSuffix,
} from './support.ts';

interface Member {
  name: string;
  email: string;
  role: 'Admin' | 'Staff';
  password: string;
}

const suffix = uniqueSuffix();
const team: Member[] = [
  { name: `Nilesh Admin ${suffix}`, email: uniqueEmail('admin'), role: 'Admin', password: '' },
  { name: `Meena Staff ${suffix}`, email: uniqueEmail('staff-a'), role: 'Staff', password: '' },
  { name: `Ramesh Staff ${suffix}`, email: uniqueEmail('staff-b'), role: 'Staff', password: '' },
];
const [admin, staff] = team as [Member, Member, Member];

/** Chooses a role in the user dialog (the list's role filter behind it has the same name). */
async function pickRole(page: Page, dialog: Locator, role: string) {
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue(role);
}

/** Adds a member from the Users page with a generated temporary password, and returns it. */
async function addMember(page: Page, member: Member): Promise<string> {
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(member.name);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await pickRole(page, dialog, member.role);
  await dialog.getByRole('button', { name: 'Generate a temporary password' }).click();
  const password = await dialog.getByRole('textbox', { name: 'Temporary password' }).inputValue();
  expect(password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User added')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Users' }).getByText(member.name)).toBeVisible();
  return password;
}

/** Signs in with a temporary password and replaces it, landing on the page first asked for. */
async function signInAndReplacePassword(page: Page, member: Member, newPassword: string) {
  await page.goto('/sign-in');
  await submitSignIn(page, { email: member.email, password: member.password });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await expect(mainNavigation(page)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(member.password);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  member.password = newPassword;
}

async function tabletPage(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 820, height: 1180 },
    hasTouch: true,
    isMobile: false,
  });
  return { context, page: await context.newPage() };
}

test.describe.serial('a team', () => {
  test('the owner adds an admin and two staff from Users', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page);
    await mainNavigation(page).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    for (const member of team) member.password = await addMember(page, member);

    // The new accounts are listed with their roles and have never been seen.
    await page.getByRole('textbox', { name: 'Search by name, email or phone' }).fill(suffix);
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row')).toHaveCount(4);
    const adminRow = table.getByRole('row').filter({ hasText: admin.name });
    await expect(adminRow.getByText('Admin', { exact: true })).toBeVisible();
    await expect(adminRow.getByText('Never')).toBeVisible();
  });

  test('a staff member on a tablet changes the temporary password and sees only what staff may', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { context, page } = await tabletPage(browser);
    expect(await page.evaluate<boolean>(`matchMedia('(pointer: coarse)').matches`)).toBe(true);

    await page.goto('/sign-in');
    await submitSignIn(page, { email: staff.email, password: staff.password });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    // A wrong current password is said on its field, in words.
    await page
      .getByRole('textbox', { name: 'Current password', exact: true })
      .fill('not-the-temporary-one');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(`own-${suffix}`);
    await page
      .getByRole('textbox', { name: 'Confirm new password', exact: true })
      .fill(`own-${suffix}`);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByText('Your current password is not correct')).toBeVisible();

    await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(staff.password);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByText('Your password has been changed')).toBeVisible();
    staff.password = `own-${suffix}`;
    await expect(page).toHaveURL((url) => url.pathname === '/order-analytics');

    // The sidebar is a drawer at this width.
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const nav = mainNavigation(page);
    await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
    for (const name of ['Users', 'Salary management', 'Expenses', 'Bank details']) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    }

    await page.goto('/users');
    await expect(page.getByText('You do not have permission to open this page')).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);

    // Own settings work for staff too, and fit the tablet.
    await page.goto('/settings/security');
    await expect(page.getByRole('table', { name: 'Signed-in devices' })).toBeVisible();
    await expect(page.getByText('This device')).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await context.close();
  });

  test('the owner manages users on a tablet without small targets or sideways scrolling', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const { context, page } = await tabletPage(browser);
    await signIn(page);
    await page.goto('/users');
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByRole('button', { name: 'Generate a temporary password' }).click();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await context.close();
  });

  test('an admin demoted while signed in gets the translated refusal', async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    const { context, page: adminPage } = await tabletPage(browser);
    await signInAndReplacePassword(adminPage, admin, `admin-${suffix}`);
    await expect(adminPage).toHaveURL((url) => url.pathname === '/order-analytics');

    // The owner makes the admin staff; the admin's open app still offers what admins may do.
    await signIn(page);
    await page.goto(`/users?search=${encodeURIComponent(admin.email)}`);
    await page.getByRole('button', { name: `Edit ${admin.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit user' });
    await pickRole(page, dialog, 'Staff');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User updated')).toBeVisible();

    await adminPage.getByRole('button', { name: 'Toggle navigation' }).click();
    // The expenses list may be answered from what the device keeps for offline use; the analysis
    // is always asked of the server, which now refuses.
    await mainNavigation(adminPage).getByRole('link', { name: 'Expense analysis' }).click();
    await expect(
      adminPage.getByText('You do not have permission to do this').first(),
    ).toBeVisible();
    await context.close();
  });
});
