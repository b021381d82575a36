import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BILL_MERCHANTS, createBillsFake, finishedOrder, makeBill } from '@/test/msw/bills';
import { validationFailed } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { setupChecklistHandler } from '@/test/msw/setup-checklist';
import { signInTestUser } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import ExportBillReviewPage from './export-bill-review-page';

const server = setupMswServer(setupChecklistHandler());
let fake: ReturnType<typeof createBillsFake>;

const [gujarat, maharashtra] = BILL_MERCHANTS.map((merchant) => merchant.name) as [string, string];

beforeEach(() => {
  signInTestUser();
  fake = createBillsFake({
    orders: [finishedOrder(1, 0, 425), finishedOrder(2, 0, 540), finishedOrder(3, 1, 1000)],
    bills: [makeBill(1)],
  });
  server.use(...fake.handlers);
});

afterEach(() => {
  onlineManager.setOnline(true);
  localStorage.clear();
});

function renderDesk(route = '/export-bill-review') {
  return renderWithProviders(<ExportBillReviewPage />, {
    path: '/export-bill-review/:orderId?',
    route,
    routes: [{ path: '/billing/:billId/print', element: <p>Print page</p> }],
  });
}

const preview = () =>
  within(screen.getByRole('region', { name: 'Make bill' })).getByRole('group', {
    name: 'Figures of the bill',
  });
const posts = () => fake.requests.filter((request) => request.method === 'POST');

/** "Make bill" opens the review; only its "Issue bill" sends the bill. */
async function issue(user: ReturnType<typeof renderDesk>['user']) {
  await user.click(screen.getByRole('button', { name: 'Make bill' }));
  const review = await screen.findByRole('dialog', { name: 'Review the bill before issuing' });
  await user.click(within(review).getByRole('button', { name: 'Issue bill' }));
}
const previewRow = (label: string | RegExp) =>
  within(preview()).getByText(label).parentElement?.lastElementChild?.textContent;

