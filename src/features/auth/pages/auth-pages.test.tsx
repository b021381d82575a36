import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { fail, ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { renderWithProviders } from '@/test/render';
import SignInBesideBrandPage from './sign-in-beside-brand-page';
import SignInPage from './sign-in-page';
import SignUpPage from './sign-up-page';
import { testSession } from '@/test/fixtures';

const server = setupMswServer();

// Typing into four fields with user-event is slow on a loaded machine; the default 5 s is tight.
describe('auth pages', { timeout: 15_000 }, () => {
  it('sign-in names its heading, fields, button and sign-up link', () => {
    renderWithProviders(<SignInPage />, { path: '/sign-in' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
  });

  it('sign-in-2 has the same form in its split layout', () => {
    renderWithProviders(<SignInBesideBrandPage />, { path: '/sign-in-2' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeInTheDocument();
  });

  it('sign-up creates the organization, signs in and opens order analytics', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/auth/register', async ({ request }) => {
        sent = await request.json();
        return ok(testSession('new-token'), 'Registered', 201);
      }),
    );
    const { user } = renderWithProviders(<SignUpPage />, {
      path: '/sign-up',
      routes: [{ path: '/order-analytics', element: <p>Analytics</p> }],
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute(
      'href',
      '/sign-in',
    );

    await user.type(screen.getByLabelText('Organization name'), 'Shree Embroidery');
    await user.type(screen.getByLabelText('Your name'), 'Meena Patel');
    await user.type(screen.getByLabelText('Email'), 'meena@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Analytics')).toBeInTheDocument();
    expect(sent).toEqual({
      organizationName: 'Shree Embroidery',
      name: 'Meena Patel',
      email: 'meena@example.com',
      password: 'long enough',
      // The page's language: it names the organization's default stages.
      language: 'en',
    });
    expect(useAuthStore.getState().organization?.name).toBe(testSession().organization.name);
  });

  it('sign-up shows a short password rule and a duplicate email from the server', async () => {
    server.use(
      http.post('*/api/auth/register', () =>
        fail(409, 'Email is already registered', undefined, 'duplicate'),
      ),
    );
    const { user } = renderWithProviders(<SignUpPage />, { path: '/sign-up' });
    await user.type(screen.getByLabelText('Organization name'), 'Shree Embroidery');
    await user.type(screen.getByLabelText('Your name'), 'Meena Patel');
    await user.type(screen.getByLabelText('Email'), 'meena@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Must be at least 8 characters')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), '-but-now-long');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists',
    );
  });

  it('sign-up that needs the email confirmed asks for the mailed code, then signs in', async () => {
    let confirmed: unknown;
    server.use(
      http.post('*/api/auth/register', () =>
        ok(
          { confirmationRequired: true, email: 'meena@example.com' },
          'Check your email to finish signing up',
          202,
        ),
      ),
      http.post('*/api/auth/register/confirm', async ({ request }) => {
        confirmed = await request.json();
        return ok(testSession('confirmed-token'), 'Account created successfully', 201);
      }),
    );
    const { user } = renderWithProviders(<SignUpPage />, {
      path: '/sign-up',
      routes: [{ path: '/order-analytics', element: <p>Analytics</p> }],
    });
    await user.type(screen.getByLabelText('Organization name'), 'Shree Embroidery');
    await user.type(screen.getByLabelText('Your name'), 'Meena Patel');
    await user.type(screen.getByLabelText('Email'), 'meena@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(/Check your email to finish signing up/)).toHaveTextContent(
      'meena@example.com',
    );
    expect(useAuthStore.getState().organization).toBeNull();
    await user.type(screen.getByLabelText('Code from the email'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Finish sign-up' }));

    expect(await screen.findByText('Analytics')).toBeInTheDocument();
    expect(confirmed).toEqual({
      email: 'meena@example.com',
      code: 'ABCDEFGHJK',
      password: 'long enough',
      language: 'en',
    });
  });
  it('says when this device or network has checked too many codes, not sign-in attempts', async () => {
    server.use(
      http.post('*/api/auth/register', () =>
        ok({ confirmationRequired: true, email: 'meena@example.com' }, 'Check your email', 202),
      ),
      http.post('*/api/auth/register/confirm', () =>
        fail(429, 'Please try again later', undefined, 'rate_limited'),
      ),
    );
    const { user } = renderWithProviders(<SignUpPage />, { path: '/sign-up' });
    await user.type(screen.getByLabelText('Organization name'), 'Shree Embroidery');
    await user.type(screen.getByLabelText('Your name'), 'Meena Patel');
    await user.type(screen.getByLabelText('Email'), 'meena@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(await screen.findByLabelText('Code from the email'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Finish sign-up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many codes were checked from this device or network. Please try again in 15 minutes',
    );
  });
});
