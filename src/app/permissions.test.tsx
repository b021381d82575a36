import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { testSessionAs } from '@/test/fixtures';
import { ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { renderRoutes } from '@/test/render';
import { appRouterOptions, appRoutes } from './router';

const staff = testSessionAs('staff');

setupMswServer(
  http.get('*/api/auth/me', () => ok({ user: staff.user, organization: staff.organization })),
);

describe('a staff session', { timeout: 15_000 }, () => {
  it('has no sidebar entry for expenses, salaries or bank details, but keeps orders', async () => {
    useAuthStore.getState().setSession(staff);
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/orders' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Orders' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Merchants' })).toBeInTheDocument();
    for (const name of ['Expenses', 'Salary management', 'Bank details', 'Users']) {
      expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument();
    }
  });

  it('gets the 403 page inside the layout on the expenses page', async () => {
    useAuthStore.getState().setSession(staff);
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/expenses' });
    expect(
      await screen.findByText('You do not have permission to open this page'),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('gets the 403 page on /users and never asks for the list', async () => {
    useAuthStore.getState().setSession(staff);
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/users' });
    expect(
      await screen.findByText('You do not have permission to open this page'),
    ).toBeInTheDocument();
  });

  it('gets the 403 page on the activity view, and no Activity tab', async () => {
    useAuthStore.getState().setSession(staff);
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/settings/activity' });
    expect(
      await screen.findByText('You do not have permission to open this page'),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Activity' })).not.toBeInTheDocument();
  });

  it('has no billing entries and gets the 403 page on the billing desk and the register', async () => {
    useAuthStore.getState().setSession(staff);
    for (const route of ['/export-bill-review', '/billing']) {
      const { unmount } = renderRoutes(appRoutes, { ...appRouterOptions, route });
      expect(
        await screen.findByText('You do not have permission to open this page'),
      ).toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      for (const name of ['Export bill review', 'Billing']) {
        expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument();
      }
      unmount();
    }
  });
});
