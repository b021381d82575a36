import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SetupChecklist } from '../../contract/setup-checklist.ts';
import { renderWithProviders } from '@/test/render';
import { ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, signInTestUserAs } from '@/test/msw/session';
import { INSTALL_STEP_DONE_KEY } from '@/lib/pwa/install-step';
import { SetupChecklistCard } from './setup-checklist-card';

const server = setupMswServer();

const fresh: SetupChecklist = {
  steps: {
    profile: false,
    merchants: true,
    designs: true,
    workers: false,
    stages: false,
    firstOrder: false,
    inviteStaff: false,
  },
  billingProfileGaps: ['gstin', 'state'],
  dismissed: false,
};

let dismissals = 0;
function serve(checklist: SetupChecklist) {
  server.use(
    http.get('*/api/setup-checklist', () => ok(checklist)),
    http.get('*/api/sample-workshop', () => ok({ sample: null })),
    http.post('*/api/setup-checklist/dismiss', () => {
      dismissals += 1;
      return ok({ ...checklist, dismissed: true });
    }),
  );
}

function renderCard() {
  return renderWithProviders(<SetupChecklistCard />, { path: '/', route: '/' });
}

const stepRow = (step: string) =>
  document.querySelector<HTMLElement>(`[data-step="${step}"]`) ?? undefined;

beforeEach(() => {
  dismissals = 0;
  localStorage.removeItem(INSTALL_STEP_DONE_KEY);
  signInTestUser();
});

describe('SetupChecklistCard', () => {
  it('ticks the steps the records show done, counts them and links the rest', async () => {
    serve(fresh);
    renderCard();
    const card = await screen.findByRole('region', { name: 'Set up your workshop' });
    expect(within(card).getAllByText('2 of 8 done')).not.toHaveLength(0);
    expect(stepRow('merchants')).toHaveAttribute('data-done', 'true');
    expect(stepRow('profile')).toHaveAttribute('data-done', 'false');
    for (const [name, href] of [
      ['Fill in the profile', '/settings/account'],
      ['Take an order', '/orders/create'],
    ]) {
      expect(within(card).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // A done step has nothing left to open.
    expect(within(card).queryByRole('link', { name: 'Add merchants' })).not.toBeInTheDocument();
  });

  it('ticks the install step when it is marked done on this device', async () => {
    serve(fresh);
    const { user } = renderCard();
    await screen.findByRole('region', { name: 'Set up your workshop' });
    await user.click(screen.getByRole('button', { name: 'Mark as done' }));
    expect(stepRow('install')).toHaveAttribute('data-done', 'true');
    expect(screen.getAllByText('3 of 8 done')).not.toHaveLength(0);
    expect(localStorage.getItem(INSTALL_STEP_DONE_KEY)).toBe('true');
  });

  it('is put away for the organization with its dismiss button', async () => {
    serve(fresh);
    const { user } = renderCard();
    await screen.findByRole('region', { name: 'Set up your workshop' });
    await user.click(screen.getByRole('button', { name: 'Hide checklist' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Set up your workshop' }),
      ).not.toBeInTheDocument(),
    );
    expect(dismissals).toBe(1);
  });

  it('stays away once dismissed or once every step is done', async () => {
    serve({ ...fresh, dismissed: true });
    const { unmount } = renderCard();
    await waitFor(() => expect(document.querySelector('[data-step]')).toBeNull());
    unmount();

    localStorage.setItem(INSTALL_STEP_DONE_KEY, 'true');
    const allDone = Object.fromEntries(
      Object.keys(fresh.steps).map((step) => [step, true]),
    ) as SetupChecklist['steps'];
    serve({ ...fresh, steps: allDone, billingProfileGaps: [] });
    renderCard();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Set up your workshop' })).not.toBeInTheDocument();
  });

  it('is not shown to staff, who cannot read it', async () => {
    signInTestUserAs('staff');
    let asked = false;
    server.use(
      http.get('*/api/setup-checklist', () => {
        asked = true;
        return ok(fresh);
      }),
    );
    renderCard();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(false);
    expect(screen.queryByRole('region', { name: 'Set up your workshop' })).not.toBeInTheDocument();
  });
});
