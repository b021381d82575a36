import { expect, test } from '@playwright/test';
import { choose, localeText, mainNavigation, signIn, translationOf } from './support.ts';

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

test.describe('at a desk', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const language of ['gu', 'hi'] as const) {
    test(`the job cards show their buttons' words whole in ${language}`, async ({ page }) => {
      await signIn(page);
      await page.evaluate(`localStorage.setItem('language', '${language}')`);
      await page.goto('/tasks');
      const logWork = localeText(language, 'production:card.logWork');
      await expect(page.locator('main button', { hasText: logWork }).first()).toBeVisible();
      await page.evaluate('document.fonts.ready.then(() => true)');
      // A board column is narrow at a desk; a label cut short there dropped the end of "करें".
      const cut = await page.evaluate<
        string[]
      >(`[...document.querySelectorAll('main .mantine-Button-label')]
        .filter((label) => label.scrollWidth > label.clientWidth)
        .map((label) => label.textContent + ' ' + label.scrollWidth + '/' + label.clientWidth)`);
      expect([...new Set(cut)]).toEqual([]);
    });
  }
});

// The text a filter shows while empty, measured in the field's own font against its content box.
const CUT_PLACEHOLDERS = `(() => {
  const context = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('main [role="search"] input[placeholder]')]
    .filter((input) => input.value === '' && input.getClientRects().length > 0)
    .map((input) => {
      const style = getComputedStyle(input);
      context.font = style.font;
      const text = context.measureText(input.placeholder).width;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { placeholder: input.placeholder, text: Math.ceil(text), room };
    })
    .filter(({ text, room }) => text > room)
    .map(({ placeholder, text, room }) => placeholder + ' ' + text + '/' + room);
})()`;

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 800, height: 1280 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const language of ['en', 'gu', 'hi'] as const) {
      test(`the salary filters show their placeholders whole in ${language}`, async ({ page }) => {
        await signIn(page);
        await page.evaluate(`localStorage.setItem('language', '${language}')`);
        await page.goto('/salary-management');
        const maxAmount = localeText(language, 'worker-salaries:filters.maxAmount');
        await expect(page.getByRole('textbox', { name: maxAmount })).toBeVisible();
        await page.evaluate('document.fonts.ready.then(() => true)');
        expect(await page.evaluate<string[]>(CUT_PLACEHOLDERS)).toEqual([]);
      });
    }
  });
}