describe('export bill review', { timeout: 30_000 }, () => {
  it('groups the unbilled orders by merchant with their counts and totals', async () => {
    renderDesk();
    const first = await screen.findByRole('region', { name: gujarat });
    expect(within(first).getByText('Orders: 2')).toBeInTheDocument();
    expect(within(first).getByText('₹965.00')).toBeInTheDocument();
    const second = screen.getByRole('region', { name: maharashtra });
    expect(within(second).getByText('Orders: 1')).toBeInTheDocument();
    expect(within(second).getAllByText('₹1,000.00')).toHaveLength(2);
    expect(screen.getByText('INV/2026-27/0001')).toBeInTheDocument();
  });

  it('keeps the selection to one merchant and says so when it switches', async () => {
    const { user } = renderDesk();
    await user.click(await screen.findByRole('checkbox', { name: 'Bill PO-001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bill PO-002' }));
    expect(screen.getByText(`Selected for ${gujarat}: 2`)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Bill PO-003' }));
    expect(screen.getByRole('checkbox', { name: 'Bill PO-001' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bill PO-002' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bill PO-003' })).toBeChecked();
    expect(screen.getByText(`Selected for ${maharashtra}: 1`)).toBeInTheDocument();
    expect(
      screen.getByText(
        `A bill is for one merchant: the selection now holds ${maharashtra}'s orders only.`,
      ),
    ).toBeInTheDocument();
  });

  it('previews CGST and SGST within the state, IGST outside it, and no tax on a bill of supply', async () => {
    const { user } = renderDesk();
    await user.click(await screen.findByRole('checkbox', { name: 'Bill PO-001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bill PO-002' }));
    expect(previewRow('Taxable value')).toBe('₹965.00');
    expect(previewRow('CGST 2.5 %')).toBe('₹24.13');
    expect(previewRow('SGST 2.5 %')).toBe('₹24.13');
    expect(previewRow('Round-off')).toBe('-₹0.26');
    expect(previewRow('Total')).toBe('₹1,013.00');

    await user.click(screen.getByRole('checkbox', { name: 'Bill PO-003' }));
    expect(within(preview()).queryByText(/CGST/)).not.toBeInTheDocument();
    expect(previewRow('IGST 5 %')).toBe('₹50.00');
    expect(previewRow('Total')).toBe('₹1,050.00');

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Bill of supply' }));
    expect(within(preview()).queryByText(/IGST/)).not.toBeInTheDocument();
    expect(previewRow('Total')).toBe('₹1,000.00');
  });

  it('takes the bill and due dates in the shared date field, the due date following the bill date', async () => {
    const { user } = renderDesk();
    await user.click(await screen.findByRole('checkbox', { name: 'Bill PO-001' }));
    const billDate = screen.getByRole('textbox', { name: /^Bill date/ });
    const dueDate = screen.getByRole('textbox', { name: /^Due date/ });
    expect(billDate).not.toHaveAttribute('type', 'date');
    expect(billDate).toHaveValue(dayjs().format('DD MMM YYYY'));
    // The profile's payment terms: 15 days.
    expect(dueDate).toHaveValue(dayjs().add(15, 'day').format('DD MMM YYYY'));

    await user.clear(billDate);
    await user.type(billDate, '01 Jun 2026');
    await user.tab();
    await waitFor(() => expect(dueDate).toHaveValue('16 Jun 2026'));
    await issue(user);
    await screen.findByText(/^Bill .+ is made\.$/);
    expect(fake.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      billDate: '2026-06-01',
      dueDate: '2026-06-16',
    });
  });

  it("keeps every input and shows the server's reasons on the fields when a bill is refused", async () => {
    server.use(
      http.post('*/api/bills', () =>
        validationFailed([
          {
            path: 'dueDate',
            code: 'too_small',
            params: { minimum: '2026-06-10' },
            message: 'The due date cannot be before the bill date (2026-06-10)',
          },
          { path: 'orderIds.0', code: 'not_found', message: 'Order not found' },
        ]),
      ),
    );
    const { user } = renderDesk();
    await user.click(await screen.findByRole('checkbox', { name: 'Bill PO-001' }));
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.type(notes, 'Second lot');
    await issue(user);

    const dueDate = screen.getByRole('textbox', { name: /^Due date/ });
    await waitFor(() => expect(dueDate).toHaveAttribute('aria-invalid', 'true'));
    expect(dueDate).toHaveAccessibleDescription(/The due date cannot be before the bill date/);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent('This record does not exist');
    expect(notes).toHaveValue('Second lot');
    expect(screen.queryByText(/^Bill .+ is made\.$/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make bill' })).toBeEnabled();
  });

  it("keeps what was typed as a draft that the merchant's panel offers back after a reload", async () => {
    const first = renderDesk();
    await first.user.click(await screen.findByRole('checkbox', { name: 'Bill PO-001' }));
    await first.user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Deliver Friday');
    const drafts = () =>
      Object.keys(localStorage).filter((key) => key.startsWith('karkhana:draft:')).length;
    await waitFor(() => expect(drafts()).toBe(1));
    first.unmount();

    const second = renderDesk();
    await second.user.click(await screen.findByRole('checkbox', { name: 'Bill PO-002' }));
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('');
    expect(screen.getByText(/Unsaved entries from/)).toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Deliver Friday');
  });

  it('opens a review on "Make bill" and sends nothing until "Issue bill"', async () => {
    const { user } = renderDesk();
    await user.click(await screen.findByRole('checkbox', { name: 'Bill PO-001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bill PO-002' }));
    await user.click(screen.getByRole('button', { name: 'Make bill' }));

    const review = await screen.findByRole('dialog', { name: 'Review the bill before issuing' });
    expect(posts()).toHaveLength(0);
    expect(review).toHaveTextContent(`Merchant: ${gujarat}`);
    expect(review).toHaveTextContent('Orders: PO-001, PO-002');
    expect(review).toHaveTextContent('Place of supply: 24 Gujarat');
    const lines = within(within(review).getByRole('table', { name: 'Lines of the bill' }));
    expect(
      lines
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringMatching(/^PO-001.+1₹425\.00₹425\.00$/),
      expect.stringMatching(/^PO-002.+1₹540\.00₹540\.00$/),
    ]);
    const figures = within(within(review).getByRole('group', { name: 'Figures of the bill' }));
    const figure = (label: string) =>
      figures.getByText(label).parentElement?.lastElementChild?.textContent;
    expect(figure('Taxable value')).toBe('₹965.00');
    expect(figure('CGST 2.5 %')).toBe('₹24.13');
    expect(figure('SGST 2.5 %')).toBe('₹24.13');
    expect(figures.queryByText(/IGST/)).not.toBeInTheDocument();
    expect(figure('Round-off')).toBe('-₹0.26');
    expect(figure('Total')).toBe('₹1,013.00');
    expect(
      await within(review).findByText('Will be numbered about INV/2026-27/0002'),
    ).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await user.click(within(review).getByRole('button', { name: 'Issue bill' }));
    expect(await screen.findByText('Bill INV/2026-27/0002 is made.')).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    expect(fake.records[0]?.totalAmount).toBe(1013);
  });

  it('forecasts no number offline, even one read before the network dropped', async () => {
    const { user } = renderDesk();
    await user.click(await screen.findByRole('checkbox', { name: 'Bill PO-001' }));
    await user.click(screen.getByRole('button', { name: 'Make bill' }));
    let review = await screen.findByRole('dialog', { name: 'Review the bill before issuing' });
    expect(
      await within(review).findByText('Will be numbered about INV/2026-27/0002'),
    ).toBeInTheDocument();
    await user.click(within(review).getByRole('button', { name: 'Back to edit' }));

    onlineManager.setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Make bill' }));
    review = await screen.findByRole('dialog', { name: 'Review the bill before issuing' });
    expect(within(review).getByText('Numbered when you are back online')).toBeInTheDocument();
    expect(
      within(review).getByText(
        'The bill is kept on this device and takes the next free number when it reaches the server.',
      ),
    ).toBeInTheDocument();
    expect(within(review).queryByText(/Will be numbered about/)).not.toBeInTheDocument();
  });

  it('reviews IGST for a merchant of another state', async () => {
    const { user } = renderDesk();
    await user.click(await screen.findByRole('checkbox', { name: 'Bill PO-003' }));
    await user.click(screen.getByRole('button', { name: 'Make bill' }));
    const review = await screen.findByRole('dialog', { name: 'Review the bill before issuing' });
    expect(review).toHaveTextContent(`Merchant: ${maharashtra}`);
    expect(review).toHaveTextContent('Place of supply: 27 Maharashtra');
    const figures = within(within(review).getByRole('group', { name: 'Figures of the bill' }));
    const figure = (label: string) =>
      figures.getByText(label).parentElement?.lastElementChild?.textContent;
    expect(figure('Taxable value')).toBe('₹1,000.00');
    expect(figures.queryByText(/CGST|SGST/)).not.toBeInTheDocument();
    expect(figure('IGST 5 %')).toBe('₹50.00');
    expect(figure('Round-off')).toBe('₹0.00');
    expect(figure('Total')).toBe('₹1,050.00');
    expect(posts()).toHaveLength(0);
  });

  it('makes no bill when the review is left with "Back to edit"', async () => {
    const { user } = renderDesk();
    await user.click(await screen.findByRole('checkbox', { name: 'Bill PO-001' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Second lot');
    await user.click(screen.getByRole('button', { name: 'Make bill' }));
    const review = await screen.findByRole('dialog', { name: 'Review the bill before issuing' });
    await user.click(within(review).getByRole('button', { name: 'Back to edit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts()).toHaveLength(0);
    expect(fake.records).toHaveLength(1);
    expect(screen.queryByText(/^Bill .+ is made\.$/)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Bill PO-001' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Second lot');
    expect(screen.getByRole('button', { name: 'Make bill' })).toBeEnabled();
  });

  it('makes the bill with one request and links to its print page', async () => {
    const { user } = renderDesk();
    await user.click(await screen.findByRole('checkbox', { name: 'Bill PO-001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bill PO-002' }));
    await issue(user);

    const made = await screen.findByText('Bill INV/2026-27/0002 is made.');
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(posts()[0]?.body).toMatchObject({
      merchantId: BILL_MERCHANTS[0]?._id,
      orderIds: [fake.orders[0]?._id, fake.orders[1]?._id],
      billType: 'tax_invoice',
      gstRate: 5,
      sac: '998821',
      placeOfSupply: '24',
    });
    const link = within(made.closest('[role="status"]') as HTMLElement).getByRole('link', {
      name: 'Open and print',
    });
    expect(link).toHaveAttribute('href', `/billing/${fake.records[0]?._id}/print`);
    // The billed orders leave the desk.
    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: 'Bill PO-001' })).not.toBeInTheDocument(),
    );
  });

  it('queues a bill made offline and lists it without a number until it syncs', async () => {
    const { user } = renderDesk();
    await user.click(await screen.findByRole('checkbox', { name: 'Bill PO-003' }));
    onlineManager.setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Make bill' }));
    const review = await screen.findByRole('dialog', { name: 'Review the bill before issuing' });
    // Offline no number can be forecast: it is given when the bill reaches the server.
    expect(within(review).getByText('Numbered when you are back online')).toBeInTheDocument();
    await user.click(within(review).getByRole('button', { name: 'Issue bill' }));

    expect(
      await screen.findByText(
        'The bill is saved on this device and gets its number when you are online.',
      ),
    ).toBeInTheDocument();
    const latest = screen.getByRole('table', { name: 'Latest bills' });
    expect(within(latest).getByText('Number given when online')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    // Its order cannot be put on a second bill meanwhile.
    expect(screen.queryByRole('checkbox', { name: 'Bill PO-003' })).not.toBeInTheDocument();

    onlineManager.setOnline(true);
    await waitFor(() => expect(posts()).toHaveLength(1));
    await waitFor(() =>
      expect(within(latest).queryByText('Number given when online')).not.toBeInTheDocument(),
    );
    expect(await within(latest).findByText('INV/2026-27/0002')).toBeInTheDocument();
  });

  it("shows an order's bill on its own page once it is billed", async () => {
    const billed = fake.orders[0];
    if (!billed) throw new Error('fixture');
    billed.billId = 'bill-1';
    billed.billNumber = 'INV/2026-27/0001';
    renderDesk(`/export-bill-review/${billed._id}`);
    expect(
      await screen.findByText('Order PO-001 is on bill INV/2026-27/0001.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open and print' })).toHaveAttribute(
      'href',
      '/billing/bill-1/print',
    );
  });

  it('previews an unbilled order alone on its own page', async () => {
    renderDesk(`/export-bill-review/${fake.orders[2]?._id}`);
    expect(
      await screen.findByText('The bill order PO-003 would make on its own.'),
    ).toBeInTheDocument();
    expect(previewRow('IGST 5 %')).toBe('₹50.00');
    expect(screen.getByRole('button', { name: 'Make bill' })).toBeEnabled();
  });
});
