import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { createProductionFake, FLOOR_WORKERS, makeCard, withoutPay } from '@/test/msw/production';
import { checking, embroidery, punching } from '@/test/floor-stages';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, signInTestUserAs } from '@/test/msw/session';
import ProductionBoardPage from './production-board-page';

const server = setupMswServer();

let fake: ReturnType<typeof createProductionFake>;

beforeEach(() => {
  signInTestUser();
  fake = createProductionFake({
    cards: [
      makeCard(1, punching, {
        quantity: 120,
        piecesDone: 30,
        piecesRejected: 2,
        workers: [{ _id: FLOOR_WORKERS[0]!._id, name: 'Ramesh Vaghela' }],
        isOverdue: true,
        dueDate: '2026-11-10',
      }),
      makeCard(2, embroidery, { quantity: 40 }),
    ],
  });
  server.use(...fake.handlers);
});

afterEach(() => {
  onlineManager.setOnline(true);
});

function renderBoard() {
  return renderWithProviders(<ProductionBoardPage />, { path: '/tasks' });
}

describe('the production board', { timeout: 20_000 }, () => {
  it('shows a column per stage with each card, its counts, workers and overdue mark', async () => {
    renderBoard();
    const card = await screen.findByRole('article', { name: 'PO-1, Paisley 1' });
    expect(screen.getByRole('region', { name: 'Production board' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Design punching: 1 cards' })).toContainElement(card);
    expect(screen.getByRole('region', { name: 'Machine embroidery: 1 cards' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Checking: 0 cards' })).toBeInTheDocument();
    expect(within(card).getByText('Done 30 · Rejected 2 · Left 88')).toBeInTheDocument();
    expect(within(card).getByText('Overdue')).toBeInTheDocument();
    expect(within(card).getByText('Ramesh Vaghela')).toBeInTheDocument();
    expect(within(card).getByText('120 pcs')).toBeInTheDocument();
    // The first stage has nowhere to go back to.
    expect(within(card).getByRole('button', { name: 'Back' })).toBeDisabled();
    // Only open cards are asked for, up to the board's limit.
    const query = fake.requestsTo('GET', '/api/job-cards')[0]?.url.searchParams;
    expect(query?.get('isDone')).toBe('false');
    expect(query?.get('limit')).toBe('100');
  });

  it('moves a card forward and back, each time over the version the last move left', async () => {
    const { user } = renderBoard();
    await screen.findByRole('article', { name: 'PO-1, Paisley 1' });
    await user.click(
      screen.getByRole('button', { name: 'Next: move PO-1 PZ-1 to Machine embroidery' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Machine embroidery: 2 cards' })).getByRole(
          'article',
          { name: 'PO-1, Paisley 1' },
        ),
      ).toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Next: move PO-1 PZ-1 to Checking' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Checking: 1 cards' })).getByRole('article', {
          name: 'PO-1, Paisley 1',
        }),
      ).toBeInTheDocument(),
    );
    await user.click(
      screen.getByRole('button', { name: 'Back: move PO-1 PZ-1 to Machine embroidery' }),
    );
    await waitFor(() =>
      expect(fake.requestsTo('POST', `/api/job-cards/${fake.cards[0]!._id}/move`)).toHaveLength(3),
    );
    expect(
      fake.requestsTo('POST', `/api/job-cards/${fake.cards[0]!._id}/move`).map((r) => r.body),
    ).toEqual([
      { stageId: embroidery._id, version: 1 },
      { stageId: checking._id, version: 2 },
      { stageId: embroidery._id, version: 3 },
    ]);
    expect(fake.cards[0]).toMatchObject({ stageId: embroidery._id, version: 4 });
  });

  it('shows a move made offline at once, queues it, and sends it once when back online', async () => {
    const { user } = renderBoard();
    await screen.findByRole('article', { name: 'PO-2, Paisley 2' });
    act(() => onlineManager.setOnline(false));
    await user.click(screen.getByRole('button', { name: 'Next: move PO-2 PZ-2 to Checking' }));

    const moved = await within(
      screen.getByRole('region', { name: 'Checking: 1 cards' }),
    ).findByRole('article', { name: 'PO-2, Paisley 2' });
    expect(await within(moved).findByText('Not sent yet')).toBeInTheDocument();
    expect(
      await screen.findByText('Saved on this device. It will be sent when the connection returns.'),
    ).toBeInTheDocument();
    const movePath = `/api/job-cards/${fake.cards[1]!._id}/move`;
    expect(fake.requestsTo('POST', movePath)).toHaveLength(0);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(fake.requestsTo('POST', movePath)).toHaveLength(1));
    await waitFor(() => expect(within(moved).queryByText('Not sent yet')).not.toBeInTheDocument());
    expect(fake.requestsTo('POST', movePath)[0]?.body).toEqual({
      stageId: checking._id,
      version: 1,
    });
    expect(fake.requestsTo('POST', movePath)[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(fake.cards[1]).toMatchObject({ stageId: checking._id, version: 2 });
  });

  it('lets staff work the board', async () => {
    signInTestUserAs('staff');
    renderBoard();
    const card = await screen.findByRole('article', { name: 'PO-1, Paisley 1' });
    expect(
      within(card).getByRole('button', { name: 'Next: move PO-1 PZ-1 to Machine embroidery' }),
    ).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Log work on PO-1 PZ-1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shift entry' })).toBeInTheDocument();
  });
});

/** Logs 12 pieces in the open dialog and answers the entry the board sent. */
async function logTwelvePieces(user: ReturnType<typeof renderBoard>['user'], dialog: HTMLElement) {
  await user.type(within(dialog).getByRole('textbox', { name: /Pieces done/ }), '12');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Work logged')).toBeInTheDocument();
  return fake.requestsTo('POST', '/api/production-entries')[0]?.body;
}

describe('logging work on one card', { timeout: 20_000 }, () => {
  it("takes the card's only worker and the design's rate, and sends one entry", async () => {
    const { user } = renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Log work on PO-1 PZ-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log work: PO-1 PZ-1' });
    expect(within(dialog).getByRole('combobox', { name: 'Worker' })).toHaveValue('Ramesh Vaghela');
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Rate per piece/ })).toHaveValue('2.5'),
    );
    expect(await logTwelvePieces(user, dialog)).toMatchObject({
      workerId: FLOOR_WORKERS[0]!._id,
      jobCardId: fake.cards[0]!._id,
      piecesDone: 12,
      rate: 2.5,
    });
  });

  it("uses a piece-rate worker's own rate when the design has none", async () => {
    fake.cards[1] = {
      ...fake.cards[1]!,
      design: { ...fake.cards[1]!.design, rate: null },
    };
    const { user } = renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Log work on PO-2 PZ-2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log work: PO-2 PZ-2' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Worker' }));
    await user.click(await screen.findByRole('option', { name: 'Ramesh Vaghela' }));
    expect(within(dialog).getByRole('textbox', { name: /Rate per piece/ })).toHaveValue('4');
    await user.click(within(dialog).getByRole('combobox', { name: 'Worker' }));
    await user.click(await screen.findByRole('option', { name: 'Sunita Rathod' }));
    // A monthly worker is paid for her time: no piece rate.
    expect(within(dialog).getByRole('textbox', { name: /Rate per piece/ })).toHaveValue('0');
  });

  it('shows staff no rate, and leaves it to the server', async () => {
    signInTestUserAs('staff');
    // Staff get workers without their pay, as the server sends them.
    fake = createProductionFake({ cards: fake.cards, workers: FLOOR_WORKERS.map(withoutPay) });
    server.use(...fake.handlers);
    const { user } = renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Log work on PO-1 PZ-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log work: PO-1 PZ-1' });
    expect(within(dialog).getByRole('combobox', { name: 'Worker' })).toHaveValue('Ramesh Vaghela');
    expect(within(dialog).queryByRole('textbox', { name: /Rate per piece/ })).toBeNull();
    expect(within(dialog).queryByText(/₹/)).toBeNull();
    expect(await logTwelvePieces(user, dialog)).toMatchObject({
      workerId: FLOOR_WORKERS[0]!._id,
      jobCardId: fake.cards[0]!._id,
      piecesDone: 12,
      rate: null,
    });
  });
});
