import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { makeMerchant, makeOrders, signIn, uniqueSuffix } from './support.ts';

async function apiGet<T>(page: Page, url: string) {
  const response = await page.request.get(url);
  expect(response.ok(), `GET ${url}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Twenty merchants, two of them wrong: row 6 has no name, row 13 a broken email. */
function merchantsCsv(suffix: string) {
  const lines = ['Name,Contact person,Email,City'];
  for (let index = 0; index < 20; index += 1) {
    const name = index === 4 ? '' : `Import ${suffix} ${index}`;
    const email = index === 11 ? 'not-an-email' : '';
    lines.push(`${name},Asha,${email},Surat`);
  }
  return `${lines.join('\n')}\n`;
}

test.describe('data in and out', () => {
  test('the orders list downloads as CSV exactly as the API lists it', async ({ page }) => {
    test.setTimeout(60_000);
    const suffix = uniqueSuffix();
    await signIn(page);
    // Orders of a merchant of its own, so tests running alongside, which move the demo's orders
    // between statuses, cannot change the list between the API's answer and the download. Other
    // statuses sit between the in-progress ones, so the filter has rows to leave out.
    const { merchantId } = await makeMerchant(page, { name: `CSV E2E ${suffix}` });
    const inProgress: string[] = [];
    for (const [group, status] of [
      ['A', 'in_progress'],
      ['P', 'pending'],
      ['B', 'in_progress'],
      ['C', 'completed'],
    ] as const) {
      const made = await makeOrders(page, {
        merchantId,
        poPrefix: `CSV/${suffix}/${group}`,
        quantities: status === 'in_progress' ? [1, 2, 3, 4, 5, 6] : [7, 8],
        status,
      });
      if (status === 'in_progress') inProgress.push(...made.map((order) => order.poNumber));
    }

    await page.goto(`/orders?merchantId=${merchantId}&status=in_progress`);
    // Small pages, so the list the file is compared with is put together from several.
    const listed: string[] = [];
    for (let pageNumber = 1; ; pageNumber += 1) {
      const result = await apiGet<{ data: { poNumber: string }[]; hasNextPage: boolean }>(
        page,
        `/api/orders?merchantId=${merchantId}&status=in_progress&limit=5&page=${pageNumber}`,
      );
      listed.push(...result.data.map((order) => order.poNumber));
      if (!result.hasNextPage) break;
    }
    expect([...listed].sort()).toEqual([...inProgress].sort());

    const link = page.getByRole('link', { name: 'Download CSV' });
    await expect(link).toHaveAttribute('href', /^\/api\/orders\/export\.csv\?/);
    const href = new URL((await link.getAttribute('href')) ?? '', 'http://app.test');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      merchantId,
      status: 'in_progress',
      lang: 'en',
    });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [headers, ...rows] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    const po = headers!.indexOf('PO number');
    const status = headers!.indexOf('Status');
    expect(rows.map((row) => row[po])).toEqual(listed);
    expect(new Set(rows.map((row) => row[status]))).toEqual(new Set(['In progress']));
  });

  test('imports merchants from a CSV: 18 saved, the 2 bad rows named', async ({ page }) => {
    const suffix = uniqueSuffix();
    await signIn(page);
    await page.goto('/apps/import');
    await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'merchants.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(merchantsCsv(suffix)),
    });
    await expect(page.getByTestId('import-summary')).toHaveText(
      '18 of 20 rows are ready to import.',
    );
    // Matched by header name.
    await expect(page.getByRole('combobox', { name: 'Email' })).toHaveValue('Email');
    const preview = page.getByRole('table', { name: 'Rows of the file' });
    await expect(preview.getByRole('row').filter({ hasText: /^6/ })).toContainText(
      'Name: This field is required',
    );

    await page.getByRole('button', { name: 'Import the ready rows' }).click();
    const result = page.getByRole('status').filter({ hasText: 'Imported: 18' });
    await expect(result).toBeVisible();
    const notImported = result.getByRole('table', { name: 'Rows not imported' });
    await expect(notImported.getByRole('row')).toHaveText([
      /Row 6\s*Name: This field is required/,
      /Row 13\s*Email: Enter a valid email address/,
    ]);

    const saved = await apiGet<{ totalCount: number }>(
      page,
      `/api/merchants?name=${encodeURIComponent(`Import ${suffix}`)}`,
    );
    expect(saved.totalCount).toBe(18);
  });
});
