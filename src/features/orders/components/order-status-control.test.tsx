import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok } from '@/test/msw/envelope';
import { makeOrder } from '@/test/msw/orders';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import { OrderStatusControl } from './order-status-control';

const server = setupMswServer();
const order = makeOrder(1, { status: 'in_progress', version: 4 });
let statusBodies: unknown[];
let madeFor: string[];

beforeEach(() => {
  signInTestUser();
  statusBodies = [];
  madeFor = [];
  server.use(
    http.put('*/api/orders/:id/status', async ({ request }) => {
      const body = (await request.json()) as { force?: boolean };
      statusBodies.push(body);
      if (!body.force) {
        return fail(409, 'Open job cards', undefined, 'order_has_open_cards');
      }
      return ok({ ...order, status: 'completed', version: 5 });
    }),
    http.post('*/api/job-cards/from-order/:orderId', ({ params }) => {
      madeFor.push(String(params.orderId));
      return ok({ data: [], created: 2 });
    }),
  );
});

describe('the order status control and the shop floor', { timeout: 20_000 }, () => {
  it('shows the refusal to complete over open job cards and offers "Complete anyway"', async () => {
    const { user } = renderWithProviders(<OrderStatusControl order={order} />);
    await user.click(screen.getByRole('button', { name: 'Mark completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Job cards still open' });
    expect(
      within(dialog).getByText(
        'Some job cards of this order are not done yet. Complete the order anyway?',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Complete anyway' }));
    await waitFor(() => expect(statusBodies).toHaveLength(2));
    expect(statusBodies).toEqual([
      { status: 'completed', version: 4 },
      { status: 'completed', version: 4, force: true },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Job cards still open' })).toBeNull(),
    );
  });

  it("makes the order's job cards and links to them", async () => {
    const { user } = renderWithProviders(<OrderStatusControl order={order} />);
    await user.click(screen.getByRole('button', { name: 'Make job cards' }));
    expect(await screen.findByText('2 job cards made')).toBeInTheDocument();
    expect(madeFor).toEqual([order._id]);
    expect(screen.getByRole('link', { name: 'Job cards' })).toHaveAttribute(
      'href',
      `/tasks/list?orderId=${order._id}`,
    );
  });
});
