import { expect, test, type Page } from '@playwright/test';
import { billReview, merchantWithOrders, tickOrdersToBill } from './billing-desk.ts';
import {
  LIST_PAGES,
  axeViolations,
  horizontalOverflow,
  localeText,
  makeBill,
  signIn,
  uniqueSuffix,
} from './support.ts';
import { TABLET_LANDSCAPE, TABLET_PORTRAIT } from './viewports.ts';

const WIDTHS = [TABLET_PORTRAIT, TABLET_LANDSCAPE, { width: 1280, height: 800 }] as const;

const rupees = (amount: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(amount);

/**
 * Texts of the row (the first, or the one holding `rowText`) that are not fully on screen and
 * uncovered.
 */
async function hiddenTextsInRow(page: Page, rowText?: string): Promise<string[]> {
  return hiddenTextsIn(
    page,
    `(() => {
      const rows = [...document.querySelectorAll('main table tbody tr')];
      return ${JSON.stringify(rowText ?? null)} === null
        ? rows[0]
        : rows.find((candidate) => candidate.textContent.includes(${JSON.stringify(rowText ?? '')}));
    })()`,
  );
}

/**
 * Texts inside the element `rootScript` evaluates to that are not fully on screen and uncovered:
 * both ends of each text are probed with elementFromPoint, so a text under a pinned column, cut
 * off by its frame or past the window's edge is named.
 */
async function hiddenTextsIn(page: Page, rootScript: string): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const root = ${rootScript};
    if (!root) return ['nothing to check'];
    root.scrollIntoView({ block: 'center' });
    const hidden = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const owner = node.parentElement;
      if (!text || owner.closest('[aria-hidden="true"], .sr-only, [class*="VisuallyHidden"]')) continue;
      // Only the text itself: a trailing space's edge may touch the next element.
      const range = document.createRange();
      const start = node.textContent.indexOf(text);
      range.setStart(node, start);
      range.setEnd(node, start + text.length);
      const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
      if (boxes.length === 0) { hidden.push(text + ' (no box)'); continue; }
      const first = boxes[0];
      const last = boxes[boxes.length - 1];
      for (const [x, y] of [[first.left + 1, first.top + first.height / 2], [last.right - 1, last.top + last.height / 2]]) {
        if (x < 0 || x >= innerWidth || y < 0 || y >= innerHeight) { hidden.push(text + ' (off screen)'); break; }
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(hit === owner || owner.contains(hit) || hit.contains(owner) && hit.closest('td, th') === owner.closest('td, th'))) {
          hidden.push(text + ' (covered by ' + (hit ? hit.tagName + '.' + hit.className : 'nothing') + ')');
          break;
        }
      }
    }
    return hidden;
  })()`);
}

/** How far any list's table scrolls sideways inside its frame. */
async function tableOverflow(page: Page): Promise<number> {
  return page.evaluate<number>(`Math.max(0, ...[...document.querySelectorAll('main [data-fold-level] table')].map(
    (table) => table.parentElement.scrollWidth - table.parentElement.clientWidth))`);
}

async function openList(page: Page, route: string) {
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main table tbody tr').first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

test.describe('lists on a tablet with touch', () => {
  test.use({ hasTouch: true, isMobile: false });

  for (const size of WIDTHS) {
    test(`the money columns of a known bill stay in view at ${size.width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await signIn(page);
      const suffix = uniqueSuffix();
      const { merchantName, orders, bill } = await makeBill(page, {
        merchantName: `Layout Traders ${suffix}`,
        poPrefix: `LAY-${suffix}`,
      });
      const checks: { route: string; row: string; texts: string[] }[] = [
        {
          route: `/billing?number=${encodeURIComponent(bill.number)}`,
          row: bill.number,
          texts: [bill.number, merchantName, rupees(bill.balance), 'Unpaid'],
        },
        {
          route: `/orders?poNumber=${encodeURIComponent(orders[0]!.poNumber)}`,
          row: orders[0]!.poNumber,
          texts: [orders[0]!.poNumber, merchantName, rupees(450)],
        },
        { route: '/customers', row: merchantName, texts: [merchantName, rupees(bill.balance)] },
      ];
      for (const { route, row, texts } of checks) {
        await openList(page, route);
        const line = page.locator('main table tbody tr', { hasText: row });
        for (const text of texts) await expect(line, route).toContainText(text);
        expect(await hiddenTextsInRow(page, row), route).toEqual([]);
        expect(await horizontalOverflow(page), route).toBe(0);
        expect(await tableOverflow(page), route).toBe(0);
      }
      await openList(page, `/orders?poNumber=${encodeURIComponent(orders[0]!.poNumber)}`);
      const paid = page.getByRole('switch', { name: `Paid: ${orders[0]!.poNumber}` });
      const box = await paid.locator('xpath=..').boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
    });

    test(`every list keeps its first row in view at ${size.width} px`, async ({ page }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(size);
      await signIn(page);
      for (const route of LIST_PAGES) {
        await openList(page, route);
        expect(await hiddenTextsInRow(page), route).toEqual([]);
        expect(await horizontalOverflow(page), route).toBe(0);
        expect(await tableOverflow(page), route).toBe(0);
      }
    });
  }
});

