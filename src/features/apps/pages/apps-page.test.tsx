import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrganizationProfile } from '../../../../contract/organization.ts';
import type { Role } from '../../../../contract/permissions.ts';
import { billingProfile } from '@/test/msw/bills';
import { fail, ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUserAs } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import AppsPage from './apps-page';

const server = setupMswServer();

let profile: OrganizationProfile;
let emailConfigured: boolean;
let profileWrites: unknown[];
let testMails: number;

beforeEach(() => {
  profile = billingProfile({ upiId: 'asha.embroidery@okaxis', version: 4 });
  emailConfigured = true;
  profileWrites = [];
  testMails = 0;
  server.use(
    http.get('*/api/auth/options', () => ok({ emailRecovery: emailConfigured })),
    http.get('*/api/organization', () => ok(profile)),
    http.put('*/api/organization', async ({ request }) => {
      const body = (await request.json()) as Partial<OrganizationProfile>;
      profileWrites.push(body);
      if (body.version !== profile.version) {
        return fail(409, 'stale', undefined, 'stale_version', profile);
      }
      profile = { ...profile, ...body, version: profile.version + 1 };
      return ok(profile);
    }),
    http.post('*/api/apps/test-mail', () => {
      testMails += 1;
      return ok({ to: 'demo@karkhana.app' });
    }),
  );
});

function renderApps(role: Role = 'owner') {
  signInTestUserAs(role);
  return renderWithProviders(<AppsPage />, {
    path: '/apps',
    routes: [
      { path: '/apps/import', element: <p>Import page</p> },
      { path: '/apps/backup', element: <p>Backup page</p> },
      { path: '/settings/account', element: <p>Account settings</p> },
      { path: '/billing', element: <p>Billing page</p> },
    ],
  });
}

const tile = (name: string) => within(screen.getByRole('region', { name }));
const tileNames = () =>
  screen
    .getAllByRole('region')
    // The toaster's live region is one too.
    .filter((region) => region.getAttribute('aria-label') !== 'Notifications')
    .map((region) => region.getAttribute('aria-label'));

describe('AppsPage', () => {
  it('shows the owner every tile, with import and backup linked', () => {
    renderApps('owner');
    expect(screen.getByRole('heading', { level: 1, name: 'Apps' })).toBeInTheDocument();
    expect(tileNames()).toEqual([
      'Email',
      'UPI payments',
      'WhatsApp sharing',
      'CSV and Excel',
      'Import',
      'Backup and restore',
    ]);
    expect(tile('Import').getByRole('link', { name: 'Open import' })).toHaveAttribute(
      'href',
      '/apps/import',
    );
    expect(tile('Backup and restore').getByRole('link', { name: 'Open backup' })).toHaveAttribute(
      'href',
      '/apps/backup',
    );
    expect(tile('CSV and Excel').getByRole('link', { name: 'Go to Billing' })).toHaveAttribute(
      'href',
      '/billing',
    );
  });

  it('hides the owner-only tiles from an admin', () => {
    renderApps('admin');
    expect(tileNames()).toEqual(['Email', 'UPI payments', 'WhatsApp sharing', 'CSV and Excel']);
  });

  it("shows the profile's UPI address with the way to change it", async () => {
    renderApps();
    const upi = tile('UPI payments');
    expect(await upi.findByText('asha.embroidery@okaxis')).toBeVisible();
    expect(upi.getByText('Set up')).toBeVisible();
    expect(upi.getByRole('link', { name: 'Change in Settings' })).toHaveAttribute(
      'href',
      '/settings/account',
    );
  });

  it('says when no UPI address is entered', async () => {
    profile = billingProfile({ upiId: null });
    renderApps();
    expect(await tile('UPI payments').findByText('Not entered yet')).toBeVisible();
    expect(tile('UPI payments').getByText('Not set up')).toBeVisible();
  });

  it('sends a test mail and says where it went', async () => {
    const { user } = renderApps();
    const email = tile('Email');
    expect(await email.findByText('Set up')).toBeVisible();
    await user.click(email.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText('Test mail sent to demo@karkhana.app')).toBeVisible();
    expect(testMails).toBe(1);
  });

  it('translates the refusal of a server without mail', async () => {
    server.use(
      http.post('*/api/apps/test-mail', () =>
        fail(
          409,
          'Email is not configured on this server (SMTP_URL)',
          undefined,
          'mail_not_configured',
        ),
      ),
    );
    const { user } = renderApps();
    await user.click(await tile('Email').findByRole('button', { name: 'Send test mail' }));
    expect(
      await screen.findByText(
        'Email is not set up on this server: whoever runs it sets SMTP_URL, then restarts it',
      ),
    ).toBeVisible();
  });

  it('explains how to set up mail when the server has none, with no test button', async () => {
    emailConfigured = false;
    renderApps();
    const email = tile('Email');
    expect(await email.findByText('Not set up')).toBeVisible();
    expect(email.getByText(/sets SMTP_URL \(and MAIL_FROM\)/)).toBeVisible();
    expect(email.queryByRole('button', { name: 'Send test mail' })).not.toBeInTheDocument();
  });

  it('turns WhatsApp sharing off with the version it read', async () => {
    const { user } = renderApps();
    const whatsapp = tile('WhatsApp sharing');
    const toggle = await whatsapp.findByRole('switch', {
      name: 'Offer Share on WhatsApp on bills',
    });
    expect(toggle).toBeChecked();
    expect(whatsapp.getByText('On')).toBeVisible();
    await user.click(toggle);
    await waitFor(() => expect(profileWrites).toEqual([{ version: 4, whatsappSharing: false }]));
    await waitFor(() => expect(whatsapp.getByText('Off')).toBeVisible());
    expect(toggle).not.toBeChecked();
  });
});

describe('the offline state', () => {
  it('says the email state is not known when the server cannot be reached', async () => {
    server.use(http.get('*/api/auth/options', () => HttpResponse.error()));
    renderApps();
    expect(await tile('Email').findByText('Not known offline')).toBeVisible();
  });
});
