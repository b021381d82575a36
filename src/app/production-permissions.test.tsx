import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { appRouterOptions, appRoutes } from './router';
import { useAuthStore } from '@/stores/auth';
import { testSessionAs } from '@/test/fixtures';
import { ok } from '@/test/msw/envelope';
import { createProductionFake, FLOOR_STAGES, makeCard } from '@/test/msw/production';
import { setupMswServer } from '@/test/msw/server';
import { renderRoutes } from '@/test/render';

const staff = testSessionAs('staff');
const floor = createProductionFake({ cards: [makeCard(1, FLOOR_STAGES[0]!)] });
const wageRequests: string[] = [];

setupMswServer(
  http.get('*/api/auth/me', () => ok({ user: staff.user, organization: staff.organization })),
  http.get('*/api/worker-wages', ({ request }) => {
    wageRequests.push(request.url);
    return ok({});
  }),
  ...floor.handlers,
);

describe('the shop floor for staff', { timeout: 20_000 }, () => {
  it('opens the production board from the sidebar and can move cards', async () => {
    useAuthStore.getState().setSession(staff);
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/tasks' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Production board' }),
    ).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'PO-1, Paisley 1' });
    expect(within(card).getByRole('button', { name: /^Next: move PO-1 PZ-1 to / })).toBeEnabled();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Tasks' })).toBeInTheDocument();
  });

  it('does not see wages: the salary area is refused and the wages are never asked for', async () => {
    useAuthStore.getState().setSession(staff);
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/salary-management' });
    expect(
      await screen.findByText('You do not have permission to open this page'),
    ).toBeInTheDocument();
    expect(wageRequests).toEqual([]);
  });
});