test.describe('lists at every width between a tablet and a desktop', () => {
  test.use({ hasTouch: true, isMobile: false });

  // Column widths are fractional: at some window widths the table rounds one pixel past its box,
  // which a user sees as a sideways scroll bar. Sweeping the widths one by one meets those.
  test('the orders and bills tables never scroll sideways while the window narrows or widens', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1320, height: 800 });
    await signIn(page);
    const widths = Array.from({ length: 61 }, (_, step) => 1320 - step * 9);
    for (const route of ['/orders', '/billing']) {
      await openList(page, route);
      const overflowAt: string[] = [];
      for (const width of [...widths, ...widths.toReversed()]) {
        await page.setViewportSize({ width, height: 800 });
        await expect
          .poll(() => page.locator('main [data-fold-level]').getAttribute('data-fold-level'))
          .not.toBeNull();
        await page.evaluate(
          'new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)))',
        );
        const overflow = await tableOverflow(page);
        if (overflow > 0) overflowAt.push(`${width} px: ${overflow}`);
      }
      expect(overflowAt, route).toEqual([]);
    }
  });
});

test.describe('printed pages and summaries on a tablet with touch', () => {
  test.use({ hasTouch: true, isMobile: false });

  for (const size of [WIDTHS[0], WIDTHS[1]]) {
    test(`the statement preview fits the screen at ${size.width} px`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page);
      const response = await page.request.get('/api/bills?sort=number&limit=1');
      const { data } = (await response.json()) as { data: { data: { merchantId: string }[] } };
      await page.goto(`/customers/${data.data[0]!.merchantId}`);
      const sheet = page.locator('main article[data-paper]');
      await expect(sheet.locator('tfoot')).toBeVisible();
      expect(await horizontalOverflow(page)).toBe(0);
      const previewOverflow = await page.evaluate<number>(`(() => {
        const preview = document.querySelector('main article[data-paper]').parentElement;
        return preview.scrollWidth - preview.clientWidth;
      })()`);
      expect(previewOverflow).toBe(0);
      const box = (await sheet.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      for (const part of ['header', 'section', 'thead', 'tfoot']) {
        const root = `document.querySelector('main article[data-paper] ${part}')`;
        expect(await hiddenTextsIn(page, root), part).toEqual([]);
      }
    });
  }

  test('the wages by worker stay inside an 800 px screen in gu and hi', async ({ page }) => {
    await page.setViewportSize(WIDTHS[0]);
    await signIn(page);
    for (const language of ['gu', 'hi'] as const) {
      await page.evaluate((value) => localStorage.setItem('language', value), language);
      await openList(page, '/salary-management');
      const label = localeText(language, 'worker-salaries:wages.tableLabel');
      await expect(page.getByRole('table', { name: label })).toBeVisible();
      expect(await horizontalOverflow(page), language).toBe(0);
      const wages = `document.querySelector(${JSON.stringify(`main table[aria-label="${label}"]`)})`;
      expect(await hiddenTextsIn(page, wages), language).toEqual([]);
    }
  });
});

test.describe('axe on a tablet with touch', () => {
  test.use({ hasTouch: true, isMobile: false });

  for (const size of [WIDTHS[0], WIDTHS[1]]) {
    test(`no WCAG 2.1 AA violations on the lists at ${size.width} px`, async ({ page }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(size);
      await signIn(page);
      for (const route of LIST_PAGES) {
        await openList(page, route);
        expect(await axeViolations(page), route).toEqual([]);
      }
    });

    test(`no WCAG 2.1 AA violations on the board, the forms and the bill review at ${size.width} px`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(size);
      await signIn(page);
      await page.goto('/tasks');
      await expect(page.getByRole('article').first()).toBeVisible();
      expect(await axeViolations(page), 'board').toEqual([]);

      await page.goto('/orders/create');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await axeViolations(page), 'order form').toEqual([]);

      await page.goto('/payments');
      await page.getByRole('button', { name: 'Record payment' }).click();
      const payment = page.getByRole('dialog', { name: 'Record payment' });
      await expect(payment.getByRole('button', { name: 'Save' })).toBeVisible();
      expect(await axeViolations(page), 'payment form').toEqual([]);

      const suffix = uniqueSuffix();
      const { orders } = await merchantWithOrders(page, {
        name: `Axe Traders ${suffix}`,
        poPrefix: `AXE-${suffix}`,
        quantities: [5],
      });
      await tickOrdersToBill(page, orders);
      await page.getByRole('button', { name: 'Make bill' }).click();
      const review = billReview(page);
      await expect(review.getByText(/^Will be numbered about /)).toBeVisible();
      expect(await axeViolations(page), 'bill review').toEqual([]);
    });
  }
});
