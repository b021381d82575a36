import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_EVENTS } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { renderRoutes } from '@/test/render';
import { AREAS } from './areas';
import { appRouterOptions, appRoutes } from './router';
import { testSession } from '@/test/fixtures';

const session = testSession('secret-token');

let logoutCalls = 0;
const server = setupMswServer(
  http.get('*/api/auth/me', () => ok({ user: session.user, organization: session.organization })),
  http.post('*/api/auth/logout', () => {
    logoutCalls += 1;
    return ok(null, 'Logged out');
  }),
);

function signIn() {
  useAuthStore.getState().setSession(session);
}

const location = () => screen.getByTestId('location').textContent;

describe('app routes', { timeout: 15_000 }, () => {
  beforeEach(() => {
    logoutCalls = 0;
  });

  it('sends a visitor to sign-in with the wanted path and query as redirect', async () => {
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/orders?status=pending&page=2' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    const url = new URL(location() ?? '', 'https://app.test');
    expect(url.pathname).toBe('/sign-in');
    expect(url.searchParams.get('redirect')).toBe('/orders?status=pending&page=2');
  });

  it('sends "/" to sign-in when signed out and to order analytics when signed in', async () => {
    const first = renderRoutes(appRoutes, { ...appRouterOptions, route: '/' });
    await waitFor(() => expect(location()).toBe('/sign-in'));
    first.unmount();

    signIn();
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/' });
    await waitFor(() => expect(location()).toBe('/order-analytics'));
  });

  it('takes a signed-in user from /sign-in to the redirect target', async () => {
    signIn();
    renderRoutes(appRoutes, {
      ...appRouterOptions,
      route: `/sign-in?redirect=${encodeURIComponent('/designs?name=rose')}`,
    });
    await waitFor(() => expect(location()).toBe('/designs?name=rose'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Designs' })).toBeInTheDocument();
  });

  it('refuses a redirect to another host', async () => {
    signIn();
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/sign-in?redirect=//evil.com' });
    await waitFor(() => expect(location()).toBe('/order-analytics'));
  });

  it('redirects /dashboard to order analytics', async () => {
    signIn();
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/dashboard' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order analytics' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/order-analytics');
  });

  it('opens an area inside the layout with its nav link current', async () => {
    signIn();
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/help-center' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Help center' }),
    ).toBeInTheDocument();
    // Every area of the spec is built now.
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getAllByRole('link')).toHaveLength(AREAS.length);
    expect(within(nav).getByRole('link', { name: 'Help center' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Merchants' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByText(session.organization.name)).toBeInTheDocument();
  });

  it('renders the not-found page for an unknown path', async () => {
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/no/such/page' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Page Not Found!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Home' })).toBeInTheDocument();
  });

  it('on an unauthorized event clears the session, says so and goes to sign-in', async () => {
    signIn();
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/workers?page=2' });
    await screen.findByRole('heading', { level: 1, name: 'Workers' });

    act(() => {
      window.dispatchEvent(new CustomEvent(API_EVENTS.unauthorized));
      window.dispatchEvent(new CustomEvent(API_EVENTS.unauthorized));
    });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getAllByText('Session expired!')).toHaveLength(1);
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
    const url = new URL(location() ?? '', 'https://app.test');
    expect(url.pathname).toBe('/sign-in');
    expect(url.searchParams.get('redirect')).toBe('/workers?page=2');
  });

  it('on a server-error event says so and stays on the page, which keeps its input', async () => {
    signIn();
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/help-center' });
    await screen.findByRole('heading', { level: 1, name: 'Help center' });
    act(() => {
      window.dispatchEvent(new CustomEvent(API_EVENTS.serverError));
    });
    expect(await screen.findByText('Internal Server Error!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Help center' })).toBeInTheDocument();
    expect(location()).toBe('/help-center');
  });

  it('on a not-modified event shows a toast and stays', async () => {
    signIn();
    renderRoutes(appRoutes, { ...appRouterOptions, route: '/chats' });
    await screen.findByRole('heading', { level: 1, name: 'Chats' });
    act(() => {
      window.dispatchEvent(new CustomEvent(API_EVENTS.notModified));
    });
    expect(await screen.findByText('Content not modified!')).toBeInTheDocument();
    expect(location()).toBe('/chats');
  });

  it('signs out from the account menu even when the server call fails', async () => {
    server.use(http.post('*/api/auth/logout', () => HttpResponse.json({}, { status: 503 })));
    signIn();
    const { user } = renderRoutes(appRoutes, { ...appRouterOptions, route: '/apps' });
    await screen.findByRole('heading', { level: 1, name: 'Apps' });

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/sign-in');
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('auth')).not.toContain('secret-token');
  });

  it('calls the server on sign out', async () => {
    signIn();
    const { user } = renderRoutes(appRoutes, { ...appRouterOptions, route: '/apps' });
    await screen.findByRole('heading', { level: 1, name: 'Apps' });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(location()).toBe('/sign-in'));
    expect(logoutCalls).toBe(1);
  });

  it('lets Settings > Appearance change theme and font', async () => {
    signIn();
    const { user } = renderRoutes(appRoutes, {
      ...appRouterOptions,
      route: '/settings/appearance',
    });
    const fontSelect = await screen.findByRole('combobox', { name: 'Font' });
    await user.selectOptions(fontSelect, 'manrope');
    expect(document.documentElement).toHaveClass('font-manrope');
    expect(localStorage.getItem('font')).toBe('manrope');

    const themeGroup = screen.getByRole('radiogroup', { name: 'Theme' });
    await user.click(within(themeGroup).getByLabelText('Dark'));
    expect(localStorage.getItem('vite-ui-theme')).toBe('dark');
  });
});
