import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn, toast, uniqueSuffix } from './support.ts';

/** A second person (or the office PC) signed in to the same organization in their own browser. */
async function signedInPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  return page;
}

async function openEditForm(page: Page, suffix: string, name: string) {
  await page.goto('/merchants');
  await page.getByRole('textbox', { name: 'Search by name' }).fill(suffix);
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const form = page.getByRole('dialog', { name: 'Edit merchant' });
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  return form;
}

test('two people save the same merchant: the second sees what changed and keeps theirs', async ({
  browser,
}) => {
  const suffix = uniqueSuffix();
  const name = `Shakti Zari ${suffix}`;
  const first = await signedInPage(browser);
  const second = await signedInPage(browser);

  await first.goto('/merchants');
  await first.getByRole('button', { name: 'Add merchant' }).click();
  const addForm = first.getByRole('dialog', { name: 'Add merchant' });
  await addForm.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await addForm.getByRole('textbox', { name: 'City' }).fill('Surat');
  await addForm.getByRole('button', { name: 'Save' }).click();
  await expect(toast(first, 'Merchant created successfully')).toBeVisible();

  // Both open the merchant as it is now, before either saves.
  const firstForm = await openEditForm(first, suffix, name);
  const secondForm = await openEditForm(second, suffix, name);

  await firstForm.getByRole('textbox', { name: 'City' }).fill('Ahmedabad');
  await firstForm.getByRole('button', { name: 'Save' }).click();
  await expect(toast(first, 'Merchant updated successfully')).toBeVisible();
  await expect(firstForm).toBeHidden();

  await secondForm.getByRole('textbox', { name: 'City' }).fill('Vadodara');
  await secondForm.getByRole('button', { name: 'Save' }).click();
  const conflict = second.getByRole('dialog', { name: 'Someone else saved this record first' });
  await expect(conflict).toBeVisible();
  const cityRow = conflict.getByRole('row').filter({ hasText: 'City' });
  await expect(cityRow.getByRole('cell')).toHaveText(['City', 'Ahmedabad', 'Vadodara']);
  // Nothing was overwritten yet: the first save stands.
  await expect(secondForm.getByRole('textbox', { name: 'City' })).toHaveValue('Vadodara');

  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(toast(second, 'Merchant updated successfully')).toBeVisible();
  await expect(secondForm).toBeHidden();
  const row = second.getByRole('table').getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Vadodara');

  // The first person sees the second person's value once they look again.
  await first.reload();
  await expect(first.getByRole('table').getByRole('row').filter({ hasText: name })).toContainText(
    'Vadodara',
  );
  const stored = await first.request.get(`/api/merchants?name=${encodeURIComponent(suffix)}`);
  const body = (await stored.json()) as { data: { data: { city: string; version: number }[] } };
  expect(body.data.data).toMatchObject([{ city: 'Vadodara', version: 3 }]);

  await first.context().close();
  await second.context().close();
});
