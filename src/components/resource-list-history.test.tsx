import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import MerchantsPage from '@/features/merchants/pages/merchants-page';
import { renderWithProviders } from '@/test/render';
import { auditEntryOf, createAuditLogFake, type AuditLogFake } from '@/test/msw/audit-log';
import { createMerchantsFake, makeMerchants } from '@/test/msw/merchants';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, signInTestUserAs } from '@/test/msw/session';

const server = setupMswServer();
const merchants = makeMerchants(3);
const laxmi = merchants.find((merchant) => merchant.name === 'Laxmi Sarees')!;
let audit: AuditLogFake;

beforeEach(() => {
  signInTestUser();
  audit = createAuditLogFake([
    auditEntryOf({
      entity: 'merchant',
      entityId: laxmi._id,
      action: 'update',
      userName: 'Meena Shah',
      changes: { city: ['Surat', 'Rajkot'] },
    }),
  ]);
  server.use(...createMerchantsFake({ merchants }).handlers, ...audit.handlers);
});

function renderPage() {
  return renderWithProviders(<MerchantsPage />, { path: '/merchants', route: '/merchants' });
}

describe('History on a list page', { timeout: 15_000 }, () => {
  it('opens the row’s history for an owner, with field names from the area', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'History of Laxmi Sarees' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Laxmi Sarees' });
    expect(await within(dialog).findByRole('row', { name: 'City Surat Rajkot' })).toBeVisible();
    expect(within(dialog).getByText('by Meena Shah')).toBeInTheDocument();
    expect(audit.searches.at(-1)?.get('entityId')).toBe(laxmi._id);
  });

  it('gives staff no History action and asks the trail for nothing', async () => {
    signInTestUserAs('staff');
    renderPage();
    expect(await screen.findByRole('button', { name: 'Edit Laxmi Sarees' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'History of Laxmi Sarees' }),
    ).not.toBeInTheDocument();
    expect(audit.searches).toHaveLength(0);
  });
});
