import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../../contract/merchants.ts';
import type { OpenBill } from '../../../../contract/payments.ts';
import { ok, validationFailed } from '@/test/msw/envelope';
import { makeBill } from '@/test/msw/bills';
import { createPaymentsFake, makePayment, openBill, PAYMENT_MERCHANTS } from '@/test/msw/payments';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import PaymentsPage from './payments-page';

const server = setupMswServer();
const [asha, bharat] = PAYMENT_MERCHANTS as [Merchant, Merchant, Merchant];

// Oldest first is by bill date: the fake answers in another order on purpose.
const ASHA_BILLS = [
  openBill(3, { totalAmount: 2000, paidAmount: 0 }),
  openBill(1, { totalAmount: 1000, paidAmount: 250.5 }),
  openBill(2, { totalAmount: 600, paidAmount: 0 }),
];

let fake: ReturnType<typeof createPaymentsFake>;

beforeEach(() => {
  localStorage.clear();
  signInTestUser();
  fake = createPaymentsFake({
    payments: [
      makePayment(1, {
        merchantId: bharat._id,
        merchant: { _id: bharat._id, name: bharat.name },
        amount: 800,
        method: 'cash',
        tdsAmount: 20,
        allocations: [{ billId: 'b1', billNumber: 'INV/2026-27/0009', kind: 'bill', amount: 700 }],
        reference: 'UTR77',
      }),
      makePayment(2, {
        merchantId: asha._id,
        merchant: { _id: asha._id, name: asha.name },
        amount: 1500,
        method: 'upi',
      }),
    ],
    openBills: { [asha._id]: ASHA_BILLS },
  });
  server.use(...fake.handlers);
});

afterEach(() => onlineManager.setOnline(true));

const location = () => screen.getByTestId('location').textContent ?? '';

function renderPage(route = '/payments') {
  return renderWithProviders(<PaymentsPage />, { path: '/payments', route });
}

async function openForm(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Record payment' }));
  return screen.findByRole('dialog', { name: 'Record payment' });
}

async function pickMerchant(user: ReturnType<typeof renderPage>['user'], name: string) {
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('combobox', { name: /^Merchant/ }));
  await user.click(await screen.findByRole('option', { name }));
}

async function pickMethod(user: ReturnType<typeof renderPage>['user'], name: string) {
  await user.click(within(screen.getByRole('dialog')).getByRole('combobox', { name: /^Method/ }));
  await user.click(await screen.findByRole('option', { name }));
}

const amountInput = () => screen.getByRole('textbox', { name: /^Amount received/ });
const lineInput = (number: string) =>
  screen.getByRole('textbox', { name: `Amount applied to ${number}` });

/** Opens the form for Asha's open bills and types the amount; picks the method when named. */
async function startPayment(
  user: ReturnType<typeof renderPage>['user'],
  amount: string,
  method?: string,
) {
  await openForm(user);
  await pickMerchant(user, asha.name);
  await screen.findByText('INV/2026-27/0001');
  await user.type(amountInput(), amount);
  if (method) await pickMethod(user, method);
}

async function retype(
  user: ReturnType<typeof renderPage>['user'],
  input: HTMLElement,
  value: string,
) {
  await user.clear(input);
  await user.type(input, value);
}

/** Saves the form and waits for the one request it sends with `method`. */
async function saveAndSend(user: ReturnType<typeof renderPage>['user'], method = 'POST') {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(fake.requestsOf(method)).toHaveLength(1));
  return fake.requestsOf(method)[0]?.body as Record<string, unknown>;
}

