import { expect, test, type Page } from '@playwright/test';
import { api, makeMerchant, makeOrders, signIn, smallTargets, uniqueSuffix } from './support.ts';

interface Stage {
  _id: string;
  name: string;
}

interface Card {
  _id: string;
  stageId: string;
  version: number;
}

async function cardOf(page: Page, merchantId: string): Promise<Card> {
  const cards = await api<{ data: Card[] }>(page, 'GET', `/api/job-cards?merchantId=${merchantId}`);
  const [card] = cards.data;
  if (!card) throw new Error('the order has a job card');
  return card;
}

test.describe('the production board on a landscape tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: false });

  test('every stage is in reach through the switcher, and a card moves by touch and keyboard', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page);
    const suffix = uniqueSuffix();
    const { merchantId } = await makeMerchant(page, { name: `Board Merchant ${suffix}` });
    await makeOrders(page, {
      merchantId,
      poPrefix: `PO-BOARD-${suffix}`,
      quantities: [12],
      status: 'in_progress',
    });
    const stages = (await api<{ data: Stage[] }>(page, 'GET', '/api/production/stages')).data;
    const [first, second, third] = stages as [Stage, Stage, Stage];

    await page.goto(`/tasks?merchantId=${merchantId}`);
    const switcher = page.getByRole('navigation', { name: 'Stages' });
    await expect(switcher).toBeVisible();
    // Every stage by name and count, whatever the board shows at the moment.
    await expect(switcher.getByRole('button')).toHaveText(
      stages.map((stage) => new RegExp(`^${stage.name}`)),
    );
    for (const stage of stages) {
      await switcher.getByRole('button', { name: new RegExp(`^${stage.name}:`) }).click();
      await expect(
        page.getByRole('region', { name: new RegExp(`^${stage.name}:`) }),
      ).toBeInViewport();
    }
    await switcher.getByRole('button', { name: new RegExp(`^${first.name}:`) }).click();
    // Settled: the smooth scroll has ended with the first stage at the board's edge.
    await expect(page.getByRole('region', { name: new RegExp(`^${first.name}:`) })).toBeInViewport({
      ratio: 1,
    });
    expect(await smallTargets(page)).toEqual([]);

    // A finger on the handle drags the card onto the next stage's column.
    const handle = page.getByRole('button', { name: /^Drag PO-BOARD-/ });
    const target = page.getByRole('region', { name: new RegExp(`^${second.name}:`) });
    await expect(target).toBeInViewport({ ratio: 1 });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y) }],
      });
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    const end = { x: to.x + to.width / 2, y: to.y + 80 };
    await touch('touchStart', start.x, start.y);
    for (let step = 1; step <= 10; step += 1) {
      await touch(
        'touchMove',
        start.x + ((end.x - start.x) * step) / 10,
        start.y + ((end.y - start.y) * step) / 10,
      );
    }
    await touch('touchEnd', end.x, end.y);
    await expect(target.getByRole('article', { name: /^PO-BOARD-/ })).toBeVisible();
    await expect.poll(async () => (await cardOf(page, merchantId)).stageId).toBe(second._id);

    // The keyboard takes it one stage further: Space, arrow, Space.
    await page.getByRole('button', { name: /^Drag PO-BOARD-/ }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect(page.getByTestId('drag-announcer')).toHaveText(/moved to/);
    await expect.poll(async () => (await cardOf(page, merchantId)).stageId).toBe(third._id);
    // Each move went over the version the one before left.
    expect((await cardOf(page, merchantId)).version).toBe(3);
  });
});

test.describe('the production board on a portrait tablet', () => {
  test.use({ viewport: { width: 800, height: 1280 }, hasTouch: true, isMobile: false });

  test('a stage swiped out of view does not make the page taller', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page);
    const suffix = uniqueSuffix();
    const { merchantId } = await makeMerchant(page, { name: `Tall Stage Merchant ${suffix}` });
    await makeOrders(page, {
      merchantId,
      poPrefix: `PO-TALL-${suffix}`,
      quantities: Array.from({ length: 24 }, () => 5),
      status: 'in_progress',
    });
    const stages = (await api<{ data: Stage[] }>(page, 'GET', '/api/production/stages')).data;
    const [first, second] = stages as [Stage, Stage];
    const cards = await api<{ data: Card[] }>(
      page,
      'GET',
      `/api/job-cards?merchantId=${merchantId}&limit=100`,
    );
    expect(cards.data).toHaveLength(24);
    // Every card on the second stage: the one in view (the first) is empty.
    for (const card of cards.data) {
      await api(page, 'POST', `/api/job-cards/${card._id}/move`, {
        stageId: second._id,
        version: card.version,
      });
    }

    await page.goto(`/tasks?merchantId=${merchantId}`);
    const shown = page.getByRole('region', { name: new RegExp(`^${first.name}:`) });
    const hidden = page.getByRole('region', { name: new RegExp(`^${second.name}:`) });
    await expect(hidden.getByRole('article')).toHaveCount(24);
    await expect(shown).toBeInViewport({ ratio: 1 });
    await expect(hidden).not.toBeInViewport();

    const sizes = await page.evaluate<{ boardTop: number; page: number; screen: number }>(`({
      boardTop:
        document.querySelector('[role="region"][aria-label="Production board"]')
          .getBoundingClientRect().top + window.scrollY,
      page: document.documentElement.scrollHeight,
      screen: window.innerHeight,
    })`);
    // Two dozen cards are several screens; the page ends within a screen of the board's top.
    expect(sizes.page).toBeLessThanOrEqual(sizes.boardTop + sizes.screen);
    // The stage with the cards scrolls them itself.
    const overflow = await page.evaluate<number>(
      `(() => {
        const column = document.querySelector('section[data-drop-stage="${second._id}"]');
        return column.scrollHeight - column.clientHeight;
      })()`,
    );
    expect(overflow).toBeGreaterThan(0);
  });
});
