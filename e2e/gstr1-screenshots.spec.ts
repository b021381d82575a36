import { expect, test, type Page, type TestInfo } from '@playwright/test';
import type { Gstr1Summary } from '../contract/gstr1.ts';
import { captureForDocs } from './pictures.ts';
import { api, browserToday, makeOrders, signIn } from './support.ts';

// Run with the screenshots project (`npm run screenshots`); the images illustrate the docs.
test.describe('documentation screenshots of GSTR-1', { tag: '@screenshots' }, () => {
  const capture = (page: Page, testInfo: TestInfo, name: string) =>
    captureForDocs(page, testInfo, name, { fullPage: true });

  /** A bill of its own merchant, so the month has each kind of supply besides the demo's B2B. */
  async function billFor(
    page: Page,
    billDate: string,
    merchant: { name: string; state: string },
    pieces: number,
  ) {
    const { _id: merchantId } = await api<{ _id: string }>(
      page,
      'POST',
      '/api/merchants',
      merchant,
    );
    const orders = await makeOrders(page, {
      merchantId,
      poPrefix: `GST-${merchant.state}-${pieces}`,
      quantities: [pieces],
      orderDate: billDate,
    });
    return api<{ _id: string; version: number }>(page, 'POST', '/api/bills', {
      merchantId,
      orderIds: orders.map((order) => order._id),
      billDate,
    });
  }

  test('the return beside the register on a tablet, gu and hi', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'light'));
    await signIn(page);
    // The demo's busiest month of bills, its registered buyers' B2B supplies already in it.
    const demoBills = await api<{ data: { billDate: string }[] }>(
      page,
      'GET',
      '/api/bills?limit=100&sort=-billDate',
    );
    const perMonth = new Map<string, string[]>();
    for (const { billDate } of demoBills.data) {
      const month = billDate.slice(0, 7);
      perMonth.set(month, [...(perMonth.get(month) ?? []), billDate]);
    }
    const [month, dates] = [...perMonth.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [
      (await browserToday(page)).slice(0, 7),
      [await browserToday(page)],
    ];
    const billDate = dates[0] ?? `${month}-01`;
    await billFor(page, billDate, { name: 'Walk-in Surat', state: '24' }, 40);
    await billFor(page, billDate, { name: 'Mumbai Textiles (unregistered)', state: '27' }, 2500);
    const cancelled = await billFor(page, billDate, { name: 'Cancelled buyer', state: '24' }, 10);
    await api(page, 'POST', `/api/bills/${cancelled._id}/cancel`, { reason: 'Wrong rate' });

    const period = month.split('-').reverse().join('');
    const summary = await api<Gstr1Summary>(page, 'GET', `/api/gst/gstr1/summary?period=${period}`);
    // The demo month's figures, for the record of what the screenshot shows.
    console.log(
      JSON.stringify({
        period,
        sections: summary.sections,
        register: summary.register,
        gstr3b: summary.gstr3b,
      }),
    );

    await page.setViewportSize({ width: 1024, height: 768 });
    for (const language of ['gu', 'hi'] as const) {
      await page.evaluate((value) => localStorage.setItem('language', value), language);
      await page.goto(`/billing/gstr1?period=${period}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('table')).toBeVisible();
      await capture(page, testInfo, `gstr1-${language}`);
    }
  });
});
