import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OrganizationProfile } from '../../../../contract/organization.ts';
import { organization } from '@/features/organization/resource';
import { useAuthStore } from '@/stores/auth';
import { fail, ok } from '@/test/msw/envelope';
import { billingProfile } from '@/test/msw/bills';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, signInTestUserAs } from '@/test/msw/session';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import OrganizationPage from './organization-page';

const server = setupMswServer();

/** A profile before billing is set up: no state and no default SAC yet. */
function storedProfile(overrides: Partial<OrganizationProfile> = {}): OrganizationProfile {
  return billingProfile({ version: 3, state: null, defaultSac: null, ...overrides });
}

/** The server's profile, kept between calls; a PUT merges like the real one. */
function profileServer(initial = storedProfile()) {
  const state = { profile: initial, puts: [] as Record<string, unknown>[] };
  server.use(
    http.get('*/api/organization', () => ok(state.profile)),
    http.get('*/api/sample-workshop', () => ok({ sample: null })),
    http.put('*/api/organization', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.puts.push(body);
      if (body.version !== state.profile.version) {
        return fail(409, 'Stale version', undefined, 'stale_version', state.profile);
      }
      const { version: _version, ...changes } = body;
      state.profile = {
        ...state.profile,
        ...(changes as Partial<OrganizationProfile>),
        version: state.profile.version + 1,
      };
      return ok(state.profile, 'Organization updated');
    }),
  );
  return state;
}

function renderPage(queryClient = createTestQueryClient()) {
  return renderWithProviders(<OrganizationPage />, { path: '/settings/account', queryClient });
}

