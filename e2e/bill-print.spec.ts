import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { FIXTURE_BILL_ID, fixtureBill } from '../src/features/billing/print/bill-fixture.ts';
import { printToPictures } from './pictures.ts';
import { signIn } from './support.ts';

/*
 * The printed bill as Chromium makes it into a PDF, in every language and paper size. The pages
 * are written to docs/screenshots for a person to look at: `bill-<lang>-<size>-<page>.png` from a
 * demo bill the server made (the first of the demo register), `bill-fixture-<lang>-<size>-...`
 * from a hand-made bill with every optional part (UPI QR, bank, terms, three lines), answered in
 * place of `GET /api/bills/:id`. The test itself checks what a machine can: the texts that must
 * be on the page, one PDF page of the chosen size, and every font embedded.
 * `DOC_SCREENSHOTS=1 npx playwright test e2e/bill-print.spec.ts` refreshes the ones in the docs.
 */
const LANGUAGES = ['en', 'gu', 'hi'] as const;
type Language = (typeof LANGUAGES)[number];
const SIZES = ['A4', 'A5'] as const;

const TITLE: Record<Language, string> = {
  en: 'Tax Invoice',
  gu: 'ટેક્સ ઇન્વૉઇસ',
  hi: 'टैक्स इनवॉइस',
};

/** The fixture's total in words: the conjuncts and matras only read right when shaped. */
const FIXTURE_WORDS: Record<Language, string> = {
  en: 'Rupees Thirty Eight Thousand Seven Hundred Twenty Nine Only',
  gu: 'રૂપિયા આડત્રીસ હજાર સાત સો ઓગણત્રીસ પૂરા',
  hi: 'रुपये अड़तीस हज़ार सात सौ उनतीस मात्र',
};

async function serveFixtureBill(page: Page) {
  await page.route(`**/api/bills/${FIXTURE_BILL_ID}`, (route) =>
    route.fulfill({ json: { success: true, data: fixtureBill(), message: 'OK' } }),
  );
}

/**
 * The oldest bill of the demo register, read with the session cookie the sign-in left in the
 * browser context this request shares (a GET needs no CSRF header).
 */
async function firstDemoBill(request: APIRequestContext) {
  const list = await request.get('/api/bills?sort=number&limit=1');
  expect(list.ok(), await list.text()).toBe(true);
  const { data } = (await list.json()) as {
    data: { data: { _id: string; number: string; totalAmount: number }[] };
  };
  const bill = data.data[0];
  expect(bill, 'the demo data has bills').toBeTruthy();
  return bill!;
}

async function printToPngs(
  page: Page,
  testInfo: TestInfo,
  options: { billId: string; language: Language; size: (typeof SIZES)[number]; name: string },
  expectedTexts: string[],
) {
  const { billId, language, size, name } = options;
  await page.goto(`/billing/${billId}/print?paper=${size}&lang=${language}`);
  const sheet = page.getByTestId('bill-document');
  await expect(sheet).toBeVisible();
  for (const text of expectedTexts) await expect(sheet).toContainText(text);
  const { pdfPath, pageWidth } = await printToPictures(page, testInfo, { name, size, dpi: 80 });

  // Chromium embeds the app's variable faces as Type 3 fonts, which carry no family name, so
  // the check is that every font is embedded: nothing is left to the reader's machine.
  const fonts = execFileSync('pdffonts', [pdfPath], { encoding: 'utf8' });
  const fontRows = fonts.split('\n').slice(2).filter(Boolean);
  expect(fontRows.length, fonts).toBeGreaterThan(0);
  expect(
    fontRows.filter((row) => /\sno\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.test(row)),
    fonts,
  ).toEqual([]);
  // A4 is 595 x 842 points, A5 420 x 595.
  expect(pageWidth).toBe(size === 'A4' ? 595 : 420);
}

test.describe('printed bill as PDF', () => {
  test.setTimeout(180_000);

  for (const language of LANGUAGES) {
    test(`prints a demo bill and the full fixture in ${language} on A4 and A5`, async ({
      page,
    }, testInfo) => {
      await serveFixtureBill(page);
      await signIn(page);
      const demoBill = await firstDemoBill(page.request);
      await page.evaluate((value) => localStorage.setItem('language', value), language);

      for (const size of SIZES) {
        await printToPngs(
          page,
          testInfo,
          { billId: demoBill._id, language, size, name: `bill-${language}-${size}` },
          [TITLE[language], demoBill.number],
        );
        await printToPngs(
          page,
          testInfo,
          { billId: FIXTURE_BILL_ID, language, size, name: `bill-fixture-${language}-${size}` },
          [TITLE[language], FIXTURE_WORDS[language]],
        );
        await expect(page.getByTestId('upi-qr')).toBeVisible();
      }
    });
  }

  test('prints the cancelled watermark across the page', async ({ page }, testInfo) => {
    await page.route(`**/api/bills/${FIXTURE_BILL_ID}`, (route) =>
      route.fulfill({
        json: {
          success: true,
          data: fixtureBill({
            status: 'cancelled',
            cancelledAt: '2026-11-21T09:30:00.000Z',
            cancelReason: 'Wrong rate',
          }),
          message: 'OK',
        },
      }),
    );
    await signIn(page);
    await printToPngs(
      page,
      testInfo,
      { billId: FIXTURE_BILL_ID, language: 'en', size: 'A4', name: 'bill-fixture-cancelled-en-A4' },
      ['Cancelled', TITLE.en],
    );
    await expect(page.getByTestId('upi-qr')).toHaveCount(0);
  });
});
