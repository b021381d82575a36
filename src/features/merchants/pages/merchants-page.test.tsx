import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { phoneRefused } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { fail } from '@/test/msw/envelope';
import { createMerchantsFake, makeMerchants, type MerchantsFake } from '@/test/msw/merchants';
import { createNotesFake } from '@/test/msw/notes';
import userEvent from '@testing-library/user-event';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, signInTestUserAs } from '@/test/msw/session';
import MerchantsPage from './merchants-page';

const server = setupMswServer();
let fake: MerchantsFake;

function useFake(options?: Parameters<typeof createMerchantsFake>[0]) {
  fake = createMerchantsFake(options);
  server.use(...fake.handlers);
  return fake;
}

function renderPage(route = '/merchants') {
  return renderWithProviders(<MerchantsPage />, { path: '/merchants', route });
}

const location = () => screen.getByTestId('location').textContent;

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Merchants' });
  return within(table).getAllByRole('row').slice(1);
}

function firstCellTexts() {
  return bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

beforeEach(() => {
  signInTestUser();
  useFake();
});

// Whole-page flows with typing and dialogs run longer than unit tests.
describe('MerchantsPage', { timeout: 15_000 }, () => {
  it('lists merchants with their columns and the paging summary', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Merchants' })).toBeInTheDocument();
    expect(await screen.findByText('Ambika Fabrics 2')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    for (const header of ['Contact person', 'Phone']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    // GSTIN is a wide-screen column; narrower windows hide it rather than scroll.
    expect(screen.getByText('GSTIN', { selector: 'th' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–10 of 12')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
    // Newest first by default, so "Created" shows as the sorted column.
    expect(screen.getByRole('columnheader', { name: 'Created' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(fake.requestsOf('GET')[0]?.url.search).toBe('?page=1&limit=10');
  });

  it('moves between pages and changes the page size', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–10 of 12');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', {
        name: 'Page 2',
      }),
    );
    expect(await screen.findByText('Showing 11–12 of 12')).toBeInTheDocument();
    expect(location()).toBe('/merchants?page=2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '20');
    expect(await screen.findByText('Showing 1–12 of 12')).toBeInTheDocument();
    expect(location()).toBe('/merchants?limit=20');
  });

  it('filters by name after typing pauses, back on page 1, and keeps it in the URL', async () => {
    const { user } = renderPage('/merchants?page=2');
    await screen.findByText('Showing 11–12 of 12');
    // Keystrokes without a timer turn between them, as a quick typist's arrive: a busy machine
    // cannot stretch the gaps past the pause, which only the end of the word may make.
    const typist = userEvent.setup({ delay: null });
    await typist.type(screen.getByRole('textbox', { name: 'Search by name' }), 'laxmi');
    // Nothing is asked for while the word may still grow.
    expect(location()).toBe('/merchants?page=2');
    await waitFor(() => expect(location()).toBe('/merchants?name=laxmi'));
    await waitFor(() => expect(firstCellTexts()).toEqual(['Laxmi Sarees 2', 'Laxmi SareesRajkot']));
    // One request for the whole word, not one per keystroke.
    expect(fake.requestsOf('GET').filter((r) => r.url.searchParams.has('name'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(location()).toBe('/merchants'));
    expect(screen.getByRole('textbox', { name: 'Search by name' })).toHaveValue('');
  });

  it('shows the empty state when nothing matches', async () => {
    renderPage('/merchants?name=zzz');
    expect(await screen.findByText('No merchants found')).toBeInTheDocument();
    expect(screen.getByText('No results')).toBeInTheDocument();
  });

  it('leads a list with no merchants at all to its first merchant, by hand or from a sheet', async () => {
    useFake({ merchants: [] });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Merchants' });
    const empty = within(table.closest('[data-table-root]') ?? document.body);
    expect(
      await empty.findByText('Add the merchants you work with to start recording their orders.'),
    ).toBeInTheDocument();
    expect(empty.getAllByRole('button', { name: 'Add merchant' }).length).toBeGreaterThan(0);
    expect(empty.getByRole('link', { name: 'Import from a spreadsheet' })).toHaveAttribute(
      'href',
      '/apps/import',
    );
    expect(screen.queryByRole('button', { name: 'Reset filters' })).toBeDisabled();
  });

  it('offers clearing the filters only when they hide merchants that exist', async () => {
    const { user } = renderPage('/merchants?name=zzz');
    expect(
      await screen.findByText(
        'No merchant matches this search. Try another name or reset the filters.',
      ),
    ).toBeInTheDocument();
    const resets = screen.getAllByRole('button', { name: 'Reset filters' });
    expect(resets).toHaveLength(2);
    await user.click(resets[1]!);
    await waitFor(() => expect(location()).toBe('/merchants'));
  });

  it('does not blame the filters when there are no merchants at all', async () => {
    useFake({ merchants: [] });
    renderPage('/merchants?name=zzz');
    expect(
      await screen.findByText('Add the merchants you work with to start recording their orders.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('No merchant matches this search. Try another name or reset the filters.'),
    ).not.toBeInTheDocument();
  });

  it('sorts by name ascending, then descending', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–10 of 12');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(firstCellTexts()[0]).toMatch(/^Ambika Fabrics/));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('columnheader', { name: 'Created' })).toHaveAttribute(
      'aria-sort',
      'none',
    );
    expect(location()).toBe('/merchants?sort=name');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(firstCellTexts()[0]).toMatch(/^Shree Ganesh Textiles 2/));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(location()).toBe('/merchants?sort=-name');
  });

  it('validates the form with translated messages, then creates and refetches', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–10 of 12');
    await user.click(screen.getByRole('button', { name: 'Add merchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add merchant' });

    await user.type(within(dialog).getByRole('textbox', { name: 'GSTIN' }), 'bad');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid 15-character GSTIN')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid email address')).toBeInTheDocument();
    expect(fake.requestsOf('POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Navkar Lace Works ');
    await user.clear(within(dialog).getByRole('textbox', { name: 'GSTIN' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'GSTIN' }), '24aaacn1234f1z5');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Surat');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Merchant created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.requestsOf('POST')[0]?.body).toMatchObject({
      name: 'Navkar Lace Works',
      gstin: '24AAACN1234F1Z5',
      email: null,
      city: 'Surat',
    });
    expect(fake.requestsOf('POST')[0]?.headers.get('idempotency-key')).toBeTruthy();
    // The list is fetched again and shows the new merchant at the top.
    await waitFor(() => expect(firstCellTexts()[0]).toBe('Navkar Lace WorksSurat'));
    expect(screen.getByText('Showing 1–10 of 13')).toBeInTheDocument();
  });

  it('puts server-side field errors on the right input, translated', async () => {
    server.use(http.post('*/api/merchants', () => phoneRefused('Enter a valid phone number')));
    const { user } = renderPage();
    await screen.findByText('Showing 1–10 of 12');
    await user.click(screen.getByRole('button', { name: 'Add merchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add merchant' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Navkar');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid phone number'),
    );
    expect(await screen.findByText('Failed to create merchant')).toBeInTheDocument();
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add merchant' })).toBeInTheDocument();
  });

  it('edits a merchant from its row', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–10 of 12');
    await user.click(screen.getByRole('button', { name: 'Edit Laxmi Sarees 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit merchant' });
    const city = within(dialog).getByRole('textbox', { name: 'City' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Laxmi Sarees 2');
    await user.clear(city);
    await user.type(city, 'Navsari');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Merchant updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(firstCellTexts()).toContain('Laxmi Sarees 2Navsari'));
    const put = fake.requestsOf('PUT')[0];
    expect(put?.url.pathname).toBe(
      `/api/merchants/${fake.merchants.find((m) => m.name === 'Laxmi Sarees 2')?._id}`,
    );
    expect(put?.body).toMatchObject({ name: 'Laxmi Sarees 2', city: 'Navsari' });
  });

  it('cancels the form without saving', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–10 of 12');
    await user.click(screen.getByRole('button', { name: 'Add merchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add merchant' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.requestsOf('POST')).toHaveLength(0);
  });

  it('offers staff adding and editing but no delete', async () => {
    signInTestUserAs('staff');
    renderPage();
    await screen.findByText('Showing 1–10 of 12');
    expect(screen.getByRole('button', { name: 'Add merchant' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Radhe Fashion' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Radhe Fashion' })).not.toBeInTheDocument();
  });

  it('deletes after confirmation', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–10 of 12');
    await user.click(screen.getByRole('button', { name: 'Delete Radhe Fashion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete merchant?' });
    expect(
      within(dialog).getByText(/Radhe Fashion will be removed permanently/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Merchant deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Radhe Fashion')).not.toBeInTheDocument());
    expect(screen.getByText('Showing 1–10 of 11')).toBeInTheDocument();
  });

  it("shows the server's message when a merchant with orders cannot be deleted", async () => {
    const merchants = makeMerchants(3);
    useFake({ merchants, referencedIds: [merchants[0]!._id] });
    const { user } = renderPage();
    await screen.findByText('Showing 1–3 of 3');
    await user.click(screen.getByRole('button', { name: `Delete ${merchants[0]!.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete merchant?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('This merchant has orders and cannot be deleted'),
    ).toBeInTheDocument();
    expect(screen.getByText(merchants[0]!.name)).toBeInTheDocument();
  });

  it('shows an error state with Retry when the list cannot load', async () => {
    fake.failNext(503, 'Service temporarily unavailable');
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch merchants')).toBeInTheDocument();
    expect(within(alert).queryByText('Service temporarily unavailable')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Showing 1–10 of 12')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("opens a merchant's notes in a drawer and writes one there", async () => {
    const [merchant] = makeMerchants(12);
    if (!merchant) throw new Error('the fake should have merchants');
    const notes = createNotesFake({ subjects: { [merchant._id]: merchant.name } });
    notes.add('merchant', merchant._id, 'Pays by cheque on the 10th');
    server.use(...notes.handlers);
    const { user } = renderPage();
    await screen.findByText(merchant.name);
    await user.click(screen.getByRole('button', { name: `Notes on ${merchant.name}` }));
    const drawer = await screen.findByRole('dialog', { name: `Notes on ${merchant.name}` });
    expect(await within(drawer).findByText('Pays by cheque on the 10th')).toBeInTheDocument();
    await user.type(within(drawer).getByRole('textbox', { name: 'Write a note' }), 'GST copy sent');
    await user.click(within(drawer).getByRole('button', { name: 'Send' }));
    expect(await within(drawer).findByText('GST copy sent')).toBeInTheDocument();
    expect(notes.notes.at(-1)).toMatchObject({
      subjectType: 'merchant',
      subjectId: merchant._id,
      body: 'GST copy sent',
    });
  });

  it('falls back to the translated message when the server gives none', async () => {
    server.use(http.get('*/api/merchants', () => fail(502, '')));
    renderPage();
    expect(await screen.findByText('Failed to fetch merchants')).toBeInTheDocument();
  });
});
