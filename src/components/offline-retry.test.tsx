import { onlineManager, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobCard } from '../../contract/job-cards.ts';
import { queuedWrites, queuedWriteState } from '@/lib/offline/write-queue';
import { payments } from '@/features/payments/resource';
import {
  jobCards,
  productionEntries,
  productionStages,
  useMoveJobCard,
} from '@/features/tasks/resource';
import { keyShapedTexts, switchLanguage } from '@/test/languages';
import { fail } from '@/test/msw/envelope';
import { makePayment } from '@/test/msw/payments';
import { createProductionFake, FLOOR_WORKERS, makeCard } from '@/test/msw/production';
import { checking, embroidery, punching } from '@/test/floor-stages';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { createTestQueryClient, createTestWrapper, renderWithProviders } from '@/test/render';
import { PendingChanges } from './offline-status';

const server = setupMswServer();
let card: JobCard;
let floor: ReturnType<typeof createProductionFake>;
const payment = makePayment(1);

beforeEach(() => {
  signInTestUser();
  card = makeCard(1, punching, { quantity: 120, piecesDone: 59, piecesRejected: 1 });
  floor = createProductionFake({ cards: [card] });
  server.use(...floor.handlers);
});

afterEach(async () => {
  onlineManager.setOnline(true);
  await switchLanguage('en');
});

const BOARD = { isDone: false, limit: 100, sort: 'dueDate' } as const;

/** Each kind of write a tablet queues, and what the server says when it arrives too late. */
const KINDS = [
  {
    kind: 'a card move over a newer move',
    label: 'Job card moved to another stage',
    state: 'stale',
    reason: 'Someone else saved this record after you changed it on this device.',
    page: '/tasks',
    send: (client: QueryClient) => {
      const { wrapper } = createTestWrapper({ queryClient: client });
      const move = renderHook(() => useMoveJobCard(), { wrapper }).result;
      act(() =>
        move.current.mutate({ id: card._id, stageId: embroidery._id, version: card.version }),
      );
    },
    // Another tablet moved it to Checking meanwhile; the fake checks the version.
    elsewhere: () => {
      floor.cards[0] = { ...card, stageId: checking._id, version: card.version + 1 };
    },
  },
  {
    kind: 'a payment edit over a newer one',
    label: 'Payment changed',
    state: 'stale',
    reason: 'Someone else saved this record after you changed it on this device.',
    page: '/payments',
    send: (client: QueryClient) => {
      const { wrapper } = createTestWrapper({ queryClient: client });
      const update = renderHook(() => payments.useUpdate(), { wrapper }).result;
      act(() =>
        update.current.mutate({
          id: payment._id,
          body: {
            merchantId: payment.merchantId,
            paymentDate: payment.paymentDate,
            amount: 700,
            method: payment.method,
            reference: payment.reference,
            notes: payment.notes,
            version: payment.version,
          },
        }),
      );
    },
    elsewhere: () =>
      server.use(
        http.put('*/api/payments/:id', () =>
          fail(409, 'Stale', undefined, 'stale_version', { ...payment, version: 2 }),
        ),
      ),
  },
  {
    kind: 'a payment the server refuses',
    label: 'New payment',
    state: 'failed',
    reason: 'This order is on a bill: cancel the bill to change it',
    page: '/payments',
    send: (client: QueryClient) => {
      const { wrapper } = createTestWrapper({ queryClient: client });
      const create = renderHook(() => payments.useCreate(), { wrapper }).result;
      act(() =>
        create.current.mutate({
          merchantId: payment.merchantId,
          paymentDate: '2026-05-04',
          amount: 400,
          method: 'cash',
          reference: null,
          notes: null,
        }),
      );
    },
    elsewhere: () =>
      server.use(http.post('*/api/payments', () => fail(409, 'Locked', undefined, 'bill_locked'))),
  },
  {
    kind: 'work logged that the server refuses',
    label: 'New production entry',
    state: 'failed',
    reason: 'Job cards are made only for orders that are not cancelled or delivered',
    page: '/tasks',
    send: (client: QueryClient) => {
      const { wrapper } = createTestWrapper({ queryClient: client });
      const log = renderHook(() => productionEntries.useCreate(), { wrapper }).result;
      act(() =>
        log.current.mutate({
          jobCardId: card._id,
          workerId: FLOOR_WORKERS[0]!._id,
          workDate: '2026-05-04',
          piecesDone: 7,
          notes: null,
        }),
      );
    },
    elsewhere: () =>
      server.use(
        http.post('*/api/production-entries', () =>
          fail(409, 'Not in production', undefined, 'order_not_in_production'),
        ),
      ),
  },
] as const;

async function replayRefused(kind: (typeof KINDS)[number]) {
  const client = createTestQueryClient();
  await client.fetchQuery(productionStages.queries.list());
  // The board is on screen: its cards are read again when a write is undone.
  const board = new QueryObserver(client, jobCards.queries.list(BOARD));
  board.subscribe(() => undefined);
  await waitFor(() => expect(board.getCurrentResult().isSuccess).toBe(true));
  onlineManager.setOnline(false);
  kind.send(client);
  await waitFor(() => expect(queuedWrites(client)).toHaveLength(1));
  kind.elsewhere();
  onlineManager.setOnline(true);
  await client.resumePausedMutations();
  await waitFor(() => expect(queuedWriteState(queuedWrites(client)[0]!)).toBe(kind.state));
  return client;
}

describe('a queued write refused on replay', { timeout: 30_000 }, () => {
  it.each(KINDS)(
    '$kind stays in the panel with its reason, "Edit and retry" and "Discard"',
    async (kind) => {
      const client = await replayRefused(kind);
      const { user } = renderWithProviders(<PendingChanges />, {
        queryClient: client,
        route: '/orders',
      });
      await user.click(await screen.findByRole('button', { name: '1 change waiting to sync' }));
      const panel = await screen.findByRole('dialog', { name: 'Pending changes' });
      const entry = within(within(panel).getByTestId('pending-change'));
      expect(entry.getByText(kind.label)).toBeInTheDocument();
      expect(await entry.findByText(kind.reason)).toBeInTheDocument();
      expect(
        entry.getByRole('button', { name: kind.state === 'stale' ? 'Discard mine' : 'Discard' }),
      ).toBeInTheDocument();
      for (const language of ['gu', 'hi'] as const) {
        await switchLanguage(language);
        expect(keyShapedTexts(panel)).toEqual([]);
      }
      await switchLanguage('en');

      await user.click(entry.getByRole('button', { name: 'Edit and retry' }));
      expect(screen.getByTestId('location')).toHaveTextContent(kind.page);
      expect(queuedWrites(client)).toHaveLength(0);
    },
  );

  it('a card move over a newer move is undone: the card shows where the other tablet put it', async () => {
    const client = await replayRefused(KINDS[0]);
    await waitFor(() =>
      expect(
        client
          .getQueryData<{ data: JobCard[] }>(jobCards.queries.list(BOARD).queryKey)
          ?.data.find((row) => row._id === card._id),
      ).toMatchObject({ stageId: checking._id, version: card.version + 1 }),
    );
    // Nothing of the refused move was sent over the other tablet's.
    expect(floor.cards[0]).toMatchObject({ stageId: checking._id });
  });
});
