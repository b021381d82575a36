import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { fail, ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { renderWithProviders } from '@/test/render';
import { SignInForm } from './sign-in-form';
import { testSession } from '@/test/fixtures';

const authData = testSession('fresh-token');

const server = setupMswServer();

function renderForm(route = '/sign-in') {
  return renderWithProviders(<SignInForm />, {
    path: '/sign-in',
    route,
    routes: [{ path: '*', element: <p>Landed</p> }],
  });
}

describe('SignInForm', { timeout: 15_000 }, () => {
  it('has exactly one control for each label, as label-based selectors expect', () => {
    renderForm();
    expect(screen.getAllByLabelText(/email/i)).toHaveLength(1);
    expect(screen.getAllByLabelText(/password/i)).toHaveLength(1);
  });

  it('shows translated validation messages and sends nothing when invalid', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/auth/login', () => {
        calls += 1;
        return ok(authData);
      }),
    );
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it("shows the server's message inline and as a toast when sign-in fails", async () => {
    server.use(http.post('*/api/auth/login', () => fail(401, 'Invalid email or password')));
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'meena@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getAllByText('Invalid email or password')).toHaveLength(2);
    expect(useAuthStore.getState()).toMatchObject({
      isLoggedIn: false,
      error: 'Invalid email or password',
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/sign-in');
  });

  it('falls back to "Login failed" when the server gives no message', async () => {
    server.use(
      http.post('*/api/auth/login', () =>
        HttpResponse.json({ error: 'upstream' }, { status: 502 }),
      ),
    );
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'meena@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('stores the session and goes to the redirect target', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/auth/login', async ({ request }) => {
        sent = await request.json();
        return ok(authData, 'Login successful');
      }),
    );
    const { user } = renderForm(`/sign-in?redirect=${encodeURIComponent('/merchants?page=3')}`);
    await user.type(screen.getByLabelText('Email'), '  Meena@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Landed')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/merchants?page=3');
    expect(sent).toEqual({ email: 'meena@example.com', password: 'correct horse' });
    expect(useAuthStore.getState().token?.accessToken).toBe('fresh-token');
  });
});
