import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { productionEntries, useLogShift, useMoveJobCard } from '@/features/tasks/resource';
import { keyShapedTexts, switchLanguage } from '@/test/languages';
import { createProductionFake, FLOOR_WORKERS, makeCard } from '@/test/msw/production';
import { embroidery, punching } from '@/test/floor-stages';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { createTestWrapper, renderWithProviders } from '@/test/render';
import ProductionBoardPage from './production-board-page';

const server = setupMswServer();
const card = makeCard(1, punching, { quantity: 120, piecesDone: 59, piecesRejected: 1 });

beforeEach(() => {
  signInTestUser();
  server.use(...createProductionFake({ cards: [card] }).handlers);
});

afterEach(async () => {
  onlineManager.setOnline(true);
  await switchLanguage('en');
});

async function renderBoardThenGoOffline() {
  const view = renderWithProviders(<ProductionBoardPage />, { path: '/tasks' });
  await screen.findByRole('article', { name: 'PO-1, Paisley 1' });
  onlineManager.setOnline(false);
  return view;
}

/** Writes made from elsewhere (the log-work dialog, the shift page) on the board's cache. */
function hooks(client: QueryClient) {
  const { wrapper } = createTestWrapper({ queryClient: client });
  return {
    logWork: renderHook(() => productionEntries.useCreate(), { wrapper }).result,
    logShift: renderHook(() => useLogShift(), { wrapper }).result,
    move: renderHook(() => useMoveJobCard(), { wrapper }).result,
  };
}

const theCard = () => screen.getByRole('article', { name: 'PO-1, Paisley 1' });

describe('work logged offline', { timeout: 30_000 }, () => {
  it('adds to the card’s counts at once, marked as not sent', async () => {
    const { queryClient } = await renderBoardThenGoOffline();
    const writes = hooks(queryClient);
    act(() =>
      writes.logWork.current.mutate({
        jobCardId: card._id,
        workerId: FLOOR_WORKERS[0]!._id,
        workDate: '2026-05-04',
        piecesDone: 7,
        notes: null,
      }),
    );
    await waitFor(() =>
      expect(within(theCard()).getByText('Done 66 · Rejected 1 · Left 53')).toBeInTheDocument(),
    );
    act(() =>
      writes.logShift.current.mutate({
        workDate: '2026-05-04',
        entries: [
          {
            jobCardId: card._id,
            workerId: FLOOR_WORKERS[0]!._id,
            piecesDone: 4,
            piecesRejected: 2,
            notes: null,
          },
        ],
      }),
    );
    await waitFor(() =>
      expect(within(theCard()).getByText('Done 70 · Rejected 3 · Left 47')).toBeInTheDocument(),
    );
    expect(within(theCard()).getByText('Not sent yet')).toBeInTheDocument();
    for (const language of ['gu', 'hi'] as const) {
      await switchLanguage(language);
      expect(keyShapedTexts(theCard())).toEqual([]);
    }
  });
});

describe('a card moved offline', { timeout: 30_000 }, () => {
  it('sits in its new column, marked as not sent', async () => {
    const { queryClient } = await renderBoardThenGoOffline();
    const writes = hooks(queryClient);
    act(() =>
      writes.move.current.mutate({ id: card._id, stageId: embroidery._id, version: card.version }),
    );
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Machine embroidery: 1 cards' })).toContainElement(
        theCard(),
      ),
    );
    expect(screen.getByRole('region', { name: 'Design punching: 0 cards' })).toBeInTheDocument();
    expect(within(theCard()).getByText('Not sent yet')).toBeInTheDocument();
  });
});
