import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fail } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, signInTestUserAs } from '@/test/msw/session';
import { createUsersFake, TEST_USER_ID, type UsersFake } from '@/test/msw/users';
import UsersPage from './users-page';

const server = setupMswServer();
let fake: UsersFake;

function renderPage(route = '/users') {
  return renderWithProviders(<UsersPage />, { path: '/users', route });
}

const location = () => screen.getByTestId('location').textContent;

function rowOf(name: string) {
  const table = screen.getByRole('table', { name: 'Users' });
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

beforeEach(() => {
  signInTestUser();
  fake = createUsersFake();
  server.use(...fake.handlers);
});

describe('UsersPage', { timeout: 20_000 }, () => {
  it('lists users with translated roles, status and when they were last seen', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const row = await screen.findByText('Nilesh Desai');
    expect(row).toBeInTheDocument();
    expect(within(rowOf('Nilesh Desai')).getByText('Admin')).toBeInTheDocument();
    expect(within(rowOf('Kiran Solanki')).getByText('Inactive')).toBeInTheDocument();
    expect(within(rowOf('Kiran Solanki')).getByText('Never')).toBeInTheDocument();
    expect(within(rowOf('Meena Shah')).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(rowOf('Asha Patel')).getByText('You')).toBeInTheDocument();
    for (const header of ['Role', 'Status', 'Last seen']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
  });

  it('filters by search, role and status through the URL', async () => {
    const { user } = renderPage();
    await screen.findByText('Nilesh Desai');
    await user.type(
      screen.getByRole('textbox', { name: 'Search by name, email or phone' }),
      'meena',
    );
    await waitFor(() => expect(location()).toBe('/users?search=meena'));
    await waitFor(() => expect(screen.queryByText('Nilesh Desai')).not.toBeInTheDocument());
    expect(screen.getByText('Meena Shah')).toBeInTheDocument();

    renderPage('/users?role=staff&isActive=false');
    await waitFor(() => {
      const last = fake.requestsOf('GET').at(-1);
      expect(last?.url.searchParams.get('role')).toBe('staff');
      expect(last?.url.searchParams.get('isActive')).toBe('false');
    });
  });

  describe('for an owner', () => {
    it('adds a user with a generated temporary password they can read', async () => {
      const { user } = renderPage();
      await screen.findByText('Nilesh Desai');
      await user.click(screen.getByRole('button', { name: 'Add user' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add user' });
      const role = within(dialog).getByRole('combobox', { name: 'Role' });
      expect(role).toHaveValue('Staff');
      await user.click(role);
      const options = within(await screen.findByRole('listbox')).getAllByRole('option');
      expect(options.map((option) => option.textContent)).toEqual(['Owner', 'Admin', 'Staff']);
      await user.click(screen.getByRole('option', { name: 'Admin' }));
      // Choosing the current role again keeps it rather than emptying the field.
      await user.click(role);
      await user.click(screen.getByRole('option', { name: 'Admin' }));
      expect(role).toHaveValue('Admin');

      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Pooja Mehta');
      await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'pooja@example.com');
      await user.click(
        within(dialog).getByRole('button', { name: 'Generate a temporary password' }),
      );
      const password = within(dialog).getByRole('textbox', { name: 'Temporary password' });
      const generated = (password as HTMLInputElement).value;
      expect(generated).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('User added')).toBeInTheDocument();
      expect(fake.requestsOf('POST')[0]?.body).toMatchObject({
        name: 'Pooja Mehta',
        email: 'pooja@example.com',
        role: 'admin',
        password: generated,
      });
      expect(await screen.findByText('Pooja Mehta')).toBeInTheDocument();
      expect(fake.users.find((u) => u.name === 'Pooja Mehta')).not.toHaveProperty('password');
    });

    it('requires the temporary password and refuses a short one', async () => {
      const { user } = renderPage();
      await screen.findByText('Nilesh Desai');
      await user.click(screen.getByRole('button', { name: 'Add user' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add user' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Pooja Mehta');
      await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'pooja@example.com');
      await user.type(within(dialog).getByRole('textbox', { name: 'Temporary password' }), 'short');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText(/at least 8 characters/i)).toBeInTheDocument();
      expect(fake.requestsOf('POST')).toHaveLength(0);
    });

    it('edits, deactivates and resets the password of an admin', async () => {
      const { user } = renderPage();
      await screen.findByText('Nilesh Desai');
      await user.click(screen.getByRole('button', { name: 'Edit Nilesh Desai' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
      const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
      await user.clear(phone);
      await user.type(phone, '+91 99090 11111');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('User updated')).toBeInTheDocument();
      expect(fake.requestsOf('PUT')[0]?.body).toMatchObject({
        phone: '+91 99090 11111',
        role: 'admin',
        isActive: true,
        version: 1,
      });

      await user.click(screen.getByRole('button', { name: 'Deactivate Nilesh Desai' }));
      const confirm = await screen.findByRole('dialog', { name: 'Deactivate user?' });
      await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
      expect(await screen.findByText('User deactivated')).toBeInTheDocument();
      await waitFor(() =>
        expect(within(rowOf('Nilesh Desai')).getByText('Inactive')).toBeVisible(),
      );
      expect(fake.requestsOf('PUT')[1]?.body).toEqual({ isActive: false, version: 2 });

      await user.click(screen.getByRole('button', { name: 'Reset the password of Nilesh Desai' }));
      const reset = await screen.findByRole('dialog', { name: 'Reset password' });
      await user.click(
        within(reset).getByRole('button', { name: 'Generate a temporary password' }),
      );
      const value = within(reset).getByRole<HTMLInputElement>('textbox', {
        name: 'Temporary password',
      }).value;
      await user.click(within(reset).getByRole('button', { name: 'Reset password' }));
      expect(
        await screen.findByText('Password reset. Give the new password to the user.'),
      ).toBeInTheDocument();
      const sent = fake.requestsOf('POST').find((r) => r.url.pathname.endsWith('/reset-password'));
      expect(sent?.body).toEqual({ password: value });
    });

    it('offers no deactivation or role change on their own row', async () => {
      const { user } = renderPage();
      await screen.findByText('Nilesh Desai');
      const own = rowOf('Asha Patel');
      expect(within(own).queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();
      expect(
        within(own).queryByRole('button', { name: /Reset the password/ }),
      ).not.toBeInTheDocument();
      await user.click(within(own).getByRole('button', { name: 'Edit Asha Patel' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
      expect(within(dialog).getByRole('combobox', { name: 'Role' })).toBeDisabled();
      expect(within(dialog).queryByRole('switch', { name: 'Active' })).not.toBeInTheDocument();
      const name = within(dialog).getByRole('textbox', { name: 'Name' });
      await user.type(name, ' P.');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('User updated')).toBeInTheDocument();
      const body = fake.requestsOf('PUT')[0]?.body as Record<string, unknown>;
      expect(body).toMatchObject({ name: 'Asha Patel P.' });
      expect(body).not.toHaveProperty('role');
      expect(body).not.toHaveProperty('isActive');
      expect(fake.requestsOf('PUT')[0]?.url.pathname).toBe(`/api/users/${TEST_USER_ID}`);
    });

    it('keeps the form and shows the translated own-account refusal', async () => {
      server.use(
        http.put('*/api/users/:id', () =>
          fail(409, 'You cannot change your own role', undefined, 'own_account'),
        ),
      );
      const { user } = renderPage();
      await screen.findByText('Nilesh Desai');
      await user.click(screen.getByRole('button', { name: 'Edit Asha Patel' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' P.');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'You cannot change your own role or deactivate yourself',
      );
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Asha Patel P.');
    });
  });

  describe('for an admin', () => {
    beforeEach(() => signInTestUserAs('admin'));

    it('manages staff only and cannot grant admin or owner', async () => {
      const { user } = renderPage();
      await screen.findByText('Nilesh Desai');
      for (const name of ['Jignesh Patel', 'Nilesh Desai']) {
        const row = rowOf(name);
        expect(within(row).queryByRole('button', { name: `Edit ${name}` })).not.toBeInTheDocument();
        expect(
          within(row).queryByRole('button', { name: `Reset the password of ${name}` }),
        ).not.toBeInTheDocument();
        expect(
          within(row).queryByRole('button', { name: `Deactivate ${name}` }),
        ).not.toBeInTheDocument();
      }
      expect(screen.getByRole('button', { name: 'Edit Meena Shah' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reactivate Kiran Solanki' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Edit Meena Shah' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
      await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
      const options = within(await screen.findByRole('listbox')).getAllByRole('option');
      expect(options.map((option) => option.textContent)).toEqual(['Staff']);
    });

    it('shows the translated 403 when the server refuses', async () => {
      server.use(
        http.put('*/api/users/:id', () =>
          fail(403, 'You do not have permission to do this', undefined, 'forbidden'),
        ),
      );
      const { user } = renderPage();
      await screen.findByText('Meena Shah');
      await user.click(screen.getByRole('button', { name: 'Deactivate Meena Shah' }));
      const confirm = await screen.findByRole('dialog', { name: 'Deactivate user?' });
      await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
      expect(
        await screen.findByText(
          'Only an owner can change an owner or an admin, or make someone one',
        ),
      ).toBeInTheDocument();
    });
  });

  it('shows the translated refusal to demote the last owner', async () => {
    const users = createUsersFake().users.filter((u) => u.name !== 'Jignesh Patel');
    // The signed-in owner is someone else here, so only the last-owner rule applies.
    const other = users.find((u) => u._id === TEST_USER_ID)!;
    other._id = TEST_USER_ID.replace(/1$/, '7');
    fake = createUsersFake(users);
    server.use(...fake.handlers);
    const { user } = renderPage();
    await screen.findByText('Nilesh Desai');
    await user.click(screen.getByRole('button', { name: 'Deactivate Asha Patel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate user?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText('The organization must keep at least one active owner'),
    ).toBeInTheDocument();
  });
});
