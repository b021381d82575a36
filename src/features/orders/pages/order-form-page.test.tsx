import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../../contract/orders.ts';
import { renderWithProviders } from '@/test/render';
import { conflictRows, findConflictDialog } from '@/test/conflict-dialog';
import { testId } from '@/test/msw/merchants';
import { createOrdersFake, makeOrder, ORDER_MERCHANTS } from '@/test/msw/orders';
import { createNotesFake } from '@/test/msw/notes';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import OrderFormPage from './order-form-page';

// jsdom has no FontFaceSet; Mantine's autosizing notes field listens on it for font loads.
const server = setupMswServer();
let fake: ReturnType<typeof createOrdersFake>;

const ORDER_ID = testId(8201);

function renderCreate() {
  return renderWithProviders(<OrderFormPage />, {
    path: '/orders/create',
    routes: [{ path: '/orders', element: <p>Orders list</p> }],
  });
}

function renderEdit(status: OrderStatus) {
  fake.orders.splice(0, fake.orders.length, makeOrder(1, { status }));
  return renderWithProviders(<OrderFormPage />, {
    path: '/orders/edit/:orderId',
    route: `/orders/edit/${ORDER_ID}`,
    routes: [{ path: '/orders', element: <p>Orders list</p> }],
  });
}

const line = (number: number) => within(screen.getByRole('listitem', { name: `Line ${number}` }));

