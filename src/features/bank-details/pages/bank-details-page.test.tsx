import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BankDetail } from '../../../../contract/bank-details.ts';
import { renderWithProviders } from '@/test/render';
import { fail, ok } from '@/test/msw/envelope';
import { storedFields } from '@/test/fixtures';
import { createResourceFake, testId, type ResourceFake } from '@/test/msw/resource-fake';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { maskAccountNumber } from '../account-number';
import { bankDetails } from '@/features/bank-details/resource';
import BankDetailsPage from './bank-details-page';

const server = setupMswServer();

function makeAccount(n: number, fields: Partial<BankDetail>): BankDetail {
  return {
    ...storedFields(n),
    bankName: `Bank ${n}`,
    accountHolderName: null,
    accountNumber: `1234567${n}`,
    ifscCode: 'HDFC0000123',
    branch: null,
    isActive: false,
    ...fields,
  };
}

let fake: ResourceFake<BankDetail>;
const writes = () =>
  fake.requests
    .filter((request) => request.method !== 'GET')
    .map(({ method, url, body }) => ({ method, path: url.pathname, body }));

beforeEach(() => {
  signInTestUser();
  fake = createResourceFake<BankDetail>({
    resource: bankDetails,
    records: [
      makeAccount(2, { bankName: 'HDFC Bank', accountNumber: '50200012345678', isActive: true }),
      makeAccount(1, {
        bankName: 'State Bank of India',
        accountNumber: '32145678901',
        ifscCode: 'SBIN0001043',
      }),
    ],
    blank: makeAccount(0, {}),
    list: {
      sortable: ['bankName', 'createdAt'],
      defaultSort: '-createdAt',
      shapePage: (page) => ({ ...page, hasPreviousPage: page.hasPrevPage }),
    },
    pickListSort: 'bankName',
  });
  server.use(
    http.get('*/api/bank-details/active', () => {
      const active = fake.records.find((a) => a.isActive);
      return active ? ok(active) : fail(404, 'No active bank detail found');
    }),
    http.patch('*/api/bank-details/:id/set-active', ({ params, request }) => {
      fake.requests.push({
        method: 'PATCH',
        url: new URL(request.url),
        headers: request.headers,
        body: undefined,
      });
      for (const account of fake.records) account.isActive = account._id === params.id;
      return ok(fake.records.find((a) => a._id === params.id));
    }),
    ...fake.handlers,
  );
});

function renderPage(route = '/bank-details') {
  return renderWithProviders(<BankDetailsPage />, { path: '/bank-details', route });
}

const activeCard = () => screen.getByRole('region', { name: 'Account printed on bills' });

describe('BankDetailsPage', { timeout: 15_000 }, () => {
  it('masks account numbers except the last four digits and reveals one on request', async () => {
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Bank accounts' });
    await within(table).findByText('HDFC Bank');
    expect(within(table).getByText('•••• 5678')).toBeInTheDocument();
    expect(within(table).getByText('•••• 8901')).toBeInTheDocument();
    expect(within(table).queryByText('50200012345678')).not.toBeInTheDocument();

    await user.click(
      within(table).getByRole('button', { name: 'Show the account number of HDFC Bank' }),
    );
    expect(within(table).getByText('50200012345678')).toBeInTheDocument();
    // Only the one asked for.
    expect(within(table).getByText('•••• 8901')).toBeInTheDocument();
    await user.click(
      within(table).getByRole('button', { name: 'Hide the account number of HDFC Bank' }),
    );
    expect(within(table).queryByText('50200012345678')).not.toBeInTheDocument();
  });

  it('shows which account is active and switches it', async () => {
    const { user } = renderPage();
    await waitFor(() =>
      expect(within(activeCard()).getByTestId('active-bank-detail')).toHaveTextContent(
        'HDFC Bank · •••• 5678 · HDFC0000123',
      ),
    );
    const table = screen.getByRole('table', { name: 'Bank accounts' });
    const hdfcRow = within(table).getByText('HDFC Bank').closest('tr')!;
    expect(within(hdfcRow).getByText('Active')).toBeInTheDocument();

    await user.click(
      within(table).getByRole('button', { name: 'Set active: State Bank of India' }),
    );
    expect(await screen.findByText('Bank detail set as active successfully')).toBeInTheDocument();
    expect(writes()).toEqual([
      { method: 'PATCH', path: `/api/bank-details/${testId(1)}/set-active`, body: undefined },
    ]);
    await waitFor(() =>
      expect(within(activeCard()).getByTestId('active-bank-detail')).toHaveTextContent(
        'State Bank of India',
      ),
    );
    await waitFor(() =>
      expect(
        within(table).getByRole('button', { name: 'Set active: HDFC Bank' }),
      ).toBeInTheDocument(),
    );
  });

  it('treats a 404 from /active as "no active account", not as an error', async () => {
    for (const account of fake.records) account.isActive = false;
    renderPage();
    expect(
      await within(activeCard()).findByText(
        'No active account. Set one active so that it appears on bills.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch active bank detail')).not.toBeInTheDocument();
  });

  it('shows translated validation messages for account number and IFSC code', async () => {
    const { user } = renderPage();
    await screen.findByText('HDFC Bank');
    await user.click(screen.getByRole('button', { name: 'Add bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add bank account' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const bankName = within(dialog).getByRole('textbox', { name: 'Bank name' });
    const accountNumber = within(dialog).getByRole('textbox', { name: 'Account number' });
    const ifsc = within(dialog).getByRole('textbox', { name: 'IFSC code' });
    await waitFor(() => expect(bankName).toHaveAttribute('aria-invalid', 'true'));
    for (const input of [bankName, accountNumber, ifsc]) {
      expect(input).toHaveAccessibleDescription(expect.stringContaining('This field is required'));
    }

    await user.type(accountNumber, '12AB5');
    await user.type(ifsc, 'HDFC1000123');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(accountNumber).toHaveAccessibleDescription(
        expect.stringContaining('Account number must be 6 to 20 digits'),
      ),
    );
    expect(ifsc).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid IFSC code (e.g. HDFC0001234)'),
    );
    expect(writes()).toHaveLength(0);
  });

  it('creates an active account with the IFSC code upper-cased', async () => {
    const { user } = renderPage();
    await screen.findByText('HDFC Bank');
    await user.click(screen.getByRole('button', { name: 'Add bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add bank account' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Bank name' }), 'Axis Bank');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Account number' }),
      '912010045678',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'IFSC code' }), 'utib0000567');
    await user.click(within(dialog).getByRole('switch', { name: /Active account/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Bank detail created successfully')).toBeInTheDocument();
    expect(writes()[0]?.body).toEqual({
      bankName: 'Axis Bank',
      accountHolderName: null,
      accountNumber: '912010045678',
      ifscCode: 'UTIB0000567',
      branch: null,
      isActive: true,
    });
  });

  it("shows the server's message when setting active fails", async () => {
    server.use(
      http.patch('*/api/bank-details/:id/set-active', () => fail(404, 'Bank detail not found')),
    );
    const { user } = renderPage();
    await screen.findByText('State Bank of India');
    await user.click(screen.getByRole('button', { name: 'Set active: State Bank of India' }));
    expect(
      await screen.findByText('This record no longer exists. It may have been deleted.'),
    ).toBeInTheDocument();
  });
});

describe('maskAccountNumber', () => {
  it('keeps only the last four digits', () => {
    expect(maskAccountNumber('50200012345678')).toBe('•••• 5678');
    expect(maskAccountNumber('123456')).toBe('•••• 3456');
  });
});
