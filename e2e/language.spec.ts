import { expect, test } from '@playwright/test';
import { choose, mainNavigation, signIn, translationOf } from './support.ts';

test('Gujarati stays chosen after a reload', async ({ page }) => {
  const merchantsInGujarati = translationOf('Merchants', 'gu');
  const navigationInGujarati = translationOf('Main navigation', 'gu');

  await signIn(page);
  await choose(page, 'Language', 'ગુજરાતી');
  await expect(page.locator('html')).toHaveAttribute('lang', 'gu');

  await page.reload();

  await expect(page.locator('html')).toHaveAttribute('lang', 'gu');
  const navigation = mainNavigation(page, navigationInGujarati);
  await expect(
    navigation.getByRole('link', { name: merchantsInGujarati, exact: true }),
  ).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Merchants', exact: true })).toHaveCount(0);
});
