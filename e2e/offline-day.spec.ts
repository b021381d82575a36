import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  api,
  demoAccount,
  installServiceWorker,
  localeText,
  makeBill,
  makeMerchant,
  makeOrders,
  signIn,
  uniqueSuffix,
  type MadeOrder,
} from './support.ts';
import { TABLET_LANDSCAPE } from './viewports.ts';

/*
 * A day on the workshop tablet (1024×768, touch): a supervisor in Gujarati opens only the orders
 * list and the board online, loses the network, reloads, and works; meanwhile the office edits
 * one of the same orders and moves one of the same cards. Back online, every write reaches the
 * server once and nothing the office saved is overwritten.
 */

test.use({ serviceWorkers: 'allow' });

const staffAccount = { email: 'staff@karkhana.app', password: demoAccount.password } as const;
const TABLET = { viewport: TABLET_LANDSCAPE, hasTouch: true } as const;

interface StoredOrder extends MadeOrder {
  notes: string | null;
  totalAmount: number;
  merchant: { name: string };
}
interface StoredCard {
  _id: string;
  version: number;
  stageId: string;
  piecesDone: number;
  stage: { name: string };
  design: { designCode: string };
}
interface Stage {
  _id: string;
  name: string;
}

const gu = (key: string, values: Record<string, string | number> = {}) =>
  localeText('gu', key, values);
const hi = (key: string, values: Record<string, string | number> = {}) =>
  localeText('hi', key, values);
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** The pending panel once its slide-in has finished, so a screenshot shows it as a user does. */
async function settled(panel: Locator) {
  await expect(panel).toBeInViewport({ ratio: 1 });
  // The overlay behind it fades in over Mantine's 200 ms transition.
  await panel.page().waitForTimeout(300);
}

/** No toast over what a screenshot shows, no hover tooltip, the page from its top. */
async function withoutToasts(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate('window.scrollTo(0, 0)');
  await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0, {
    timeout: 15_000,
  });
}

