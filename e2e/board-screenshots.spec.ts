import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_PRODUCTION_STAGE_NAMES } from '../contract/production.ts';
import { api, signIn } from './support.ts';

// Run with the screenshots project (`npm run screenshots`); the images illustrate the docs.
test.describe('documentation screenshots of the board', { tag: '@screenshots' }, () => {
  type Stage = { _id: string; name: string };

  function screenshotPath(testInfo: TestInfo, name: string): string {
    const root = testInfo.config.configFile
      ? path.dirname(testInfo.config.configFile)
      : process.cwd();
    const directory = path.join(root, 'docs', 'screenshots');
    mkdirSync(directory, { recursive: true });
    return path.join(directory, `${name}.png`);
  }

  async function capture(page: Page, testInfo: TestInfo, name: string) {
    await page.waitForLoadState('networkidle');
    // A string expression: the e2e TypeScript project has no DOM typings.
    await page.evaluate('document.fonts.ready.then(() => true)');
    await page.screenshot({ path: screenshotPath(testInfo, name), animations: 'disabled' });
  }

  /*
   * The board as a Gujarati or Hindi workshop sees it on its tablet, the stages named in its own
   * language (renamed here as its owner would, then put back for the other screenshots).
   */
  test('production board on a tablet, gu and hi', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
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
    try {
      for (const language of ['gu', 'hi'] as const) {
        await rename(DEFAULT_PRODUCTION_STAGE_NAMES[language]);
        await page.evaluate((value) => localStorage.setItem('language', value), language);
        for (const [width, height] of [
          [1024, 768],
          [800, 1280],
        ] as const) {
          await page.setViewportSize({ width, height });
          await page.goto('/tasks');
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.getByRole('article').first()).toBeVisible();
          await capture(page, testInfo, `production-board-${language}-${width}x${height}`);
        }
      }
    } finally {
      await rename(stages.map((stage) => stage.name));
    }
  });
});
