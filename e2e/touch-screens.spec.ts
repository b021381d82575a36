import { expect, test, type Page } from '@playwright/test';
import { offerInstall } from './browser-events.ts';
import {
  LIST_PAGES,
  controlsCoveredBy,
  horizontalOverflow,
  mainNavigation,
  signIn,
  smallTargets,
} from './support.ts';
import { TABLET_LANDSCAPE, TABLETS } from './viewports.ts';

// Matches the card before and after it moved into the page flow.
const INSTALL_CARD = '[aria-labelledby="install-prompt-title"]';

async function showInstallCard(page: Page) {
  await offerInstall(page);
  await expect(page.locator(INSTALL_CARD)).toBeVisible({ timeout: 6000 });
}

async function firstBill(page: Page): Promise<{ _id: string; merchantId: string }> {
  const response = await page.request.get('/api/bills?sort=number&limit=1');
  expect(response.ok(), await response.text()).toBe(true);
  const { data } = (await response.json()) as {
    data: { data: { _id: string; merchantId: string }[] };
  };
  expect(data.data[0], 'the demo data has bills').toBeTruthy();
  return data.data[0]!;
}

async function openPaymentForm(page: Page) {
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
  return dialog;
}

for (const viewport of TABLETS) {
  test.describe(`on a ${viewport.width}×${viewport.height} touch tablet`, () => {
    test.use({ viewport, hasTouch: true, isMobile: false });

    test('every control on sign-in, billing, dues and the payment form is at least 44 px', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.goto('/sign-in');
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      expect(await smallTargets(page), '/sign-in').toEqual([]);

      await signIn(page);
      const bill = await firstBill(page);
      for (const route of ['/billing', '/customers', `/customers/${bill.merchantId}`]) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
        expect(await smallTargets(page), route).toEqual([]);
      }
      await page.goto(`/billing/${bill._id}/print`);
      await expect(page.getByTestId('bill-document')).toBeVisible();
      expect(await smallTargets(page), 'bill print').toEqual([]);

      await openPaymentForm(page);
      expect(await smallTargets(page), 'payment form').toEqual([]);
    });

    test('every control on the list pages, the order form and the statement is at least 44 px', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signIn(page);
      const bill = await firstBill(page);
      for (const route of [...LIST_PAGES, '/orders/create', `/customers/${bill.merchantId}`]) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
        if (LIST_PAGES.includes(route as (typeof LIST_PAGES)[number])) {
          await expect(page.locator('main table tbody tr').first()).toBeVisible();
        }
        expect(await smallTargets(page), route).toEqual([]);
      }
      // With a merchant chosen and the split made by hand, every bill's amount box is on screen.
      const dialog = await openPaymentForm(page);
      // Other specs add merchants without bills, so the merchant is picked by an open bill.
      const openBills = await page.request.get('/api/bills?status=unpaid&limit=1');
      const openBill = ((await openBills.json()) as { data: { data: { merchantId: string }[] } })
        .data.data[0];
      expect(openBill, 'the demo data has an unpaid bill').toBeTruthy();
      const merchant = await page.request.get(`/api/merchants/${openBill!.merchantId}`);
      const { name } = ((await merchant.json()) as { data: { name: string } }).data;
      await dialog.getByRole('combobox', { name: /^Merchant/ }).fill(name);
      await page.getByRole('listbox').getByRole('option', { name }).first().click();
      await expect(dialog.getByRole('table', { name: 'Bills settled' })).toBeVisible();
      await dialog.getByRole('checkbox', { name: 'Apply automatically' }).uncheck();
      await expect(
        dialog.getByRole('textbox', { name: /^Amount applied to / }).first(),
      ).toBeEditable();
      expect(await smallTargets(page), 'payment form split by hand').toEqual([]);
    });

    test('the install card covers no control on the orders list, the board or the payment form', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await signIn(page);
      for (const route of ['/orders', '/tasks']) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
        await showInstallCard(page);
        expect(await controlsCoveredBy(page, INSTALL_CARD), route).toEqual([]);
      }

      await page.goto('/payments');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await showInstallCard(page);
      await openPaymentForm(page);
      expect(await controlsCoveredBy(page, INSTALL_CARD), 'payment form').toEqual([]);
      await expect(page.locator(INSTALL_CARD)).toBeHidden();
    });

    test("a field's clear button sits inside the field, its border whole around it", async ({
      page,
    }) => {
      await signIn(page);
      // The analytics period always holds a value, so its clear button is always there.
      const clear = page.getByRole('button', { name: 'Clear Order dates' });
      await expect(clear).toBeVisible();
      const fit = await page.evaluate<{
        outside: number;
        overText: number;
        background: string;
        icon: number;
      }>(`(() => {
        const button = document.querySelector('[aria-label="Clear Order dates"]');
        const input = button.closest('.mantine-Input-wrapper').querySelector('.mantine-Input-input');
        const field = input.getBoundingClientRect();
        const style = getComputedStyle(input);
        const textEnd = field.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
        const box = button.getBoundingClientRect();
        return {
          outside: Math.max(0, box.right - (field.right - 1)),
          overText: Math.max(0, textEnd - box.left),
          background: getComputedStyle(button).backgroundColor,
          icon: button.querySelector('svg').getBoundingClientRect().width,
        };
      })()`);
      expect(fit.outside, 'past the right border').toBe(0);
      expect(fit.overText, 'over the typed text').toBe(0);
      // Mantine paints the button in the field's colour, which over the border erases it.
      expect(fit.background).toBe('rgba(0, 0, 0, 0)');
      // The finger gets 44 px; the cross keeps the size it has with a mouse.
      expect(fit.icon).toBeLessThanOrEqual(16);
    });

    test('the bill preview shows the whole page without sideways scrolling', async ({ page }) => {
      await signIn(page);
      const bill = await firstBill(page);
      for (const paper of ['A4', 'A5']) {
        await page.goto(`/billing/${bill._id}/print?paper=${paper}`);
        const sheet = page.getByTestId('bill-document');
        await expect(sheet).toBeVisible();
        expect(await horizontalOverflow(page), paper).toBe(0);
        const previewOverflow = await page.evaluate<number>(`(() => {
          const preview = document.querySelector('[data-testid="bill-document"]').parentElement;
          return preview.scrollWidth - preview.clientWidth;
        })()`);
        expect(previewOverflow, paper).toBe(0);
        const box = (await sheet.boundingBox())!;
        expect(box.x + box.width, paper).toBeLessThanOrEqual(viewport.width);
      }
    });
  });
}

test.describe('at 1024 px', () => {
  test.use({ viewport: TABLET_LANDSCAPE, hasTouch: true, isMobile: false });

  test('the sidebar hides behind the burger and opens from it', async ({ page }) => {
    await signIn(page);
    const navbar = page.locator('.mantine-AppShell-navbar');
    const closed = (await navbar.boundingBox())!;
    expect(closed.x + closed.width).toBeLessThanOrEqual(80);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(mainNavigation(page).getByRole('link', { name: 'Orders' })).toBeInViewport();
  });
});
