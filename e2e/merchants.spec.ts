import { expect, test } from '@playwright/test';
import { signIn, toast, uniqueSuffix } from './support.ts';

test('creates, edits and deletes a merchant', async ({ page }) => {
  const suffix = uniqueSuffix();
  const name = `Rangoli Textiles ${suffix}`;
  const renamed = `Rangoli Silk House ${suffix}`;

  await signIn(page);
  await page.goto('/merchants');
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();

  await page.getByRole('button', { name: 'Add merchant' }).click();
  const addForm = page.getByRole('dialog', { name: 'Add merchant' });
  await addForm.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await addForm.getByRole('textbox', { name: 'Contact person' }).fill('Harish Shah');
  await addForm.getByRole('textbox', { name: 'Phone' }).fill('9825012345');
  await addForm.getByRole('textbox', { name: 'City' }).fill('Surat');
  await addForm.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Merchant created successfully')).toBeVisible();
  await expect(addForm).toBeHidden();

  const search = page.getByRole('textbox', { name: 'Search by name' });
  await search.fill(suffix);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: name })).toHaveCount(1);
  await expect(rows.filter({ hasText: name })).toContainText('Surat');

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const editForm = page.getByRole('dialog', { name: 'Edit merchant' });
  const nameField = editForm.getByRole('textbox', { name: 'Name', exact: true });
  await expect(nameField).toHaveValue(name);
  await nameField.fill(renamed);
  await editForm.getByRole('textbox', { name: 'City' }).fill('Ahmedabad');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Merchant updated successfully')).toBeVisible();
  await expect(editForm).toBeHidden();
  await expect(rows.filter({ hasText: renamed })).toContainText('Ahmedabad');
  await expect(rows.filter({ hasText: name })).toHaveCount(0);

  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete merchant?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Merchant deleted successfully')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No merchants found')).toBeVisible();

  // The deletion reached the server, not only the cached page (the session cookie authenticates).
  const response = await page.request.get(`/api/merchants?name=${encodeURIComponent(suffix)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { totalCount: number } };
  expect(body.data.totalCount).toBe(0);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search by name' })).toHaveValue(suffix);
  await expect(page.getByText('No merchants found')).toBeVisible();
});
