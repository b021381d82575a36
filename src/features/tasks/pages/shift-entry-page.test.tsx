import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { fail } from '@/test/msw/envelope';
import { createProductionFake, FLOOR_WORKERS, makeCard, withoutPay } from '@/test/msw/production';
import { embroidery, punching } from '@/test/floor-stages';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, signInTestUserAs } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import ShiftEntryPage from './shift-entry-page';

const server = setupMswServer();
const [ramesh, sunita] = FLOOR_WORKERS as [(typeof FLOOR_WORKERS)[0], (typeof FLOOR_WORKERS)[0]];
const rameshRef = { _id: ramesh._id, name: ramesh.name };
const BATCH = '/api/production-entries/batch';

let fake: ReturnType<typeof createProductionFake>;

beforeEach(() => {
  signInTestUser();
  fake = createProductionFake({
    cards: [
      makeCard(1, punching, { quantity: 50, workers: [rameshRef] }),
      makeCard(2, embroidery, { quantity: 80, piecesDone: 70, workers: [rameshRef] }),
      // Its order was delivered early: no new work is offered on it.
      makeCard(4, punching, {
        workers: [rameshRef],
        order: { _id: 'o4', poNumber: 'PO-4', status: 'delivered', orderDate: '2026-11-01' },
      }),
      // Nobody's yet: offered under "Add another open card".
      makeCard(3, embroidery, {
        quantity: 30,
        design: { _id: 'd3', name: 'Lotus jaal', designCode: 'LJ-3', rate: null },
      }),
    ],
  });
  server.use(...fake.handlers);
});

afterEach(() => onlineManager.setOnline(true));

async function chooseWorker(user: ReturnType<typeof renderWithProviders>['user'], name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Worker' }));
  await user.click(await screen.findByRole('option', { name }));
}

const row = (name: string) => screen.getByRole('listitem', { name });

