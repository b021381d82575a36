import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SetupChecklist } from '../../contract/setup-checklist.ts';
import type { SampleWorkshop } from '../../contract/sample-workshop.ts';
import { renderWithProviders } from '@/test/render';
import { ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { SetupChecklistCard } from './setup-checklist-card';

const server = setupMswServer();

const checklist: SetupChecklist = {
  steps: {
    profile: false,
    merchants: false,
    designs: false,
    workers: false,
    stages: false,
    firstOrder: false,
    inviteStaff: false,
  },
  billingProfileGaps: ['gstin', 'state', 'address', 'bankOrUpi'],
  dismissed: false,
};

const sample: SampleWorkshop = {
  organizationId: '0190f1a0-0000-7000-8000-000000000001',
  name: 'Shree Ganesh Textiles',
  createdAt: '2026-03-11T12:00:00.000Z',
};

let existing: SampleWorkshop | null;
let deletions: number;

beforeEach(() => {
  existing = null;
  deletions = 0;
  signInTestUser();
  server.use(
    http.get('*/api/setup-checklist', () => ok(checklist)),
    http.get('*/api/sample-workshop', () => ok({ sample: existing })),
    http.post('*/api/sample-workshop/open', () => {
      existing = sample;
      return ok({ sample, openingToken: 'one-time-token', expiresAt: '2026-03-11T12:02:00.000Z' });
    }),
    http.delete('*/api/sample-workshop', () => {
      deletions += 1;
      existing = null;
      return ok({ sample: null });
    }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderCard() {
  return renderWithProviders(<SetupChecklistCard />, { path: '/', route: '/' });
}

describe('the sample workshop on the setup checklist', () => {
  it('opens the sample in a new tab with a one-time token in the fragment only', async () => {
    const replace = vi.fn();
    const tab = { opener: {} as unknown, location: { replace }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderCard();
    const card = await screen.findByRole('region', { name: 'Set up your workshop' });

    await user.click(await within(card).findByRole('button', { name: 'Open a sample workshop' }));
    await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(replace).toHaveBeenCalledWith('/order-analytics#sample-opening=one-time-token');
    // The sample's tab gets no handle on this one.
    expect(tab.opener).toBeNull();
    expect(
      await within(card).findByRole('button', { name: 'Open the sample workshop' }),
    ).toBeInTheDocument();
  });

  it('offers a link when the browser blocks the new tab', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderCard();
    const card = await screen.findByRole('region', { name: 'Set up your workshop' });
    await user.click(await within(card).findByRole('button', { name: 'Open a sample workshop' }));
    const link = await within(card).findByRole('link', {
      name: 'The browser blocked the new tab. Open the sample workshop here.',
    });
    expect(link).toHaveAttribute('href', '/order-analytics#sample-opening=one-time-token');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('deletes the sample after a confirmation', async () => {
    existing = sample;
    const { user } = renderCard();
    const card = await screen.findByRole('region', { name: 'Set up your workshop' });
    await user.click(
      await within(card).findByRole('button', { name: 'Delete the sample workshop' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete the sample workshop?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete the sample workshop' }));
    await waitFor(() => expect(deletions).toBe(1));
    await waitFor(() =>
      expect(
        within(card).queryByRole('button', { name: 'Delete the sample workshop' }),
      ).not.toBeInTheDocument(),
    );
    expect(
      within(card).getByRole('button', { name: 'Open a sample workshop' }),
    ).toBeInTheDocument();
  });
});