async function tabletIn(
  browser: Browser,
  language: 'gu' | 'hi',
  account: { email: string; password: string } = staffAccount,
) {
  const context = await browser.newContext({ ...TABLET, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await signIn(page, account);
  await page.evaluate((value) => localStorage.setItem('language', value), language);
  await installServiceWorker(page);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  return { context, page };
}

async function cardsOf(page: Page, po: string): Promise<StoredCard[]> {
  const found = await api<{ data: StoredCard[] }>(
    page,
    'GET',
    `/api/job-cards?search=${encodeURIComponent(po)}&limit=100`,
  );
  return found.data;
}

test('a whole day offline on the workshop tablet reaches the server once, and never over the office', async ({
  browser,
  page: office,
}, testInfo) => {
  // Two tablets, a reload each and a full replay: about a minute on a quiet machine.
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  await signIn(office);
  const { merchantId, merchantName } = await makeMerchant(office, {
    name: `Tablet Day ${suffix}`,
  });
  const billed = await makeBill(office, {
    merchantName: `Tablet Payer ${suffix}`,
    poPrefix: `PAY/${suffix}`,
  });
  const toEdit = await makeOrders(office, {
    merchantId,
    poPrefix: `EDIT/${suffix}`,
    quantities: [10, 20, 30],
    status: 'pending',
  });
  const inWork = await makeOrders(office, {
    merchantId,
    poPrefix: `WORK/${suffix}`,
    quantities: [40, 50],
    status: 'in_progress',
  });
  const stages = (await api<{ data: Stage[] }>(office, 'GET', '/api/production/stages')).data;
  const workers = (await api<{ data: { name: string }[] }>(office, 'GET', '/api/workers/all')).data;
  const [first, second, third] = stages as [Stage, Stage, Stage];
  const cards = [
    ...(await cardsOf(office, inWork[0]!.poNumber)),
    ...(await cardsOf(office, inWork[1]!.poNumber)),
  ];
  expect(cards).toHaveLength(2);

  // Online: the orders list and the board, nothing else.
  const { context, page } = await tabletIn(browser, 'gu');
  try {
    await page.goto('/orders');
    await expect(page.getByRole('link', { name: toEdit[0]!.poNumber })).toBeVisible();
    const board = `/tasks?search=${encodeURIComponent(`WORK/${suffix}`)}`;
    await page.goto(board);
    const moveButton = (card: StoredCard, po: string) =>
      page.getByRole('button', {
        name: gu('production:card.moveForward', {
          name: `${po} ${card.design.designCode}`,
          stage: second.name,
        }),
      });
    await expect(moveButton(cards[0]!, inWork[0]!.poNumber)).toBeVisible();
    // The working set is refreshed in the background after sign-in; let it and the save finish.
    await page.waitForTimeout(4000);

    await context.setOffline(true);
    await page.reload();
    await expect(moveButton(cards[0]!, inWork[0]!.poNumber)).toBeVisible();

    // Two cards move on, and work is logged on both.
    for (const [index, card] of cards.entries()) {
      await moveButton(card, inWork[index]!.poNumber).click();
    }
    await page.screenshot({ path: testInfo.outputPath('moved.png') });
    for (const [index, card] of cards.entries()) {
      const name = `${inWork[index]!.poNumber} ${card.design.designCode}`;
      await page.getByRole('button', { name: gu('production:card.logWorkOn', { name }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByPlaceholder(gu('production:log.workerPlaceholder')).click();
      await page.getByRole('option', { name: workers[index]!.name, exact: true }).click();
      await dialog
        .getByRole('textbox', { name: gu('production:log.piecesDone') })
        .fill(String(5 + index));
      await dialog.getByRole('button', { name: gu('ui:actions.save') }).click();
      await expect(dialog).toBeHidden();
    }

    // Three orders never opened on this tablet, opened and saved offline.
    for (const order of toEdit) {
      await page.goto(`/orders/edit/${order._id}`);
      await page
        .getByRole('textbox', { name: gu('orders:fields.notes'), exact: true })
        .fill(`Tablet note ${order.poNumber}`);
      await page.getByRole('button', { name: gu('orders:actions.save') }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/orders');
    }

    // Two new orders, their designs chosen from the pick list the tablet keeps.
    for (const [index, quantity] of [12, 8].entries()) {
      await page.goto('/orders/create');
      const merchant = page.getByRole('combobox', { name: gu('orders:fields.merchantId') });
      await merchant.click();
      await merchant.fill(suffix);
      await page.getByRole('option', { name: merchantName }).click();
      await page
        .getByRole('textbox', { name: gu('orders:fields.poNumber') })
        .fill(`NEW/${suffix}/${index + 1}`);
      const line = page.getByRole('listitem', { name: gu('orders:lines.line', { number: 1 }) });
      const design = line.getByRole('combobox', { name: gu('orders:lines.design') });
      await design.click();
      await page.getByRole('option', { name: 'EMB-101 — Paisley Border' }).click();
      await line.getByRole('textbox', { name: gu('orders:lines.quantity') }).fill(String(quantity));
      await page.getByRole('button', { name: gu('orders:actions.create') }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/orders');
    }

    const badge = (count: number) =>
      page.getByRole('button', { name: gu('common:offline.pendingBadge_other', { count }) });
    await expect(badge(9)).toBeVisible();
    const queuedRows = page.getByRole('row').filter({ hasText: gu('common:offline.notSynced') });
    const created = queuedRows.filter({ hasText: `NEW/${suffix}/1` });
    await expect(created).toContainText(merchantName);
    await expect(created).toContainText('EMB-101');
    await expect(created).toContainText('₹540.00');
    await expect(created).toContainText(gu('orders:status.pending'));
    await expect(queuedRows.filter({ hasText: `NEW/${suffix}/2` })).toContainText('₹360.00');
    await expect(queuedRows.filter({ hasText: toEdit[1]!.poNumber })).toHaveCount(1);
    await withoutToasts(page);
    await page.screenshot({ path: 'docs/screenshots/offline-day-gu-rows.png', fullPage: true });

    // Everything survives a reload while offline.
    await page.waitForTimeout(1500);
    await page.reload();
    await expect(badge(9)).toBeVisible();
    await expect(queuedRows.filter({ hasText: `NEW/${suffix}/2` })).toContainText(merchantName);

    // Meanwhile the office changes one of the same orders and moves one of the same cards.
    const edited = toEdit[0]!;
    await api(office, 'PUT', `/api/orders/${edited._id}`, {
      notes: 'Changed at the office',
      version: edited.version,
    });
    await api(office, 'POST', `/api/job-cards/${cards[0]!._id}/move`, {
      stageId: third._id,
      version: cards[0]!.version,
    });

    await context.setOffline(false);
    await expect(badge(2)).toBeVisible({ timeout: 30_000 });
    await withoutToasts(page);
    await badge(2).click();
    const panel = page.getByRole('dialog', { name: gu('common:offline.panelTitle') });
    const refused = panel.getByTestId('pending-change');
    await expect(refused).toHaveCount(2);
    for (const entry of await refused.all()) {
      await expect(entry).toContainText(gu('common:offline.staleExplain'));
      await expect(
        entry.getByRole('button', { name: gu('common:offline.editAndRetry') }),
      ).toBeVisible();
    }
    await settled(panel);
    await page.screenshot({ path: 'docs/screenshots/offline-day-gu-panel.png' });
  } finally {
    await context.close();
  }

  // The owner, in Hindi, takes a payment with the network gone.
  const owner = await tabletIn(browser, 'hi', demoAccount);
  try {
    const { page } = owner;
    await page.goto('/payments');
    await expect(page.getByRole('button', { name: hi('payments:add') })).toBeVisible();
    await page.waitForTimeout(3000);
    await owner.context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: hi('payments:add') }).click();
    const dialog = page.getByRole('dialog', { name: hi('payments:add') });
    await dialog
      .getByRole('combobox', { name: startsWith(hi('payments:fields.merchantId')) })
      .fill(billed.merchantName);
    await page.getByRole('option', { name: billed.merchantName }).click();
    await dialog
      .getByRole('textbox', { name: startsWith(hi('payments:fields.amount')) })
      .fill('500');
    await dialog.getByRole('combobox', { name: startsWith(hi('payments:fields.method')) }).click();
    await page.getByRole('option', { name: hi('payments:methods.cash') }).click();
    await dialog.getByRole('button', { name: hi('ui:actions.save') }).click();
    await expect(dialog).toBeHidden();
    const queued = page
      .getByRole('row')
      .filter({ hasText: billed.merchantName })
      .filter({ hasText: hi('common:offline.notSynced') });
    await expect(queued).toContainText('₹500.00');
    await page.waitForTimeout(1500);
    await page.reload();
    await expect(queued).toContainText('₹500.00');
    await withoutToasts(page);
    await page.screenshot({ path: 'docs/screenshots/offline-day-hi-rows.png', fullPage: true });
    const badge = page.getByRole('button', {
      name: hi('common:offline.pendingBadge_one', { count: 1 }),
    });
    await badge.click();
    const panel = page.getByRole('dialog', { name: hi('common:offline.panelTitle') });
    await expect(panel.getByTestId('pending-change')).toContainText(
      hi('common:offline.writes.payments.create'),
    );
    await settled(panel);
    await page.screenshot({ path: 'docs/screenshots/offline-day-hi-panel.png' });
    await page.keyboard.press('Escape');
    await owner.context.setOffline(false);
    await expect(badge).toBeHidden({ timeout: 30_000 });
  } finally {
    await owner.context.close();
  }
  testInfo.annotations.push({ type: 'screenshots', description: 'offline-day-{gu,hi}-*.png' });

  // What the server holds: each write once, the office's work untouched.
  const orders = await api<{ data: StoredOrder[]; totalCount: number }>(
    office,
    'GET',
    `/api/orders?merchantId=${merchantId}&limit=100`,
  );
  expect(orders.totalCount).toBe(7);
  const byPo = new Map(orders.data.map((order) => [order.poNumber, order]));
  expect(byPo.get(toEdit[0]!.poNumber)?.notes).toBe('Changed at the office');
  for (const order of toEdit.slice(1)) {
    expect(byPo.get(order.poNumber)?.notes).toBe(`Tablet note ${order.poNumber}`);
  }
  expect(byPo.get(`NEW/${suffix}/1`)).toMatchObject({ status: 'pending' });
  expect(byPo.get(`NEW/${suffix}/2`)).toMatchObject({ status: 'pending' });
  const after = [
    ...(await cardsOf(office, inWork[0]!.poNumber)),
    ...(await cardsOf(office, inWork[1]!.poNumber)),
  ];
  expect(after.map((card) => card.stageId)).toEqual([third._id, second._id]);
  expect(after.map((card) => card.piecesDone)).toEqual([5, 6]);
  expect(first._id).not.toBe(second._id);

  const received = await api<{ data: { amount: number; allocations: { amount: number }[] }[] }>(
    office,
    'GET',
    `/api/payments?merchantId=${billed.merchantId}&limit=100`,
  );
  expect(received.data).toHaveLength(1);
  expect(received.data[0]).toMatchObject({ amount: 500, allocations: [{ amount: 500 }] });
  const bill = await api<{ balance: number }>(office, 'GET', `/api/bills/${billed.bill._id}`);
  expect(bill.balance).toBe(billed.bill.totalAmount - 500);
});
