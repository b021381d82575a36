import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { appRouterOptions, appRoutes } from './router';
import { useAuthStore } from '@/stores/auth';
import { testSessionAs } from '@/test/fixtures';
import { ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { renderRoutes } from '@/test/render';

const staff = testSessionAs('staff');
const requested: string[] = [];

setupMswServer(
  http.get('*/api/auth/me', () => ok({ user: staff.user, organization: staff.organization })),
  http.get('*/api/payments*', ({ request }) => {
    requested.push(new URL(request.url).pathname);
    return ok({});
  }),
  http.get('*/api/reports/dues', ({ request }) => {
    requested.push(new URL(request.url).pathname);
    return ok({});
  }),
);

describe('a staff session', { timeout: 20_000 }, () => {
  it('has no Payments or Customers in the sidebar and gets the 403 page on their routes', async () => {
    useAuthStore.getState().setSession(staff);
    for (const route of [
      '/payments',
      '/customers',
      '/customers/0190a1b2-0000-7000-8000-000000000001',
    ]) {
      const { unmount } = renderRoutes(appRoutes, { ...appRouterOptions, route });
      expect(
        await screen.findByText('You do not have permission to open this page'),
      ).toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      expect(within(nav).getByRole('link', { name: 'Orders' })).toBeInTheDocument();
      for (const name of ['Payments', 'Customers']) {
        expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument();
      }
      unmount();
    }
    expect(requested).toEqual([]);
  });
});