describe('organization profile page', { timeout: 30_000 }, () => {
  it('saves an owner’s change with the version read and renames the organization in the app', async () => {
    signInTestUser();
    const stored = profileServer();
    const { user } = renderPage();

    const name = await screen.findByRole('textbox', { name: 'Business name' });
    expect(name).toHaveValue('Asha Embroidery Works');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Surat');
    expect(screen.getByRole('group', { name: 'Tax' })).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Asha Zari Works');
    await user.type(screen.getByRole('textbox', { name: 'PAN' }), 'aaacs1234f');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Organization profile saved')).toBeInTheDocument();
    expect(stored.puts).toHaveLength(1);
    expect(stored.puts[0]).toMatchObject({
      version: 3,
      name: 'Asha Zari Works',
      pan: 'AAACS1234F',
      city: 'Surat',
      defaultGstRate: 5,
      paymentTermsDays: 15,
    });
    await waitFor(() => expect(useAuthStore.getState().organization?.name).toBe('Asha Zari Works'));

    // The next save goes out with the version the first one produced.
    await user.type(screen.getByRole('textbox', { name: 'Legal name' }), 'Asha Zari Works LLP');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(stored.puts).toHaveLength(2));
    expect(stored.puts[1]).toMatchObject({ version: 4, legalName: 'Asha Zari Works LLP' });
  });

  it('offers the sample workshop to a manager, to delete it once the checklist is put away', async () => {
    signInTestUser();
    profileServer();
    server.use(
      http.get('*/api/sample-workshop', () =>
        ok({
          sample: {
            organizationId: '0190f1a0-0000-7000-8000-000000000001',
            name: 'Shree Ganesh Textiles',
            createdAt: '2026-03-11T12:00:00.000Z',
          },
        }),
      ),
    );
    renderPage();
    const section = await screen.findByRole('region', { name: 'Sample workshop' });
    expect(
      await within(section).findByRole('button', { name: 'Delete the sample workshop' }),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Open the sample workshop' })).toBeVisible();
  });

  it('shows staff the profile read-only, without a save button', async () => {
    signInTestUserAs('staff');
    profileServer(storedProfile({ gstin: '24AAACS1234F1ZY', state: '24' }));
    renderPage();

    const name = await screen.findByRole('textbox', { name: 'Business name' });
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'GSTIN' })).toHaveAttribute('readonly');
    expect(screen.getByText('Only the owner or an admin can change these details.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.getByText('Valid GSTIN, registered in Gujarat')).toBeVisible();
  });

  it('checks a GSTIN as it is typed: its check digit and its state', async () => {
    signInTestUser();
    const stored = profileServer(storedProfile({ state: '27' }));
    const { user } = renderPage();
    const gstin = await screen.findByRole('textbox', { name: 'GSTIN' });

    await user.type(gstin, '24aaacs1234f1zx');
    expect(
      await screen.findByText('This GSTIN has a typing mistake: its last character does not match'),
    ).toBeVisible();

    await user.clear(gstin);
    await user.type(gstin, '24aaacs1234f1zy');
    expect(
      await screen.findByText('The GSTIN belongs to another state than the one chosen'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(stored.puts).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Gujarat' }));
    await waitFor(() =>
      expect(
        screen.queryByText('The GSTIN belongs to another state than the one chosen'),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Valid GSTIN, registered in Gujarat')).toBeVisible();
  });

  it('fills an empty state from a valid GSTIN', async () => {
    signInTestUser();
    profileServer();
    const { user } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'GSTIN' }), '27AAACS1234F1ZS');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('Maharashtra'),
    );
  });

  it('keeps what was typed when the server refuses a field', async () => {
    signInTestUser();
    profileServer();
    server.use(
      http.put('*/api/organization', () =>
        fail(
          400,
          'Validation failed',
          [
            {
              path: 'upiId',
              code: 'invalid_format',
              params: { format: 'upi' },
              message: 'Invalid UPI',
            },
          ],
          'validation_failed',
        ),
      ),
    );
    const { user } = renderPage();
    const upi = await screen.findByRole('textbox', { name: 'UPI ID' });
    await user.type(upi, 'asha@okhdfc');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Enter a UPI address such as name@bank')).toBeVisible();
    expect(upi).toHaveValue('asha@okhdfc');
  });

  it('says when someone else saved first, and keeps mine over their version on request', async () => {
    signInTestUser();
    const stored = profileServer();
    const { user } = renderPage();
    const city = await screen.findByRole('textbox', { name: 'City' });

    // Another admin saves while this form is open.
    stored.profile = { ...stored.profile, city: 'Navsari', version: 4 };
    await user.clear(city);
    await user.type(city, 'Bardoli');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Someone else saved this record first',
    });
    const row = within(dialog).getByRole('row', { name: /City/ });
    expect(row).toHaveTextContent('Navsari');
    expect(row).toHaveTextContent('Bardoli');
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));

    expect(await screen.findByText('Organization profile saved')).toBeInTheDocument();
    expect(stored.puts.map((put) => put.version)).toEqual([3, 4]);
    expect(stored.profile.city).toBe('Bardoli');
  });

  it('shows the cached profile at once and takes the newer one from the server when untouched', async () => {
    signInTestUser();
    const stored = profileServer(storedProfile({ name: 'Renamed Works', version: 4 }));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(organization.queries.profile().queryKey, storedProfile());
    const { user } = renderPage(queryClient);

    const name = await screen.findByRole('textbox', { name: 'Business name' });
    await waitFor(() => expect(name).toHaveValue('Renamed Works'));
    await user.type(screen.getByRole('textbox', { name: 'Legal name' }), 'Renamed Works LLP');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(stored.puts).toHaveLength(1));
    expect(stored.puts[0]).toMatchObject({ version: 4, name: 'Renamed Works' });
  });

  it('shows the profile from the cache when the server cannot be reached', async () => {
    signInTestUser();
    server.use(
      http.get('*/api/organization', () => HttpResponse.error()),
      http.get('*/api/sample-workshop', () => HttpResponse.error()),
    );
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(
      organization.queries.profile().queryKey,
      storedProfile({ name: 'Cached Works' }),
    );
    renderPage(queryClient);
    expect(await screen.findByRole('textbox', { name: 'Business name' })).toHaveValue(
      'Cached Works',
    );
  });
});
