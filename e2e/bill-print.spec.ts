import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURE_BILL_ID, fixtureBill } from '../src/features/bills/print/bill-fixture.ts';
import { signIn } from './support.ts';

/*
 * The printed bill as Chromium makes it into a PDF, in every language and paper size. The pages
 * are written to docs/screenshots/bill-<lang>-<size>-<page>.png for a person to look at; the test
 * itself checks what a machine can: the texts that must be on the page, one PDF page per bill of
 * the chosen size, and every font embedded.
 *
 * The bill comes from a fixture answered in place of `GET /api/bills/:id`, with a real signed-in
 * session and the production build: what is checked here is the layout, not how bills are made
 * (the server's own tests cover that).
 */
const LANGUAGES = ['en', 'gu', 'hi'] as const;
const SIZES = ['A4', 'A5'] as const;

/** Words that only shape correctly with the script's conjuncts and matras. */
const EXPECTED_TEXT: Record<(typeof LANGUAGES)[number], string[]> = {
  en: ['Tax Invoice', 'Rupees Thirty Eight Thousand Seven Hundred Twenty Nine Only'],
  gu: ['ટેક્સ ઇન્વૉઇસ', 'રૂપિયા આડત્રીસ હજાર સાત સો ઓગણત્રીસ પૂરા'],
  hi: ['टैक्स इनवॉइस', 'रुपये अड़तीस हज़ार सात सौ उनतीस मात्र'],
};

function screenshotDirectory(testInfo: TestInfo) {
  const root = testInfo.config.configFile
    ? path.dirname(testInfo.config.configFile)
    : process.cwd();
  const directory = path.join(root, 'docs', 'screenshots');
  mkdirSync(directory, { recursive: true });
  return directory;
}

async function serveFixtureBill(page: Page) {
  await page.route(`**/api/bills/${FIXTURE_BILL_ID}`, (route) =>
    route.fulfill({ json: { success: true, data: fixtureBill(), message: 'OK' } }),
  );
}

test.describe('printed bill as PDF', () => {
  test.setTimeout(120_000);

  for (const language of LANGUAGES) {
    test(`prints in ${language} on A4 and A5 with every font embedded`, async ({
      page,
    }, testInfo) => {
      await serveFixtureBill(page);
      await signIn(page);
      await page.evaluate((value) => localStorage.setItem('language', value), language);
      const directory = screenshotDirectory(testInfo);

      for (const size of SIZES) {
        await page.goto(`/billing/${FIXTURE_BILL_ID}/print?paper=${size}&lang=${language}`);
        const sheet = page.getByTestId('bill-document');
        await expect(sheet).toBeVisible();
        await expect(page.getByTestId('upi-qr')).toBeVisible();
        for (const text of EXPECTED_TEXT[language]) await expect(sheet).toContainText(text);
        await page.evaluate('document.fonts.ready.then(() => true)');
        await page.emulateMedia({ media: 'print' });

        const pdfPath = testInfo.outputPath(`bill-${language}-${size}.pdf`);
        writeFileSync(
          pdfPath,
          await page.pdf({ format: size, preferCSSPageSize: true, printBackground: true }),
        );
        await page.emulateMedia({ media: 'screen' });

        const prefix = `bill-${language}-${size}`;
        for (const old of readdirSync(directory).filter((name) => name.startsWith(`${prefix}-`))) {
          rmSync(path.join(directory, old));
        }
        execFileSync('pdftoppm', ['-png', '-r', '80', pdfPath, path.join(directory, prefix)]);

        // Chromium embeds the app's variable faces as Type 3 fonts, which carry no family name,
        // so the check is that every font is embedded: nothing is left to the reader's machine.
        const fonts = execFileSync('pdffonts', [pdfPath], { encoding: 'utf8' });
        const fontRows = fonts.split('\n').slice(2).filter(Boolean);
        expect(fontRows.length, fonts).toBeGreaterThan(0);
        expect(
          fontRows.filter((row) => /\sno\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.test(row)),
          fonts,
        ).toEqual([]);
        const text = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' });
        expect(text).toContain('24AAAFA1234B1Z2');
        const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
        expect(info, info).toMatch(/^Pages:\s+1$/m);
        const pageSize = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info);
        // A4 is 595 x 842 points, A5 420 x 595.
        const expectedWidth = size === 'A4' ? 595 : 420;
        expect(Math.round(Number(pageSize?.[1]))).toBe(expectedWidth);
      }
    });
  }
});
