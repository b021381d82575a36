import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../../contract/merchants.ts';
import { ok } from '@/test/msw/envelope';
import { createMerchantsFake, makeMerchants } from '@/test/msw/merchants';
import { duesReport, duesRow } from '@/test/msw/payments';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, signInTestUserAs } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import MerchantsPage from './merchants-page';

const server = setupMswServer();
const merchants = makeMerchants(3);
const [first, second] = merchants as [Merchant, Merchant, Merchant];
let duesAsked = 0;

beforeEach(() => {
  duesAsked = 0;
  server.use(
    http.get('*/api/reports/dues', () => {
      duesAsked += 1;
      return ok(
        duesReport('2026-06-01', [
          duesRow(0, {
            merchantId: first._id,
            merchantName: first.name,
            outstandingAmount: 4250.75,
          }),
        ]),
      );
    }),
    ...createMerchantsFake({ merchants }).handlers,
  );
});

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe("the merchants list's outstanding column", () => {
  it("shows each merchant's outstanding from the dues book, linking to the statement", async () => {
    signInTestUser();
    renderWithProviders(<MerchantsPage />, { path: '/merchants', route: '/merchants' });
    const owing = within(await rowOf(first.name)).findByRole('link', { name: '₹4,250.75' });
    expect(await owing).toHaveAttribute('href', `/customers/${first._id}`);
    expect(
      within(await rowOf(second.name)).getByRole('link', { name: '₹0.00' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Outstanding' })).toBeInTheDocument();
  });

  it('is left out for staff, who may not read the dues book', async () => {
    signInTestUserAs('staff');
    renderWithProviders(<MerchantsPage />, { path: '/merchants', route: '/merchants' });
    await rowOf(first.name);
    expect(screen.queryByRole('columnheader', { name: 'Outstanding' })).not.toBeInTheDocument();
    expect(duesAsked).toBe(0);
  });
});
