import { expect, test } from '@playwright/test';
import { signIn, toast, uniqueSuffix } from './support.ts';

test('creates, filters, edits and deletes a design', async ({ page }) => {
  const suffix = uniqueSuffix();
  const code = `E2E-${suffix}`;
  const name = `Kairi Bel ${suffix}`;
  const renamed = `Kairi Jaal ${suffix}`;

  await signIn(page);
  await page.goto('/designs');
  await expect(page.getByRole('heading', { level: 1, name: 'Designs' })).toBeVisible();
  // The demo catalogue is there.
  await expect(page.getByRole('table', { name: 'Designs' }).getByRole('row')).not.toHaveCount(1);

  await page.getByRole('button', { name: 'Add design' }).click();
  const addForm = page.getByRole('dialog', { name: 'Add design' });
  await addForm.getByRole('textbox', { name: 'Design code' }).fill(code);
  await addForm.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await addForm.getByRole('textbox', { name: /Rate per piece/ }).fill('1250.5');
  await addForm.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Design created successfully')).toBeVisible();
  await expect(addForm).toBeHidden();

  // The same code in other letter case is refused on the code field.
  await page.getByRole('button', { name: 'Add design' }).click();
  const duplicate = page.getByRole('dialog', { name: 'Add design' });
  await duplicate.getByRole('textbox', { name: 'Design code' }).fill(code.toLowerCase());
  await duplicate.getByRole('textbox', { name: 'Name', exact: true }).fill('Copy');
  await duplicate.getByRole('button', { name: 'Save' }).click();
  await expect(duplicate.getByText('A design with this code already exists')).toBeVisible();
  // What was typed is not thrown away without asking.
  await duplicate.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(duplicate).toBeHidden();

  await page.getByRole('textbox', { name: 'Design code' }).fill(code.toLowerCase());
  await expect(page).toHaveURL(/designCode=/);
  const rows = page.getByRole('table', { name: 'Designs' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: name })).toContainText('₹1,250.50');

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const editForm = page.getByRole('dialog', { name: 'Edit design' });
  const nameField = editForm.getByRole('textbox', { name: 'Name', exact: true });
  await expect(nameField).toHaveValue(name);
  await nameField.fill(renamed);
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Design updated successfully')).toBeVisible();
  await expect(rows.filter({ hasText: renamed })).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete design?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Design deleted successfully')).toBeVisible();
  await expect(page.getByText('No designs found')).toBeVisible();

  const response = await page.request.get(`/api/designs?designCode=${encodeURIComponent(code)}`);
  const body = (await response.json()) as { data: { totalCount: number } };
  expect(body.data.totalCount).toBe(0);
});
