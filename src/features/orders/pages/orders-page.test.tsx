import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { testId } from '@/test/msw/merchants';
import { createOrdersFake, makeOrder, ORDER_MERCHANTS } from '@/test/msw/orders';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import OrdersPage from './orders-page';

const server = setupMswServer();
let fake: ReturnType<typeof createOrdersFake>;

function renderPage(route = '/orders') {
  return renderWithProviders(<OrdersPage />, {
    path: '/orders',
    route,
    routes: [
      { path: '/orders/create', element: <p>Order create page</p> },
      { path: '/orders/edit/:orderId', element: <p>Order edit page</p> },
    ],
  });
}

const location = () => screen.getByTestId('location').textContent;
const rowOf = (poNumber: string) =>
  screen.getByRole('link', { name: poNumber }).closest('tr') as HTMLElement;
const poNumbers = () =>
  within(screen.getByRole('table', { name: 'Orders' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

beforeEach(() => {
  signInTestUser();
  fake = createOrdersFake([
    makeOrder(3, { status: 'in_progress' }),
    makeOrder(2, { status: 'delivered', isPaid: true }),
    makeOrder(1, { status: 'cancelled' }),
  ]);
  server.use(...fake.handlers);
});

describe('OrdersPage', { timeout: 20_000 }, () => {
  it('lists orders with merchant, design codes, status badge, total and paid switch', async () => {
    renderPage();
    await screen.findByText('Showing 1–3 of 3');
    expect(poNumbers()).toEqual(['PO-003', 'PO-002', 'PO-001']);
    const row = within(rowOf('PO-003'));
    // makeOrder(3): second merchant, second design (Mango buta, ₹18) × 30.
    expect(row.getByText(ORDER_MERCHANTS[1]?.name ?? '')).toBeInTheDocument();
    expect(row.getByText('MANGO-07')).toBeInTheDocument();
    expect(row.getByText('In progress')).toBeInTheDocument();
    expect(row.getByText('₹540.00')).toBeInTheDocument();
    expect(within(rowOf('PO-002')).getByText('Delivered')).toBeInTheDocument();
    expect(within(rowOf('PO-001')).getByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Paid: PO-002' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Paid: PO-003' })).not.toBeChecked();
  });

  it('puts the status and payment filters into the URL and the request', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–3 of 3');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Delivered' }));
    await waitFor(() => expect(location()).toBe('/orders?status=delivered'));
    await waitFor(() => expect(poNumbers()).toEqual(['PO-002']));
    expect(fake.listQueries().at(-1)?.get('status')).toBe('delivered');

    await user.click(screen.getByRole('combobox', { name: 'Payment' }));
    await user.click(await screen.findByRole('option', { name: 'Unpaid' }));
    await waitFor(() => expect(location()).toBe('/orders?status=delivered&isPaid=false'));
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    // The empty list then asks once without filters, to know whether they hide orders.
    const filtered = fake.listQueries().filter((query) => query.has('status'));
    expect(filtered.at(-1)?.get('isPaid')).toBe('false');
    expect(fake.listQueries().at(-1)?.toString()).toBe('page=1&limit=1');

    await user.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]!);
    await waitFor(() => expect(location()).toBe('/orders'));
    await screen.findByText('Showing 1–3 of 3');
  });

  it('reads the merchant filter from the URL', async () => {
    const merchant = ORDER_MERCHANTS[0];
    renderPage(`/orders?merchantId=${merchant?._id}`);
    await screen.findByText('Showing 1–1 of 1');
    expect(poNumbers()).toEqual(['PO-002']);
    expect(fake.listQueries().at(-1)?.get('merchantId')).toBe(merchant?._id);
  });

  it('marks an order paid from its switch, sending only the flag', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–3 of 3');
    await user.click(screen.getByRole('switch', { name: 'Paid: PO-003' }));
    expect(await screen.findByText('Order updated successfully')).toBeInTheDocument();
    const put = fake.requestsOf('PUT')[0];
    expect(put?.url.pathname).toBe(`/api/orders/${testId(8203)}`);
    expect(put?.body).toEqual({ isPaid: true, version: 1 });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Paid: PO-003' })).toBeChecked());
  });

  it('links to the create page and to each order for editing', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–3 of 3');
    expect(screen.getByRole('link', { name: 'New order' })).toHaveAttribute(
      'href',
      '/orders/create',
    );
    await user.click(screen.getByRole('button', { name: 'Edit PO-001' }));
    expect(await screen.findByText('Order edit page')).toBeInTheDocument();
    expect(location()).toBe(`/orders/edit/${testId(8201)}`);
  });

  it("shows a billed order's bill number beside its PO number, linking to its bill", async () => {
    fake = createOrdersFake([
      makeOrder(2, {
        status: 'delivered',
        billId: testId(8702),
        billNumber: 'INV/2026-27/0002',
      }),
      makeOrder(1, { status: 'completed' }),
    ]);
    server.use(...fake.handlers);
    renderPage();
    await screen.findByText('Showing 1–2 of 2');
    const bill = within(rowOf('PO-002')).getByRole('link', { name: 'Bill INV/2026-27/0002' });
    expect(bill).toHaveTextContent('INV/2026-27/0002');
    expect(bill).toHaveAttribute('href', `/export-bill-review/${testId(8202)}`);
    expect(
      within(rowOf('PO-001'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['PO-001']);
    // Payments move a billed order's paid flag; only the unbilled one can be switched by hand.
    expect(within(rowOf('PO-002')).getByRole('switch', { name: 'Paid: PO-002' })).toBeDisabled();
    expect(within(rowOf('PO-001')).getByRole('switch', { name: 'Paid: PO-001' })).toBeEnabled();
  });

  it('deletes an order after confirmation', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–3 of 3');
    await user.click(screen.getByRole('button', { name: 'Delete PO-001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete order?' });
    expect(dialog).toHaveTextContent(`Order PO-001 from ${ORDER_MERCHANTS[1]?.name}`);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Order deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(poNumbers()).toEqual(['PO-003', 'PO-002']));
    expect(fake.requestsOf('DELETE')[0]?.url.pathname).toBe(`/api/orders/${testId(8201)}`);
  });
});