describe('the receipts register', { timeout: 20_000 }, () => {
  it('shows how each payment was applied and the advance left', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Payments' });
    const row = (await within(table).findByText(bharat.name)).closest('tr') as HTMLElement;
    expect(within(row).getByText('INV/2026-27/0009: ₹700.00')).toBeInTheDocument();
    expect(within(row).getByText('Cash')).toBeInTheDocument();
    expect(within(row).getByText('UTR77')).toBeInTheDocument();
    expect(within(row).getByText('₹20.00')).toBeInTheDocument();
    expect(within(row).getByText('₹120.00')).toBeInTheDocument();
  });

  it('keeps each run of a reference whole when its column folds under the first cell', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Payments' });
    // A folded table lets long values break anywhere; a reference breaks only at its spaces.
    expect(await within(table).findByText('UTR77')).toHaveStyle({
      overflowWrap: 'normal',
      wordBreak: 'keep-all',
    });
  });

  it('sends its filters from the URL to the list and to the totals of every filtered row', async () => {
    renderPage(`/payments?method=upi&merchantId=${asha._id}`);
    const totals = await screen.findByRole('region', { name: 'Totals of the filtered payments' });
    expect(within(totals).getByText('1 payment')).toBeInTheDocument();
    expect(totals).toHaveTextContent('Received: ₹1,500.00');
    expect(totals).toHaveTextContent('Advance: ₹1,500.00');
    const sent = fake.totalsRequests.at(-1);
    expect(sent?.get('method')).toBe('upi');
    expect(sent?.get('merchantId')).toBe(asha._id);
    const listRequest = fake
      .requestsOf('GET')
      .find((request) => request.url.pathname === '/api/payments');
    expect(listRequest?.url.searchParams.get('method')).toBe('upi');
  });

  it('puts a chosen method in the URL', async () => {
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Payments' });
    await user.click(screen.getByRole('combobox', { name: 'Method' }));
    await user.click(await screen.findByRole('option', { name: 'Cheque' }));
    await waitFor(() => expect(location()).toContain('method=cheque'));
    await waitFor(() => expect(fake.totalsRequests.at(-1)?.get('method')).toBe('cheque'));
    // The download holds the same filtered rows, with headers in the page's language.
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/api\/payments\/export\.csv\?(.+&)?method=cheque&(.+&)?lang=en$/),
    );
  });

  it('names the bills its allocations go back to and the advance before deleting', async () => {
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Payments' });
    await within(table).findByText(bharat.name);
    await user.click(screen.getByRole('button', { name: /^Delete ₹800\.00 from/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete payment?' });
    expect(dialog).toHaveTextContent(
      'Its allocations go back to the bills, which show as owed again: INV/2026-27/0009: ₹700.00.',
    );
    expect(dialog).toHaveTextContent('The ₹120.00 it kept as advance goes too.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.requestsOf('DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Delete ₹1,500\.00 from/ }));
    dialog = await screen.findByRole('dialog', { name: 'Delete payment?' });
    expect(dialog).toHaveTextContent('It settled no bill.');
    expect(dialog).toHaveTextContent('The ₹1,500.00 it kept as advance goes too.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /^Delete ₹800\.00 from/ }));
    dialog = await screen.findByRole('dialog', { name: 'Delete payment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete payment' }));
    await waitFor(() => expect(fake.requestsOf('DELETE')).toHaveLength(1));
  });
});

