import { expect, type Page, type TestInfo } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Pictures go to the test's output folder, so a test run leaves the checkout clean; with
 * DOC_SCREENSHOTS=1 they go to docs/screenshots for a person to look at.
 */
export function pictureDirectory(testInfo: TestInfo) {
  const root = testInfo.config.configFile
    ? path.dirname(testInfo.config.configFile)
    : process.cwd();
  const directory =
    process.env.DOC_SCREENSHOTS === '1'
      ? path.join(root, 'docs', 'screenshots')
      : testInfo.outputPath('pages');
  mkdirSync(directory, { recursive: true });
  return directory;
}

/**
 * Prints the page as it stands (fonts loaded, print styles on) to a PDF of `size`, checks that it
 * is one page and turns it into `<name>-<page>.png` pictures at `dpi`, replacing an earlier run's.
 * Answers the PDF's path and its page width in points (A4 595, A5 420).
 */
export async function printToPictures(
  page: Page,
  testInfo: TestInfo,
  options: { name: string; size: 'A4' | 'A5'; dpi: number },
) {
  const { name, size, dpi } = options;
  await page.evaluate('document.fonts.ready.then(() => true)');
  await page.emulateMedia({ media: 'print' });
  const pdfPath = testInfo.outputPath(`${name}.pdf`);
  writeFileSync(
    pdfPath,
    await page.pdf({ format: size, preferCSSPageSize: true, printBackground: true }),
  );
  await page.emulateMedia({ media: 'screen' });

  const directory = pictureDirectory(testInfo);
  for (const old of readdirSync(directory).filter((file) => file.startsWith(`${name}-`))) {
    rmSync(path.join(directory, old));
  }
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), pdfPath, path.join(directory, name)]);

  const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
  expect(info, info).toMatch(/^Pages:\s+1$/m);
  const pageWidth = Math.round(Number(/^Page size:\s+([\d.]+) x/m.exec(info)?.[1]));
  return { pdfPath, pageWidth };
}

/** A documentation picture's path: the screenshots project always writes to docs/screenshots. */
export function docsScreenshotPath(testInfo: TestInfo, name: string): string {
  const root = testInfo.config.configFile
    ? path.dirname(testInfo.config.configFile)
    : process.cwd();
  const directory = path.join(root, 'docs', 'screenshots');
  mkdirSync(directory, { recursive: true });
  return path.join(directory, `${name}.png`);
}

/** Waits for the network and the fonts to settle, then takes the documentation picture `name`. */
export async function captureForDocs(
  page: Page,
  testInfo: TestInfo,
  name: string,
  options: { fullPage?: boolean } = {},
) {
  await page.waitForLoadState('networkidle');
  // A string expression: the e2e TypeScript project has no DOM typings.
  await page.evaluate('document.fonts.ready.then(() => true)');
  await page.screenshot({
    path: docsScreenshotPath(testInfo, name),
    animations: 'disabled',
    ...options,
  });
}
