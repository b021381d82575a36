import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { startAppServer, type RunningAppServer } from './app-server.ts';
import {
  choose,
  emailField,
  finishSignUpFromMail,
  localeText,
  passwordField,
  signIn,
  uniqueEmail,
} from './support.ts';

/**
 * The proof that a backup is one: downloaded through the page here, restored through the page on
 * a second, empty server (a new machine), the figures a person checks read the same there.
 */

let secondServer: Promise<RunningAppServer> | undefined;

test.afterAll(async () => {
  const running = await secondServer?.catch(() => undefined);
  await running?.stop();
});

interface Figures {
  analytics: string;
  duesTotals: string;
  duesRows: number;
  billingTotals: string;
  billingCount: string;
}

/** What the owner reads on order analytics, the dues book and the billing register. */
async function readFigures(page: Page): Promise<Figures> {
  await page.goto('/order-analytics');
  const totals = page.getByRole('group', { name: 'Totals' });
  for (const card of ['orders', 'quantity', 'amount', 'paid', 'unpaid']) {
    await expect(totals.getByTestId(`total-${card}`)).toHaveText(/\d/);
  }
  const analytics = await totals.innerText();

  await page.goto('/customers');
  const dues = page.getByRole('table', { name: 'Dues book' });
  await expect(dues.locator('tfoot')).toContainText(/\d/);
  // The figures, not the layout: while the table settles its width an empty action cell may
  // or may not be drawn at the row's end.
  const duesTotals = (await dues.locator('tfoot').innerText())
    .split('\t')
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '')
    .join(' | ');
  const duesRows = await dues.locator('tbody tr').count();

  await page.goto('/billing');
  const billing = page.getByRole('region', { name: 'Totals of this page' });
  await expect(billing).toContainText(/\d/);
  const billingCount = page.getByText(/^Showing \S+ of \S+$/);
  await expect(billingCount).toBeVisible();
  return {
    analytics,
    duesTotals,
    duesRows,
    billingTotals: await billing.innerText(),
    billingCount: await billingCount.innerText(),
  };
}

async function downloadBackup(page: Page): Promise<string> {
  await page.goto('/apps/backup');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download backup' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^karkhana-backup-\d{4}-\d{2}-\d{2}\.json$/);
  return readFile(await download.path(), 'utf8');
}

/** Picks the file on the backup page and confirms; the page then shows the outcome. */
async function restore(page: Page, file: { name: string; text: string }, labels = english) {
  await page.goto('/apps/backup');
  await page.locator('input[type="file"]').setInputFiles({
    name: file.name,
    mimeType: 'application/json',
    buffer: Buffer.from(file.text),
  });
  await page.getByRole('button', { name: labels.restore, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: labels.confirmTitle });
  // The file's date, read from its first bytes.
  await expect(dialog).toContainText(/20\d\d/);
  await dialog.getByRole('button', { name: labels.restore, exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
}

const english = {
  restore: localeText('en', 'data-io:backup.restore.action'),
  confirmTitle: localeText('en', 'data-io:backup.restore.confirmTitle'),
};

test('a backup downloaded here restores on a new server with the same figures', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // Started first: the second server boots its own PostgreSQL while this one is read.
  secondServer = startAppServer({ smtpPort: Number(process.env.E2E_SMTP_PORT), seedDemo: false });
  void secondServer.catch(() => undefined);

  await signIn(page);
  // Other tests write to the demo organization too: the figures are taken when they read the
  // same just before and just after the download.
  let here: Figures | undefined;
  let backup = '';
  for (let attempt = 0; attempt < 3 && !here; attempt += 1) {
    const before = await readFigures(page);
    backup = await downloadBackup(page);
    const after = await readFigures(page);
    if (JSON.stringify(before) === JSON.stringify(after)) here = after;
  }
  expect(here, 'the demo organization held still around the download').toBeDefined();
  // Figures worth comparing: orders with value, merchants who owe, bills on the register.
  expect(here!.analytics).toMatch(/[1-9]/);
  expect(here!.duesRows).toBeGreaterThan(1);
  expect(here!.billingTotals).toMatch(/[1-9]/);
  const document = JSON.parse(backup) as { format: string; version: number };
  expect(document.format).toBe('karkhana-backup');

  const server = await secondServer;
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: 'en-US',
    timezoneId: 'Asia/Kolkata',
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  const there = await context.newPage();
  try {
    const email = uniqueEmail('restore');
    await there.goto('/sign-up');
    await there.getByRole('textbox', { name: 'Organization name' }).fill('Restored Embroidery');
    await there.getByRole('textbox', { name: 'Your name' }).fill('Kiran Shah');
    await emailField(there).fill(email);
    await passwordField(there).fill('restore-from-file');
    await there.getByRole('button', { name: 'Create account' }).click();
    await finishSignUpFromMail(there, email);
    await expect(there).toHaveURL((url) => url.pathname === '/order-analytics');

    await restore(there, { name: 'karkhana-backup.json', text: backup });
    await expect(there.getByRole('status').filter({ hasText: 'Backup restored' })).toContainText(
      /Backup restored: [\d,]+ records\./,
    );
    // On a new server every email is free: nobody is left out.
    await expect(there.getByText(/were not restored/)).toHaveCount(0);

    expect(await readFigures(there)).toEqual(here);

    // The refusals, in the language the owner reads.
    await choose(there, 'Language', 'ગુજરાતી');
    await expect(there.locator('html')).toHaveAttribute('lang', 'gu');
    const gujarati = {
      restore: localeText('gu', 'data-io:backup.restore.action'),
      confirmTitle: localeText('gu', 'data-io:backup.restore.confirmTitle'),
    };
    const newer = JSON.stringify({ ...document, version: document.version + 1 });
    await restore(there, { name: 'karkhana-backup-newer.json', text: newer }, gujarati);
    await expect(there.getByRole('alert')).toHaveText(
      localeText('gu', 'ui:failures.backup_newer_version'),
    );
    await restore(there, { name: 'karkhana-backup.json', text: backup }, gujarati);
    await expect(there.getByRole('alert')).toHaveText(
      localeText('gu', 'ui:failures.organization_not_empty'),
    );
  } finally {
    await context.close();
  }
});
