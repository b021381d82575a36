import { screen } from '@testing-library/react';
import { http } from 'msw';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { RequireAuth } from './route-guards';
import { SessionEvents } from './session-events';
import { apiRequest } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { testSession } from '@/test/fixtures';
import { createAccountFake, type AccountFake } from '@/test/msw/account';
import { fail } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { renderRoutes } from '@/test/render';

const server = setupMswServer();
let fake: AccountFake;

function signInWithTemporaryPassword(mustChangePassword = true) {
  const session = testSession();
  useAuthStore
    .getState()
    .setSession({ ...session, user: { ...session.user, role: 'staff', mustChangePassword } });
}

function renderApp(route: string) {
  return renderRoutes(
    [
      {
        element: (
          <Suspense fallback={<p>Loading</p>}>
            <SessionEvents />
            <Outlet />
          </Suspense>
        ),
        children: [
          { path: '/sign-in', element: <p>Sign-in page</p> },
          {
            element: <RequireAuth />,
            children: [{ path: '/orders', element: <h1>Orders page</h1> }],
          },
        ],
      },
    ],
    { route },
  );
}

beforeEach(() => {
  signInWithTemporaryPassword();
  fake = createAccountFake({ password: 'temp-2345-abcd' });
  server.use(...fake.handlers);
});

describe('a temporary password', { timeout: 15_000 }, () => {
  it('puts the new-password form in place of every signed-in page', async () => {
    renderApp('/orders?page=2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Orders page')).not.toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/orders?page=2');
  });

  it('shows a wrong current password on its field and keeps what was typed', async () => {
    const { user } = renderApp('/orders');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(screen.getByLabelText(/^Current password/), 'not-it-at-all');
    await user.type(screen.getByLabelText(/^New password/), 'my-own-secret');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'my-own-secret');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Your current password is not correct')).toBeInTheDocument();
    const current = screen.getByLabelText(/^Current password/);
    expect(current).toHaveAccessibleDescription(
      expect.stringContaining('Your current password is not correct'),
    );
    expect(screen.getByLabelText(/^New password/)).toHaveValue('my-own-secret');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a confirmation that differs before asking the server', async () => {
    const { user } = renderApp('/orders');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(screen.getByLabelText(/^Current password/), 'temp-2345-abcd');
    await user.type(screen.getByLabelText(/^New password/), 'my-own-secret');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'my-own-secreT');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('The two new passwords do not match')).toBeInTheDocument();
    expect(fake.requestsTo('POST', '/auth/change-password')).toHaveLength(0);
  });

  it('continues to the page asked for once the password is changed', async () => {
    const { user } = renderApp('/orders?page=2');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(screen.getByLabelText(/^Current password/), 'temp-2345-abcd');
    await user.type(screen.getByLabelText(/^New password/), 'my-own-secret');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'my-own-secret');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Orders page' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/orders?page=2');
    expect(useAuthStore.getState().user?.mustChangePassword).toBe(false);
    expect(fake.requestsTo('POST', '/auth/change-password')[0]?.body).toEqual({
      currentPassword: 'temp-2345-abcd',
      newPassword: 'my-own-secret',
    });
    expect(screen.getByText('Your password has been changed')).toBeInTheDocument();
  });

  it('offers signing out and nothing else', async () => {
    const { user } = renderApp('/orders');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
  });

  it('takes over when the server asks for a new password during the session', async () => {
    signInWithTemporaryPassword(false);
    server.use(
      http.get('*/api/orders', () =>
        fail(403, 'Change your password to continue', undefined, 'password_change_required'),
      ),
    );
    renderApp('/orders');
    expect(await screen.findByRole('heading', { name: 'Orders page' })).toBeInTheDocument();
    await expect(apiRequest('GET', '/orders')).rejects.toMatchObject({
      code: 'password_change_required',
    });
    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }),
    ).toBeInTheDocument();
    expect(useAuthStore.getState().user?.mustChangePassword).toBe(true);
  });

  it('leaves the page alone for a plain forbidden answer', async () => {
    signInWithTemporaryPassword(false);
    server.use(http.get('*/api/orders', () => fail(403, 'Forbidden', undefined, 'forbidden')));
    renderApp('/orders');
    await screen.findByRole('heading', { name: 'Orders page' });
    await expect(apiRequest('GET', '/orders')).rejects.toMatchObject({ code: 'forbidden' });
    expect(screen.getByRole('heading', { name: 'Orders page' })).toBeInTheDocument();
  });
});
