import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_PRODUCTION_STAGE_NAMES } from '../contract/production-stages.ts';
import { captureForDocs } from './pictures.ts';
import { LIST_PAGES, api, localeText, signIn } from './support.ts';

const TABLETS = [
  { width: 800, height: 1280 },
  { width: 1024, height: 768 },
] as const;

// Run with the screenshots project (`npm run screenshots`); the images illustrate the docs.
test.describe('documentation screenshots on a tablet', { tag: '@screenshots' }, () => {
  type Stage = { _id: string; name: string };
  type Language = 'gu' | 'hi';
  test.use({ hasTouch: true, isMobile: false });

  async function openPage(page: Page, language: Language, route: string) {
    await page.goto(route);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  }

  /** `/tasks/list` → `tasks-list`: the page's part of the file name. */
  const pageName = (route: string) => route.slice(1).replaceAll('/', '-');

  /*
   * Every list, the forms, the board and the bill review as a Gujarati or Hindi workshop sees
   * them on its tablets, the board's stages named in its own language (renamed here as its owner
   * would, then put back for the other screenshots).
   */
  for (const language of ['gu', 'hi'] as const) {
    test(`tablet screens at 800 and 1024 px, ${language}`, async ({ page }, testInfo) => {
      test.setTimeout(300_000);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'light'));
      await signIn(page);
      const stages = (await api<{ data: Stage[] }>(page, 'GET', '/api/production/stages')).data;
      const rename = (names: readonly string[]) =>
        api(page, 'PUT', '/api/production/stages', {
          stages: stages.map((stage, index) => ({
            _id: stage._id,
            name: names[index] ?? stage.name,
          })),
        });
      await page.evaluate((value) => localStorage.setItem('language', value), language);
      try {
        await rename(DEFAULT_PRODUCTION_STAGE_NAMES[language]);
        for (const viewport of TABLETS) {
          await page.setViewportSize(viewport);
          const name = (part: string) => `tablet-${viewport.width}-${language}-${part}`;
          for (const route of [...LIST_PAGES, '/orders/create']) {
            await openPage(page, language, route);
            if (route !== '/orders/create') {
              await expect(page.locator('main table tbody tr').first()).toBeVisible();
            }
            await captureForDocs(page, testInfo, name(pageName(route)));
          }

          await openPage(page, language, '/payments');
          await page.getByRole('button', { name: localeText(language, 'payments:add') }).click();
          const form = page.getByRole('dialog');
          await expect(form).toBeVisible();
          // The merchant list opens with the form's first focus; a tap on the title closes it so
          // the picture shows the fields beneath.
          await form.getByRole('heading').first().click();
          await expect(page.getByRole('listbox')).toBeHidden();
          await captureForDocs(page, testInfo, name('payment-form'));

          await openPage(page, language, '/tasks');
          await expect(page.getByRole('article').first()).toBeVisible();
          await captureForDocs(page, testInfo, name('board'));

          await billReview(page, language);
          await captureForDocs(page, testInfo, name('bill-review'));
        }
      } finally {
        await rename(stages.map((stage) => stage.name));
      }
    });
  }

  /** Opens the review of a bill for the demo's first merchant's orders, without issuing it. */
  async function billReview(page: Page, language: Language) {
    await openPage(page, language, '/export-bill-review');
    const orders = page.locator('section[aria-label]').first().getByRole('checkbox');
    await expect(orders.first()).toBeVisible();
    await orders.nth(0).check();
    if ((await orders.count()) > 1) await orders.nth(1).check();
    await page.getByRole('button', { name: localeText(language, 'bills:desk.makeBill') }).click();
    const review = page.getByRole('dialog', { name: localeText(language, 'bills:review.title') });
    const [before] = localeText(language, 'bills:review.number', { number: '@' }).split('@');
    await expect(review.getByText(before ?? '', { exact: false })).toBeVisible();
  }
});
