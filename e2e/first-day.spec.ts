import { expect, test, type Page } from '@playwright/test';
import { api, localeText, readMail, signUpCodeIn, translationOf, uniqueEmail } from './support.ts';

const PASSWORD = 'zari-work-2025';

/** Signs up on the sign-up page shown in `language`, confirming with the mailed code. */
async function signUpIn(page: Page, language: 'gu' | 'hi', organizationName: string) {
  await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
  const email = uniqueEmail(`first-day-${language}`);
  await page.goto('/sign-up');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page
    .getByRole('textbox', { name: translationOf('Organization name', language) })
    .fill(organizationName);
  await page
    .getByRole('textbox', { name: translationOf('Your name', language) })
    .fill('Meera Patel');
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').first().fill(PASSWORD);
  await page.getByRole('button', { name: translationOf('Create account', language) }).click();
  const code = signUpCodeIn(await readMail(email));
  await page
    .getByRole('textbox', { name: translationOf('Code from the email', language) })
    .fill(code);
  await page.getByRole('button', { name: translationOf('Finish sign-up', language) }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/order-analytics');
}

const checklist = (page: Page) => page.getByTestId('setup-checklist');
const step = (page: Page, name: string) => checklist(page).locator(`[data-step="${name}"]`);

test('a Gujarati sign-up lands on the checklist in Gujarati, which ticks steps and can be put away', async ({
  page,
}) => {
  await signUpIn(page, 'gu', 'નવરંગ એમ્બ્રોઇડરી');

  await expect(
    checklist(page).getByRole('heading', { name: localeText('gu', 'setup:title') }),
  ).toBeVisible();
  await expect(checklist(page).locator('[data-step]')).toHaveCount(8);
  await expect(
    checklist(page)
      .getByText(localeText('gu', 'setup:progress', { done: 0, total: 8 }))
      .first(),
  ).toBeVisible();
  // No orders at all: the landing leads to the first order instead of "widen the dates".
  await expect(page.getByText(localeText('gu', 'order-analytics:firstOrder.title'))).toBeVisible();
  await expect(page.getByText(localeText('gu', 'order-analytics:empty.title'))).toHaveCount(0);

  // Two steps done: a merchant through the API, the install step by hand on this device.
  await api(page, 'POST', '/api/merchants', { name: 'સુરત સિલ્ક' });
  await page.reload();
  await expect(step(page, 'merchants')).toHaveAttribute('data-done', 'true');
  await step(page, 'install')
    .getByRole('button', { name: localeText('gu', 'setup:markDone') })
    .click();
  await expect(step(page, 'install')).toHaveAttribute('data-done', 'true');
  await expect(
    checklist(page)
      .getByText(localeText('gu', 'setup:progress', { done: 2, total: 8 }))
      .first(),
  ).toBeVisible();
  await expect(step(page, 'designs')).toHaveAttribute('data-done', 'false');

  // Billing says what the profile lacks before the first bill.
  await page.goto('/billing');
  const readiness = page.getByTestId('billing-readiness');
  await expect(readiness).toBeVisible();
  await expect(readiness).toContainText(localeText('gu', 'setup:readiness.gaps.gstin'));
  await expect(readiness).toContainText(localeText('gu', 'setup:readiness.gaps.address'));
  await expect(
    readiness.getByRole('link', { name: localeText('gu', 'setup:readiness.action') }),
  ).toHaveAttribute('href', '/settings/account');

  await page.goto('/order-analytics');
  await checklist(page)
    .getByRole('button', { name: localeText('gu', 'setup:dismiss') })
    .click();
  await expect(checklist(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(localeText('gu', 'order-analytics:firstOrder.title'))).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
});

for (const language of ['gu', 'hi'] as const) {
  test(`screenshots of the first day in ${language}, desktop and tablet`, async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'light'));
    await signUpIn(page, language, language === 'gu' ? 'નવરંગ એમ્બ્રોઇડરી' : 'नवरंग एम्ब्रॉयडरी');
    await api(page, 'POST', '/api/merchants', { name: 'Surat Silk Emporium' });
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['tablet', { width: 800, height: 1280 }],
      ['tablet-landscape', { width: 1024, height: 768 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.reload();
      await expect(step(page, 'merchants')).toHaveAttribute('data-done', 'true');
      await expect(
        page.getByText(localeText(language, 'order-analytics:firstOrder.title')),
      ).toBeVisible();
      await page.screenshot({
        path: `docs/screenshots/first-day-${language}-${device}.png`,
        fullPage: true,
      });
    }
  });
}