describe('shift entry', { timeout: 20_000 }, () => {
  it("lists the worker's open cards and saves every row with pieces as one batch", async () => {
    const { user } = renderWithProviders(<ShiftEntryPage />, { path: '/tasks/shift' });
    await chooseWorker(user, 'Ramesh Vaghela');
    await screen.findByRole('listitem', { name: 'PO-1 PZ-1' });
    expect(screen.getByRole('listitem', { name: 'PO-2 PZ-2' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'PO-3 LJ-3' })).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'PO-4 PZ-4' })).not.toBeInTheDocument();

    // The rate comes from the design.
    expect(
      within(row('PO-1 PZ-1')).getByRole('textbox', { name: 'Rate per piece, PO-1 PZ-1' }),
    ).toHaveValue('2.5');
    await user.type(
      within(row('PO-1 PZ-1')).getByRole('textbox', { name: 'Pieces done, PO-1 PZ-1' }),
      '40',
    );
    await user.type(
      within(row('PO-1 PZ-1')).getByRole('textbox', { name: 'Rejected, PO-1 PZ-1' }),
      '3',
    );

    // A card nobody is assigned to, at the worker's own piece rate (its design has none).
    await user.click(screen.getByRole('combobox', { name: 'Add another open card' }));
    expect(screen.queryByRole('option', { name: /PO-4 PZ-4/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: /PO-3 LJ-3/ }));
    const added = await screen.findByRole('listitem', { name: 'PO-3 LJ-3' });
    expect(within(added).getByRole('textbox', { name: 'Rate per piece, PO-3 LJ-3' })).toHaveValue(
      '4',
    );
    await user.type(within(added).getByRole('textbox', { name: 'Pieces done, PO-3 LJ-3' }), '12');

    expect(screen.getByTestId('shift-total')).toHaveTextContent('52 pieces, ₹148.00');
    await user.click(screen.getByRole('button', { name: 'Save shift' }));
    expect(await screen.findByText('Shift saved')).toBeInTheDocument();

    expect(fake.requestsTo('POST', BATCH).map((request) => request.body)).toEqual([
      {
        workDate: dayjs().format('YYYY-MM-DD'),
        entries: [
          {
            workerId: ramesh._id,
            jobCardId: fake.cards[0]!._id,
            piecesDone: 40,
            piecesRejected: 3,
            rate: 2.5,
          },
          { workerId: ramesh._id, jobCardId: fake.cards[3]!._id, piecesDone: 12, rate: 4 },
        ],
      },
    ]);
    // The rows are cleared for the next shift, and the cards show their new counts.
    await waitFor(() => expect(within(row('PO-1 PZ-1')).getByText(/7 left/)).toBeInTheDocument());
    expect(
      within(row('PO-1 PZ-1')).getByRole('textbox', { name: 'Pieces done, PO-1 PZ-1' }),
    ).toHaveValue('');
  });

  it('puts the field errors of a refused batch on the rows they name', async () => {
    server.use(
      http.post(`*${BATCH}`, () =>
        fail(400, 'Validation failed', [
          {
            path: 'entries.1.piecesDone',
            code: 'invalid_value',
            params: { rule: 'pieces_exceed_quantity', left: 4 },
            message: 'More pieces than the job card has left',
          },
        ]),
      ),
    );
    const { user } = renderWithProviders(<ShiftEntryPage />, { path: '/tasks/shift' });
    await chooseWorker(user, 'Ramesh Vaghela');
    await screen.findByRole('listitem', { name: 'PO-2 PZ-2' });
    await user.type(
      within(row('PO-1 PZ-1')).getByRole('textbox', { name: 'Pieces done, PO-1 PZ-1' }),
      '5',
    );
    await user.type(
      within(row('PO-2 PZ-2')).getByRole('textbox', { name: 'Pieces done, PO-2 PZ-2' }),
      '6',
    );
    await user.click(screen.getByRole('button', { name: 'Save shift' }));

    const second = within(row('PO-2 PZ-2')).getByRole('textbox', {
      name: 'Pieces done, PO-2 PZ-2',
    });
    await waitFor(() => expect(second).toHaveAttribute('aria-invalid', 'true'));
    expect(second).toHaveAccessibleDescription('More pieces than the job card has left (4)');
    expect(
      within(row('PO-1 PZ-1')).getByRole('textbox', { name: 'Pieces done, PO-1 PZ-1' }),
    ).not.toHaveAttribute('aria-invalid', 'true');
    // What was typed stays for the correction.
    expect(second).toHaveValue('6');
  });

  it('refuses more pieces than a card has left before sending, also offline', async () => {
    const { user } = renderWithProviders(<ShiftEntryPage />, { path: '/tasks/shift' });
    await chooseWorker(user, 'Ramesh Vaghela');
    await screen.findByRole('listitem', { name: 'PO-2 PZ-2' });
    act(() => onlineManager.setOnline(false));
    await user.type(
      within(row('PO-2 PZ-2')).getByRole('textbox', { name: 'Pieces done, PO-2 PZ-2' }),
      '8',
    );
    await user.type(
      within(row('PO-2 PZ-2')).getByRole('textbox', { name: 'Rejected, PO-2 PZ-2' }),
      '3',
    );
    await user.click(screen.getByRole('button', { name: 'Save shift' }));
    const input = within(row('PO-2 PZ-2')).getByRole('textbox', { name: 'Pieces done, PO-2 PZ-2' });
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('More pieces than the job card has left (10)'),
    );
    expect(fake.requestsTo('POST', BATCH)).toHaveLength(0);
  });

  it('queues a shift saved offline and delivers it exactly once', async () => {
    const { user } = renderWithProviders(<ShiftEntryPage />, { path: '/tasks/shift' });
    await chooseWorker(user, 'Sunita Rathod');
    await screen.findByText('No open job card is assigned to this worker. Add one below.');
    act(() => onlineManager.setOnline(false));
    await user.click(screen.getByRole('combobox', { name: 'Add another open card' }));
    await user.click(await screen.findByRole('option', { name: /PO-1 PZ-1/ }));
    await user.type(await screen.findByRole('textbox', { name: 'Pieces done, PO-1 PZ-1' }), '9');
    await user.click(screen.getByRole('button', { name: 'Save shift' }));
    expect(
      await screen.findByText('Saved on this device. It will be sent when the connection returns.'),
    ).toBeInTheDocument();
    expect(fake.requestsTo('POST', BATCH)).toHaveLength(0);
    // The next worker's shift can be entered while this one waits for the network.
    expect(screen.getByRole('button', { name: 'Save shift' })).toBeEnabled();

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(fake.requestsTo('POST', BATCH)).toHaveLength(1));
    // Monthly workers without a design rate would earn nothing extra; this design has one.
    expect(fake.requestsTo('POST', BATCH)[0]?.body).toMatchObject({
      entries: [{ workerId: sunita._id, jobCardId: fake.cards[0]!._id, piecesDone: 9, rate: 2.5 }],
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.requestsTo('POST', BATCH)).toHaveLength(1);
    expect(fake.cards[0]?.piecesDone).toBe(9);
  });

  it('shows staff no rate or amount, and leaves the rate to the server', async () => {
    signInTestUserAs('staff');
    // Staff get workers without their pay, as the server sends them.
    fake = createProductionFake({ cards: fake.cards, workers: FLOOR_WORKERS.map(withoutPay) });
    server.use(...fake.handlers);
    const { user } = renderWithProviders(<ShiftEntryPage />, { path: '/tasks/shift' });
    await chooseWorker(user, 'Ramesh Vaghela');
    await screen.findByRole('listitem', { name: 'PO-1 PZ-1' });
    await user.type(
      within(row('PO-1 PZ-1')).getByRole('textbox', { name: 'Pieces done, PO-1 PZ-1' }),
      '40',
    );

    expect(screen.queryByRole('textbox', { name: /Rate per piece/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('shift-total')).toHaveTextContent(/^40 pieces$/);
    expect(screen.queryByText(/₹/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save shift' }));
    expect(await screen.findByText('Shift saved')).toBeInTheDocument();
    expect(fake.requestsTo('POST', BATCH)[0]?.body).toEqual({
      workDate: dayjs().format('YYYY-MM-DD'),
      entries: [
        { workerId: ramesh._id, jobCardId: fake.cards[0]!._id, piecesDone: 40, rate: null },
      ],
    });
  });
});