async function chooseDesign(
  user: ReturnType<typeof renderCreate>['user'],
  number: number,
  option: string,
) {
  await user.click(line(number).getByRole('combobox', { name: 'Design' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  signInTestUser();
  fake = createOrdersFake([]);
  // The edit page carries the order's notes thread.
  server.use(...fake.handlers, ...createNotesFake().handlers);
});

describe('OrderFormPage', { timeout: 30_000 }, () => {
  it('prefills the rate from the design and keeps amounts and the total current while typing', async () => {
    const { user } = renderCreate();
    expect(await screen.findByRole('heading', { level: 1, name: 'New order' })).toBeInTheDocument();

    await chooseDesign(user, 1, 'PEACOCK-01 — Peacock border');
    expect(line(1).getByRole('textbox', { name: 'Rate (₹ per piece)' })).toHaveValue('42.5');
    await user.type(line(1).getByRole('textbox', { name: 'Quantity' }), '12');
    expect(screen.getByTestId('line-amount-0')).toHaveTextContent('₹510.00');
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹510.00');

    await user.click(screen.getByRole('button', { name: 'Add design' }));
    await chooseDesign(user, 2, 'MANGO-07 — Mango buta');
    expect(line(2).getByRole('textbox', { name: 'Rate (₹ per piece)' })).toHaveValue('18');
    await user.type(line(2).getByRole('textbox', { name: 'Quantity' }), '5');
    expect(screen.getByTestId('line-amount-1')).toHaveTextContent('₹90.00');
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹600.00');
    expect(screen.getByTestId('order-total-quantity')).toHaveTextContent('17');

    // A rate typed over the design's own counts from then on.
    const rate = line(2).getByRole('textbox', { name: 'Rate (₹ per piece)' });
    await user.clear(rate);
    await user.type(rate, '20');
    expect(screen.getByTestId('line-amount-1')).toHaveTextContent('₹100.00');
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹610.00');

    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹100.00');
  });

  it('creates the order with its lines and returns to the list', async () => {
    const { user } = renderCreate();
    const merchant = ORDER_MERCHANTS[0];
    await user.click(await screen.findByRole('combobox', { name: 'Merchant' }));
    await user.click(await screen.findByRole('option', { name: merchant?.name }));
    await user.type(screen.getByRole('textbox', { name: 'PO number' }), 'SSE/25-014');
    await chooseDesign(user, 1, 'MANGO-07 — Mango buta');
    await user.type(line(1).getByRole('textbox', { name: 'Quantity' }), '40');
    await user.click(screen.getByRole('button', { name: 'Create order' }));

    expect(await screen.findByText('Orders list')).toBeInTheDocument();
    const post = fake.requestsOf('POST')[0];
    expect(post?.body).toMatchObject({
      merchantId: merchant?._id,
      poNumber: 'SSE/25-014',
      isPaid: false,
      designs: [{ designId: testId(8101), quantity: 40, rate: 18 }],
    });
  });

  it('refuses to create an order without a design line', async () => {
    const { user } = renderCreate();
    await screen.findByRole('heading', { level: 1, name: 'New order' });
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await line(1).findAllByText('This field is required')).not.toHaveLength(0);
    expect(fake.requestsOf('POST')).toHaveLength(0);
  });

  it.each<[OrderStatus, string[], string[]]>([
    ['pending', ['Start work', 'Cancel order'], ['Mark completed', 'Mark delivered', 'Reopen']],
    [
      'completed',
      ['Mark delivered', 'Back to in progress'],
      ['Start work', 'Cancel order', 'Reopen'],
    ],
    ['cancelled', ['Reopen'], ['Start work', 'Mark completed', 'Mark delivered']],
  ])('offers only the allowed status moves from %s', async (status, offered, withheld) => {
    renderEdit(status);
    const group = within(await screen.findByRole('group', { name: 'Status' }));
    expect(group.getAllByRole('button').map((button) => button.textContent)).toEqual(offered);
    for (const name of withheld) {
      expect(group.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('says a delivered order cannot move any further', async () => {
    renderEdit('delivered');
    const group = within(await screen.findByRole('group', { name: 'Status' }));
    expect(group.queryAllByRole('button')).toHaveLength(0);
    expect(
      group.getByText('Delivered is the final status; this order cannot move any further.'),
    ).toBeInTheDocument();
  });

  it('keeps a delivered order’s merchant, PO number, order date and lines read-only', async () => {
    renderEdit('delivered');
    expect(await screen.findByText(/This order has been delivered/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /PO number/ })).toBeDisabled());
    expect(line(1).getByRole('textbox', { name: 'Quantity' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Notes/ })).toBeEnabled();
    expect(screen.getByRole('switch', { name: /Paid/ })).toBeEnabled();
  });

  it('keeps a billed order’s paid switch read-only: it follows the bill', async () => {
    fake.orders.splice(
      0,
      fake.orders.length,
      makeOrder(1, { status: 'completed', billId: testId(8701), isPaid: false }),
    );
    renderWithProviders(<OrderFormPage />, {
      path: '/orders/edit/:orderId',
      route: `/orders/edit/${ORDER_ID}`,
    });
    const paid = await screen.findByRole('switch', { name: /Paid/ });
    expect(paid).toBeDisabled();
    expect(screen.getByText(/Paid status follows the bill/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Notes/ })).toBeEnabled();
  });

  it('moves the status with the status endpoint and shows the new one', async () => {
    const { user } = renderEdit('completed');
    const group = within(await screen.findByRole('group', { name: 'Status' }));
    await user.click(group.getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText('Order status updated successfully')).toBeInTheDocument();
    const put = fake.requestsOf('PUT')[0];
    expect(put?.url.pathname).toBe(`/api/orders/${ORDER_ID}/status`);
    expect(put?.body).toEqual({ status: 'delivered', version: 1 });
    await waitFor(() => expect(group.getByText('Delivered')).toBeInTheDocument());
    expect(group.queryAllByRole('button')).toHaveLength(0);
  });

  it('asks before completing an order whose job cards are not done, then forces it', async () => {
    server.use(
      http.put('*/api/orders/:id/status', async ({ request }) => {
        const body = (await request.clone().json()) as { force?: boolean };
        if (body.force) return undefined;
        return HttpResponse.json(
          { success: false, code: 'order_has_open_cards', message: 'Open job cards' },
          { status: 409 },
        );
      }),
    );
    const { user } = renderEdit('in_progress');
    const group = within(await screen.findByRole('group', { name: 'Status' }));
    await user.click(group.getByRole('button', { name: 'Mark completed' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Job cards still open' }));
    expect(fake.requestsOf('PUT')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Complete anyway' }));
    await waitFor(() => expect(group.getByText('Completed')).toBeInTheDocument());
    expect(fake.requestsOf('PUT')[0]?.body).toEqual({
      status: 'completed',
      version: 1,
      force: true,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Job cards still open' })).toBeNull(),
    );
  });

  it('saves over the user’s own status move without asking, sending the newer version', async () => {
    const { user } = renderEdit('pending');
    const notes = await screen.findByRole('textbox', { name: 'Notes' });
    await user.type(notes, 'Pack in dozens');
    const group = within(screen.getByRole('group', { name: 'Status' }));
    await user.click(group.getByRole('button', { name: 'Start work' }));
    await waitFor(() => expect(group.getByText('In progress')).toBeInTheDocument());
    expect(notes).toHaveValue('Pack in dozens');

    await user.click(screen.getByRole('button', { name: 'Save order' }));
    expect(await screen.findByText('Orders list')).toBeInTheDocument();
    const puts = fake.requestsOf('PUT').filter((put) => !put.url.pathname.endsWith('/status'));
    expect(puts.map((put) => (put.body as { version: number }).version)).toEqual([2]);
    expect(fake.orders[0]).toMatchObject({ notes: 'Pack in dozens', status: 'in_progress' });
  });

  it('asks when someone else changed the order, and saves the user’s order on request', async () => {
    const { user } = renderEdit('pending');
    const poNumber = await screen.findByRole('textbox', { name: 'PO number' });
    fake.changeElsewhere(ORDER_ID, { poNumber: 'PO-OFFICE' });
    await user.clear(poNumber);
    await user.type(poNumber, 'PO-TABLET');
    await user.click(screen.getByRole('button', { name: 'Save order' }));

    const conflict = await findConflictDialog();
    expect(conflictRows(conflict)).toEqual([['PO number', 'PO-OFFICE', 'PO-TABLET']]);
    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Orders list')).toBeInTheDocument();
    expect(fake.orders[0]).toMatchObject({ poNumber: 'PO-TABLET', version: 3 });
  });
});