describe('recording a payment', { timeout: 30_000 }, () => {
  it('proposes the oldest-first split of amount and TDS, with the rest as advance', async () => {
    const { user } = renderPage();
    await startPayment(user, '1000');
    const numbers = within(screen.getByRole('table', { name: 'Bills settled' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(numbers).toEqual(['INV/2026-27/0001', 'INV/2026-27/0002', 'INV/2026-27/0003']);

    await retype(user, screen.getByRole('textbox', { name: /^TDS deducted/ }), '50.5');
    // 749.50 owed on the oldest bill, the next 301.00 of 1,050.50 on the second.
    expect(lineInput('INV/2026-27/0001')).toHaveValue('749.5');
    expect(lineInput('INV/2026-27/0002')).toHaveValue('301');
    expect(lineInput('INV/2026-27/0003')).toHaveValue('0');
    expect(screen.getByTestId('split-advance')).toHaveTextContent('₹0.00');

    await retype(user, amountInput(), '3500');
    expect(lineInput('INV/2026-27/0003')).toHaveValue('2,000');
    expect(screen.getByTestId('split-advance')).toHaveTextContent('₹201.00');
  });

  it('sends no allocations in automatic mode, so the server splits it', async () => {
    const { user } = renderPage();
    await startPayment(user, '900', 'UPI');
    const body = await saveAndSend(user);
    expect(body).not.toHaveProperty('allocations');
    expect(body).toMatchObject({ merchantId: asha._id, amount: 900, tdsAmount: 0, method: 'upi' });
  });

  it('sends explicit allocations once a line is changed by hand', async () => {
    const { user } = renderPage();
    await startPayment(user, '1000', 'Cash');
    await retype(user, lineInput('INV/2026-27/0001'), '100');
    expect(screen.getByRole('checkbox', { name: /Apply automatically/ })).not.toBeChecked();
    // The other lines keep the proposal they showed: 250.50 of the old split went to bill 2.
    expect(lineInput('INV/2026-27/0002')).toHaveValue('250.5');
    expect(screen.getByTestId('split-advance')).toHaveTextContent('₹649.50');
    expect((await saveAndSend(user)).allocations).toEqual([
      { billId: ASHA_BILLS[1]?._id, amount: 100 },
      { billId: ASHA_BILLS[2]?._id, amount: 250.5 },
    ]);
  });

  it('clears the proposed amounts when automatic is switched off and says where the money goes', async () => {
    const { user } = renderPage();
    await startPayment(user, '1000', 'Cash');
    const summary = () => screen.getByTestId('split-summary');
    expect(summary()).toHaveTextContent(
      'Where the money goes: ₹749.50 to INV/2026-27/0001, ₹250.50 to INV/2026-27/0002.',
    );

    await user.click(screen.getByRole('checkbox', { name: /Apply automatically/ }));
    expect(lineInput('INV/2026-27/0001')).toHaveValue('0');
    expect(lineInput('INV/2026-27/0002')).toHaveValue('0');
    expect(summary()).toHaveTextContent('Where the money goes: ₹1,000.00 stays as advance.');

    // The money goes to the bill meant, with nothing left behind on the oldest one.
    await retype(user, lineInput('INV/2026-27/0003'), '600');
    expect(summary()).toHaveTextContent(
      'Where the money goes: ₹600.00 to INV/2026-27/0003, ₹400.00 stays as advance.',
    );
    expect((await saveAndSend(user)).allocations).toEqual([
      { billId: ASHA_BILLS[0]?._id, amount: 600 },
    ]);
  });

  it('refuses a line above its balance before sending', async () => {
    const { user } = renderPage();
    await startPayment(user, '5000', 'Cash');
    await retype(user, lineInput('INV/2026-27/0002'), '700');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('More than this bill still owes')).toBeInTheDocument();
    expect(fake.requestsOf('POST')).toHaveLength(0);
  });

  it("shows the server's errors of an allocation on its line and keeps the form", async () => {
    server.use(
      http.post('*/api/payments', () =>
        validationFailed([
          {
            path: 'allocations.1.amount',
            code: 'invalid_value',
            params: { rule: 'bill_not_open' },
            message: 'This bill is cancelled and cannot take a payment',
          },
        ]),
      ),
    );
    const { user } = renderPage();
    await startPayment(user, '1000', 'Cash');
    await retype(user, lineInput('INV/2026-27/0001'), '100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // allocations.1 is the second line sent: bill 2.
    const message = await screen.findByText('This bill is cancelled and cannot take a payment');
    expect(lineInput('INV/2026-27/0002')).toHaveAccessibleDescription(
      'This bill is cancelled and cannot take a payment',
    );
    expect(message).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Record payment' })).toBeInTheDocument();
    expect(amountInput()).toHaveValue('1,000');
  });

  it("opens from a bill's shortcut with that bill's balance applied to it", async () => {
    const bill = ASHA_BILLS[2] as (typeof ASHA_BILLS)[number];
    server.use(
      http.get('*/api/bills/:id', () =>
        ok(makeBill(2, { _id: bill._id, merchantId: asha._id, balance: 600, totalAmount: 600 })),
      ),
    );
    const { user } = renderPage(`/payments?record=${bill._id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    expect(within(dialog).getByRole('textbox', { name: /^Amount received/ })).toHaveValue('600');
    await screen.findByText('INV/2026-27/0001');
    expect(lineInput('INV/2026-27/0002')).toHaveValue('600');
    expect(lineInput('INV/2026-27/0001')).toHaveValue('0');
    await pickMethod(user, 'Cheque');
    expect((await saveAndSend(user)).allocations).toEqual([{ billId: bill._id, amount: 600 }]);
    await waitFor(() => expect(location()).toBe('/payments'));
  });

  it('re-applies an edit automatically when the stored split was the automatic one', async () => {
    const [bill3, bill1, bill2] = ASHA_BILLS as [OpenBill, OpenBill, OpenBill];
    const edited = makePayment(5, {
      merchantId: asha._id,
      merchant: { _id: asha._id, name: asha.name },
      amount: 1000,
      method: 'cash',
      allocations: [
        { billId: bill1._id, billNumber: bill1.number, kind: 'bill', amount: 749.5 },
        { billId: bill2._id, billNumber: bill2.number, kind: 'bill', amount: 250.5 },
      ],
    });
    fake = createPaymentsFake({
      payments: [edited],
      // After this payment: bill 1 is settled (no longer open), bill 2 owes 349.50.
      openBills: { [asha._id]: [{ ...bill2, paidAmount: 250.5, balance: 349.5 }, bill3] },
    });
    server.use(
      ...fake.handlers,
      http.get('*/api/bills/:id', () =>
        ok(makeBill(1, { _id: bill1._id, number: bill1.number, billDate: bill1.billDate })),
      ),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Edit ₹1,000\.00 from/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit payment' });
    // Its own shares count back: bill 1 can take 749.50 again, bill 2 600.00.
    await waitFor(() => expect(lineInput(bill1.number)).toHaveValue('749.5'));
    expect(lineInput(bill2.number)).toHaveValue('250.5');
    expect(within(dialog).getByRole('checkbox', { name: /Apply automatically/ })).toBeChecked();
    await retype(user, within(dialog).getByRole('textbox', { name: /^Amount received/ }), '1200');
    expect(lineInput(bill2.number)).toHaveValue('450.5');
    const body = await saveAndSend(user, 'PUT');
    expect(body).not.toHaveProperty('allocations');
    expect(body).toMatchObject({ amount: 1200, version: 1 });
  });

  it('is queued offline without allocations and listed as not yet synced', async () => {
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Payments' });
    await startPayment(user, '640', 'Cash');
    act(() => onlineManager.setOnline(false));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Record payment' })).not.toBeInTheDocument(),
    );
    expect(fake.requestsOf('POST')).toHaveLength(0);
    const table = screen.getByRole('table', { name: 'Payments' });
    await waitFor(() => expect(table.querySelector('[data-pending-sync]')).not.toBeNull());
    // Queued, it carries only the merchant's id: the name comes from the merchants list.
    const pendingRow = table.querySelector<HTMLElement>('[data-pending-sync]')!.closest('tr')!;
    expect(within(pendingRow).getByText(asha.name)).toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(fake.requestsOf('POST')).toHaveLength(1));
    expect(fake.requestsOf('POST')[0]?.body).not.toHaveProperty('allocations');
    // The server split it when it arrived.
    expect(fake.records[0]?.allocations.map((row) => row.amount)).toEqual([640]);
  });
});
