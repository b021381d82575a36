import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Design } from '../../../../contract/designs.ts';
import { renderWithProviders } from '@/test/render';
import { fail } from '@/test/msw/envelope';
import { storedFields } from '@/test/fixtures';
import { createResourceFake, testId, type ResourceFake } from '@/test/msw/resource-fake';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { useAuthStore } from '@/stores/auth';
import { designs } from '@/features/designs/resource';
import DesignsPage from './designs-page';

const server = setupMswServer();

function makeDesign(n: number, fields: Partial<Design>): Design {
  return {
    ...storedFields(n),
    name: `Design ${n}`,
    designCode: `D-${n}`,
    description: null,
    rate: null,
    ...fields,
  };
}

let fake: ResourceFake<Design>;
const posts = () => fake.requestsOf('POST').map((request) => request.body);

beforeEach(() => {
  signInTestUser();
  fake = createResourceFake<Design>({
    resource: designs,
    records: [
      makeDesign(3, { name: 'Peacock Pallu', designCode: 'EMB-103', rate: 123456.5 }),
      makeDesign(2, { name: 'Mango Butta', designCode: 'EMB-102', rate: 12.5 }),
      makeDesign(1, { name: 'Sample Swatch', designCode: 'SMP-001', rate: null }),
    ],
    blank: { name: '', designCode: '', description: null, rate: null },
    list: {
      sortable: ['name', 'designCode', 'createdAt'],
      textFilters: { name: 'name', designCode: 'designCode' },
      defaultSort: '-createdAt',
    },
    pickListSort: 'name',
    unique: 'designCode',
  });
  server.use(...fake.handlers);
});

function renderPage(route = '/designs') {
  return renderWithProviders(<DesignsPage />, { path: '/designs', route });
}

describe('DesignsPage', { timeout: 15_000 }, () => {
  it('lists designs with the rate as rupees in Indian grouping', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Designs' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Designs' });
    const peacock = (await within(table).findByText('Peacock Pallu')).closest('tr')!;
    expect(within(peacock).getByText('EMB-103')).toBeInTheDocument();
    expect(within(peacock).getByText('₹1,23,456.50')).toBeInTheDocument();
    const sample = within(table).getByText('Sample Swatch').closest('tr')!;
    expect(within(sample).getByText('—')).toBeInTheDocument();
  });

  it('filters by design code', async () => {
    const { user } = renderPage();
    await screen.findByText('Peacock Pallu');
    await user.type(screen.getByRole('textbox', { name: 'Design code' }), 'smp');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/designs?designCode=smp'),
    );
    await waitFor(() => expect(screen.queryByText('Peacock Pallu')).not.toBeInTheDocument());
    expect(screen.getByText('Sample Swatch')).toBeInTheDocument();
  });

  it('shows translated validation messages and sends nothing while the form is invalid', async () => {
    const { user } = renderPage();
    await screen.findByText('Peacock Pallu');
    await user.click(screen.getByRole('button', { name: 'Add design' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add design' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const code = within(dialog).getByRole('textbox', { name: 'Design code' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription(expect.stringContaining('This field is required'));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('This field is required'));
    expect(posts()).toHaveLength(0);

    // Fixing one field clears its message while the other keeps its own.
    await user.type(code, 'EMB-200');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(code).not.toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('This field is required'));
    expect(posts()).toHaveLength(0);
  });

  it('creates a design and shows it after the list refetches', async () => {
    const { user } = renderPage();
    await screen.findByText('Peacock Pallu');
    await user.click(screen.getByRole('button', { name: 'Add design' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add design' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Design code' }), ' LOT-9 ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Lotus Jaal');
    await user.type(within(dialog).getByRole('textbox', { name: /Rate per piece/ }), '95.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Design created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts()[0]).toEqual({
      name: 'Lotus Jaal',
      designCode: 'LOT-9',
      description: null,
      rate: 95.5,
    });
    expect(await screen.findByText('Lotus Jaal')).toBeInTheDocument();
  });

  it('puts a duplicate code reported by the server on the code field', async () => {
    const { user } = renderPage();
    await screen.findByText('Peacock Pallu');
    await user.click(screen.getByRole('button', { name: 'Add design' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add design' });
    const code = within(dialog).getByRole('textbox', { name: 'Design code' });
    await user.type(code, 'emb-103');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Copy');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining('A design with this code already exists'),
    );
    expect(screen.getByRole('dialog', { name: 'Add design' })).toBeInTheDocument();
  });

  it('refuses to create without an organization in the session and sends nothing', async () => {
    const state = useAuthStore.getState();
    useAuthStore.setState({ user: { ...state.user!, organizationId: '' } });
    const { user } = renderPage();
    await screen.findByText('Peacock Pallu');
    await user.click(screen.getByRole('button', { name: 'Add design' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add design' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Design code' }), 'NEW-1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'New');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organization ID not found in auth state')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('deletes after confirmation', async () => {
    const { user } = renderPage();
    await screen.findByText('Peacock Pallu');
    await user.click(screen.getByRole('button', { name: 'Delete Mango Butta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete design?' });
    expect(within(dialog).getByText(/Mango Butta \(EMB-102\) will be removed/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Design deleted successfully')).toBeInTheDocument();
    expect(fake.requestsOf('DELETE').map((request) => request.url.pathname)).toEqual([
      `/api/designs/${testId(2)}`,
    ]);
    await waitFor(() => expect(screen.queryByText('Mango Butta')).not.toBeInTheDocument());
  });

  it('says why in the interface language when the design is used in orders', async () => {
    server.use(
      http.delete('*/api/designs/:id', () =>
        fail(409, 'Design is still referenced', undefined, 'still_referenced'),
      ),
    );
    const { user } = renderPage();
    await screen.findByText('Peacock Pallu');
    await user.click(screen.getByRole('button', { name: 'Delete Peacock Pallu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete design?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('This design is used in orders and cannot be deleted'),
    ).toBeInTheDocument();
  });
});
