import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { auditEntryOf, createAuditLogFake, type AuditLogFake } from '@/test/msw/audit-log';
import { ok } from '@/test/msw/envelope';
import { testId } from '@/test/msw/resource-fake';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, signInTestUserAs } from '@/test/msw/session';
import ActivityPage from './activity-page';
import SettingsLayout from './settings-layout';

const server = setupMswServer();
let fake: AuditLogFake;

const MEENA = testId(1);
const RAVI = testId(2);
const MERCHANT = testId(11);

const entries = [
  auditEntryOf({
    at: '2026-11-20T10:00:00.000Z',
    entity: 'merchant',
    entityId: MERCHANT,
    action: 'update',
    userId: MEENA,
    userName: 'Meena Shah',
    changes: { city: ['Surat', 'Ahmedabad'], phone: [null, '+91 98250 11111'] },
  }),
  auditEntryOf({
    at: '2026-11-19T10:00:00.000Z',
    entity: 'expense',
    entityId: testId(12),
    action: 'create',
    userId: RAVI,
    userName: 'Ravi Patel',
    changes: { amount: [null, 500], category: [null, 'Power'] },
  }),
  auditEntryOf({
    at: '2026-11-18T10:00:00.000Z',
    entity: 'merchant',
    entityId: MERCHANT,
    action: 'create',
    userId: MEENA,
    userName: 'Meena Shah',
    changes: { name: [null, 'Laxmi Sarees'], city: [null, 'Surat'] },
  }),
];

const team = [
  { _id: MEENA, name: 'Meena Shah', role: 'owner', isActive: true },
  { _id: RAVI, name: 'Ravi Patel', role: 'staff', isActive: true },
];

beforeEach(() => {
  signInTestUser();
  fake = createAuditLogFake(entries);
  server.use(
    ...fake.handlers,
    http.get('*/api/users/all', () => ok({ data: team })),
  );
});

const location = () => screen.getByTestId('location').textContent;

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Activity' });
  return within(table).getAllByRole('row').slice(1);
}

function renderPage(route = '/settings/activity') {
  return renderWithProviders(<ActivityPage />, { path: '/settings/activity', route });
}

describe('ActivityPage', { timeout: 15_000 }, () => {
  it('lists every entry newest first with who, action, area and the changed fields', async () => {
    renderPage();
    await screen.findByText('Showing 1–3 of 3');
    const rows = bodyRows();
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!).slice(1, 5)).toEqual([
      'Meena Shah',
      'Updated',
      'Merchants',
      'City, Phone',
    ]);
    expect(cells(rows[1]!).slice(1, 5)).toEqual([
      'Ravi Patel',
      'Created',
      'Expenses',
      'Amount, Category',
    ]);
    expect(within(rows[0]!).getByText(/20 Nov 2026/)).toBeInTheDocument();
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
  });

  it('filters by person and area through the URL and the request', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–3 of 3');

    await user.click(screen.getByRole('combobox', { name: 'Area' }));
    await user.click(await screen.findByRole('option', { name: 'Merchants' }));
    await waitFor(() => expect(location()).toBe('/settings/activity?entity=merchant'));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(fake.searches.at(-1)?.get('entity')).toBe('merchant');

    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    await user.click(await screen.findByRole('option', { name: 'Ravi Patel' }));
    await waitFor(() => expect(fake.searches.at(-1)?.get('userId')).toBe(RAVI));
    expect(await screen.findByText('No activity found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(location()).toBe('/settings/activity'));
    await screen.findByText('Showing 1–3 of 3');
  });

  it('sends a date range from the URL', async () => {
    renderPage('/settings/activity?startDate=2026-11-01&endDate=2026-11-30');
    await screen.findByText('Showing 1–3 of 3');
    expect(fake.searches.at(-1)?.get('startDate')).toBe('2026-11-01');
    expect(fake.searches.at(-1)?.get('endDate')).toBe('2026-11-30');
  });

  it("opens the record's history from a row", async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–3 of 3');
    const [first] = bodyRows();
    await user.click(within(first!).getByRole('button', { name: /^History of Merchants/ }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Merchants' });
    const articles = await within(dialog).findAllByRole('article');
    expect(articles).toHaveLength(2);
    expect(within(articles[0]!).getByRole('row', { name: 'City Surat Ahmedabad' })).toBeVisible();
    expect(fake.searches.at(-1)?.get('entityId')).toBe(MERCHANT);
  });
});

describe('Settings sections', () => {
  function renderLayout() {
    return renderWithProviders(<SettingsLayout />, { path: '/settings/*', route: '/settings' });
  }

  it('offers Activity to owners and admins', () => {
    signInTestUserAs('admin');
    renderLayout();
    expect(screen.getByRole('tab', { name: 'Activity' })).toBeInTheDocument();
  });

  it('leaves Activity out for staff', () => {
    signInTestUserAs('staff');
    renderLayout();
    expect(screen.getByRole('tab', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Activity' })).not.toBeInTheDocument();
  });
});
