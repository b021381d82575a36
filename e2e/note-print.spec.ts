import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { FIXTURE_NOTE_ID, fixtureCreditNote } from '../src/features/billing/print/note-fixture.ts';
import { printToPictures } from './pictures.ts';
import { signIn } from './support.ts';

/*
 * The printed credit note as Chromium makes it into a PDF: `credit-note-<lang>-<size>-<page>.png`
 * in docs/screenshots (with DOC_SCREENSHOTS=1) for a person to look at, from the fixture note
 * answered in place of `GET /api/bill-notes/:id`. The test checks the title, the original
 * invoice's number and one page of the chosen size.
 */
const TITLE = { en: 'Credit Note', gu: 'ક્રેડિટ નોટ', hi: 'क्रेडिट नोट' } as const;
type Language = keyof typeof TITLE;
const PRINTS: { language: Language; size: 'A4' | 'A5' }[] = [
  { language: 'en', size: 'A4' },
  { language: 'gu', size: 'A4' },
  { language: 'hi', size: 'A4' },
  { language: 'gu', size: 'A5' },
];

async function printNote(page: Page, testInfo: TestInfo, language: Language, size: 'A4' | 'A5') {
  const name = `credit-note-${language}-${size}`;
  await page.goto(`/billing/notes/${FIXTURE_NOTE_ID}/print?paper=${size}&lang=${language}`);
  const sheet = page.getByTestId('note-document');
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(TITLE[language]);
  await expect(sheet).toContainText('INV/2026-27/0042');
  await printToPictures(page, testInfo, { name, size, dpi: 60 });
}

test('prints a credit note naming the original invoice, in en, gu and hi', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.route(`**/api/bill-notes/${FIXTURE_NOTE_ID}`, (route) =>
    route.fulfill({ json: { success: true, data: fixtureCreditNote(), message: 'OK' } }),
  );
  await signIn(page);
  for (const { language, size } of PRINTS) {
    await page.evaluate((value) => localStorage.setItem('language', value), language);
    await printNote(page, testInfo, language, size);
  }
});
