import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { testSession } from '@/test/fixtures';
import { ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { renderRoutes } from '@/test/render';
import { appRouterOptions, appRoutes } from './router';

// Whether the area table (every area's routes, icons and early reads) has been loaded.
const loaded = vi.hoisted(() => ({ areaTable: false }));
vi.mock('./areas', async (importOriginal) => {
  loaded.areaTable = true;
  return importOriginal();
});

const session = testSession('secret-token');
setupMswServer(
  http.get('*/api/auth/me', () => ok({ user: session.user, organization: session.organization })),
);

const location = () => screen.getByTestId('location').textContent;

// One file, in this order: a module once loaded stays loaded.
describe('the signed-out pages and the signed-in route table', { timeout: 15_000 }, () => {
  it('/sign-in and the error pages open without loading the area table', async () => {
    const signInPage = renderRoutes(appRoutes, { ...appRouterOptions, route: '/sign-in' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    signInPage.unmount();
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/404' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Page Not Found!' }),
    ).toBeInTheDocument();
    expect(loaded.areaTable).toBe(false);
  });

  it('a signed-in address opened signed out goes to sign-in with it as the redirect', async () => {
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/orders/edit/7?tab=lines' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    const url = new URL(location() ?? '', 'https://app.test');
    expect(url.searchParams.get('redirect')).toBe('/orders/edit/7?tab=lines');
  });

  it('signed in, an unknown address inside settings or outside the app is not found', async () => {
    useAuthStore.getState().setSession(session);
    const outside = renderRoutes(appRoutes, { ...appRouterOptions, route: '/no/such/page' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Page Not Found!' }),
    ).toBeInTheDocument();
    outside.unmount();
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/settings/no-such-tab' });
    expect(await screen.findByText('Not Found')).toBeInTheDocument();
    expect(location()).toBe('/settings/no-such-tab');
    expect(loaded.areaTable).toBe(true);
  });
});
