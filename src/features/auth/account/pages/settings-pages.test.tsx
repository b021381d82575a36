import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { signInTestUser } from '@/test/msw/session';
import { createAccountFake, type AccountFake } from '@/test/msw/account';
import { setupMswServer } from '@/test/msw/server';
import { phoneRefused } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import NotificationsPage from './notifications-page';
import ProfilePage from './profile-page';
import SecurityPage from './security-page';

const server = setupMswServer();
let fake: AccountFake;

function useFake(options: Parameters<typeof createAccountFake>[0] = {}) {
  fake = createAccountFake({ password: 'current-secret', ...options });
  server.use(...fake.handlers);
}

beforeEach(() => {
  signInTestUser();
  useFake();
});

afterEach(async () => {
  onlineManager.setOnline(true);
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
});

describe('Profile settings', { timeout: 15_000 }, () => {
  it('shows the email and role read-only and saves name, phone and language', async () => {
    const { user } = renderWithProviders(<ProfilePage />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('asha@example.com');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    expect(screen.getByText('Owner')).toBeInTheDocument();

    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Asha R. Patel');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+91 98250 11111');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'gu');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(fake.requestsTo('PUT', '/auth/me')).toHaveLength(1));
    expect(fake.requestsTo('PUT', '/auth/me')[0]?.body).toEqual({
      name: 'Asha R. Patel',
      phone: '+91 98250 11111',
      language: 'gu',
    });
    await waitFor(() => expect(i18next.language).toBe('gu'));
    expect(useAuthStore.getState().user).toMatchObject({
      name: 'Asha R. Patel',
      phone: '+91 98250 11111',
      language: 'gu',
    });
  });

  it('keeps the form and puts a refused phone on its field', async () => {
    server.use(http.put('*/api/auth/me', () => phoneRefused('Invalid phone')));
    const { user } = renderWithProviders(<ProfilePage />);
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+91 98250 22222');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveValue('+91 98250 22222');
    expect(useAuthStore.getState().user?.phone).toBeNull();
  });

  it('says why a save failed offline and keeps what was typed', async () => {
    server.use(http.put('*/api/auth/me', () => Response.error()));
    const { user } = renderWithProviders(<ProfilePage />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, ' Shah');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Cannot reach the server/);
    expect(name).toHaveValue('Asha Patel Shah');
  });
});

describe('Notification settings', { timeout: 15_000 }, () => {
  it('saves the sync-toast level and the daily digest', async () => {
    const { user } = renderWithProviders(<NotificationsPage />);
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    const digest = screen.getByRole('switch', { name: /Daily email digest/ });
    await waitFor(() => expect(digest).toBeEnabled());
    await user.click(screen.getByRole('radio', { name: 'Only problems' }));
    await user.click(digest);
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    await waitFor(() => expect(fake.requestsTo('PUT', '/auth/me')).toHaveLength(1));
    expect(fake.requestsTo('PUT', '/auth/me')[0]?.body).toEqual({
      notifications: { syncToasts: 'problems', dailyDigest: true },
    });
    await waitFor(() =>
      expect(useAuthStore.getState().user?.notifications).toEqual({
        syncToasts: 'problems',
        dailyDigest: true,
      }),
    );
  });

  it('disables the digest with an explanation when the server sends no mail', async () => {
    useFake({ emailRecovery: false });
    const { user } = renderWithProviders(<NotificationsPage />);
    expect(
      await screen.findByText(/Email is not set up on this server, so no digest can be sent/),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Daily email digest/ })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'None' }));
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    await waitFor(() => expect(fake.requestsTo('PUT', '/auth/me')).toHaveLength(1));
    expect(fake.requestsTo('PUT', '/auth/me')[0]?.body).toEqual({
      notifications: { syncToasts: 'none' },
    });
  });

  it('renders offline, saying the digest cannot be checked', async () => {
    act(() => onlineManager.setOnline(false));
    renderWithProviders(<NotificationsPage />);
    expect(await screen.findByText(/could not be checked/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
  });
});

describe('Security settings', { timeout: 15_000 }, () => {
  it('puts a wrong current password on its field, translated', async () => {
    const { user } = renderWithProviders(<SecurityPage />);
    await user.type(screen.getByLabelText(/^Current password/), 'wrong-one');
    await user.type(screen.getByLabelText(/^New password/), 'brand-new-secret');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription(
      expect.stringContaining('Your current password is not correct'),
    );
  });

  it('changes the password and lists only this device afterwards', async () => {
    const { user } = renderWithProviders(<SecurityPage />);
    expect(await screen.findByText('Chrome on Android')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Current password/), 'current-secret');
    await user.type(screen.getByLabelText(/^New password/), 'brand-new-secret');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Chrome on Android')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
    expect(fake.password).toBe('brand-new-secret');
  });

  it('lists devices in plain words, marks this one, and signs another out', async () => {
    const { user } = renderWithProviders(<SecurityPage />);
    const table = await screen.findByRole('table', { name: 'Signed-in devices' });
    await within(table).findByText('Chrome on Android');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const current = rows.find((row) => within(row).queryByText('This device'));
    expect(current).toHaveTextContent('Edge on Windows');
    expect(within(current!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Safari on iPhone')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out Chrome on Android' }));
    expect(await screen.findByText('The device has been signed out')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Chrome on Android')).not.toBeInTheDocument());
    expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([
      `/api/auth/sessions/${fake.sessions.length === 2 ? '0190a1b2-0000-7000-8000-000000007002' : ''}`,
    ]);
  });

  it('signs out everywhere after confirmation and shows the sign-in page', async () => {
    const { user } = renderWithProviders(<SecurityPage />, {
      path: '/settings/security',
      routes: [{ path: '/sign-in', element: <p>Sign-in page</p> }],
    });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(fake.requestsTo('POST', '/auth/logout-all')).toHaveLength(1);
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
  });

  it('renders offline with the password form and an offline note for the devices', async () => {
    act(() => onlineManager.setOnline(false));
    renderWithProviders(<SecurityPage />);
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(await screen.findByText('Not available offline yet')).toBeInTheDocument();
  });
});
