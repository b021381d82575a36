import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Worker } from '../../../../contract/workers.ts';
import { renderWithProviders } from '@/test/render';
import { storedFields } from '@/test/fixtures';
import { createResourceFake, testId } from '@/test/msw/resource-fake';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, signInTestUserAs } from '@/test/msw/session';
import { workers as workersResource } from '@/features/workers/resource';
import WorkersPage from './workers-page';

const SALARY_ENTRIES_CONFLICT =
  'This worker has salary entries and cannot be deleted. Mark the worker inactive instead.';

function makeWorker(n: number, fields: Partial<Worker>): Worker {
  const stored = storedFields(n, testId(7000 + n));
  return {
    ...stored,
    name: `Worker ${n}`,
    phone: null,
    address: null,
    designation: null,
    joiningDate: stored.createdAt.slice(0, 10),
    isActive: true,
    salaryType: null,
    baseSalary: null,
    ...fields,
  };
}

/** An in-memory /api/workers: search over name, phone and designation, the active filter, writes. */
function createWorkersFake() {
  const workers: Worker[] = [
    makeWorker(4, {
      name: 'Ramesh Vasava',
      designation: 'Embroidery master',
      phone: '+91 98250 11111',
      salaryType: 'monthly',
      baseSalary: 24000,
    }),
    makeWorker(3, { name: 'Sunita Rathod', designation: 'Thread cutter', isActive: false }),
    makeWorker(2, {
      name: 'Mahesh Parmar',
      designation: 'Machine operator',
      phone: '+91 98790 22222',
    }),
    makeWorker(1, { name: 'Gita Solanki', designation: 'Ramp checker', isActive: false }),
  ];
  const fake = createResourceFake<Worker>({
    resource: workersResource,
    records: workers,
    blank: makeWorker(0, {}),
    list: {
      sortable: ['name', 'joiningDate', 'createdAt'],
      defaultSort: '-createdAt',
      filter(rows, search) {
        const needle = search.get('search')?.trim().toLowerCase() ?? '';
        const isActive = search.get('isActive');
        search.delete('search');
        search.delete('isActive');
        return rows.filter(
          (worker) =>
            [worker.name, worker.phone, worker.designation].some((field) =>
              (field ?? '').toLowerCase().includes(needle),
            ) &&
            (isActive === null || String(worker.isActive) === isActive),
        );
      },
    },
    pickListSort: 'name',
  });
  return {
    ...fake,
    lastListQuery: () => fake.requestsOf('GET').at(-1)?.url.searchParams ?? new URLSearchParams(),
  };
}

const server = setupMswServer();
let fake: ReturnType<typeof createWorkersFake>;

function renderPage(route = '/workers') {
  return renderWithProviders(<WorkersPage />, { path: '/workers', route });
}

const location = () => screen.getByTestId('location').textContent;
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

function names() {
  const table = screen.getByRole('table', { name: 'Workers' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.querySelector('p')?.textContent ?? '');
}

beforeEach(() => {
  signInTestUser();
  fake = createWorkersFake();
  server.use(...fake.handlers);
});

describe('WorkersPage', { timeout: 20_000 }, () => {
  // Staff get workers without pay from the server; the table has no place for it either.
  it.each([
    ['owner', true],
    ['admin', true],
    ['staff', false],
  ] as const)('as %s shows the pay column: %s', async (role, shown) => {
    signInTestUserAs(role);
    renderPage();
    await screen.findByText('Showing 1–4 of 4');
    const table = screen.getByRole('table', { name: 'Workers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.includes('Base salary')).toBe(shown);
    expect(within(table).queryAllByText(/24,000/).length > 0).toBe(shown);
    expect(within(table).queryByText('Monthly') !== null).toBe(shown);
  });

  it('lists workers newest first with their status', async () => {
    renderPage();
    await screen.findByText('Showing 1–4 of 4');
    expect(names()).toEqual(['Ramesh Vasava', 'Sunita Rathod', 'Mahesh Parmar', 'Gita Solanki']);
    expect(screen.getByRole('switch', { name: 'Mark Ramesh Vasava inactive' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Mark Sunita Rathod active' })).not.toBeChecked();
  });

  it('searches name, phone and designation after typing pauses, through the URL', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–4 of 4');
    // Pasted as one input event, so the result does not hang on typing speed against the debounce.
    await user.click(screen.getByRole('textbox', { name: 'Search name, phone or designation' }));
    await user.paste('ram');
    await waitFor(() => expect(location()).toBe('/workers?search=ram'));
    await waitFor(() => expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument());
    // "Ramesh" by name, "Ramp checker" by designation.
    expect(names()).toEqual(['Ramesh Vasava', 'Gita Solanki']);
    expect(fake.lastListQuery().get('search')).toBe('ram');
  });

  it('filters by active status and reads the filter back from the URL', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–4 of 4');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(location()).toBe('/workers?isActive=false'));
    await waitFor(() => expect(names()).toEqual(['Sunita Rathod', 'Gita Solanki']));
    expect(fake.lastListQuery().get('isActive')).toBe('false');
  });

  it('starts from an active filter in the URL', async () => {
    renderPage('/workers?isActive=true');
    await screen.findByText('Showing 1–2 of 2');
    expect(names()).toEqual(['Ramesh Vasava', 'Mahesh Parmar']);
    expect(screen.getByRole('button', { name: 'Reset filters' })).toBeEnabled();
  });

  it('toggles a worker inactive from the row and sends only the flag and the row’s version', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–4 of 4');
    await user.click(screen.getByRole('switch', { name: 'Mark Ramesh Vasava inactive' }));
    expect(await toasts().findByRole('status')).toHaveTextContent('Worker updated successfully');
    const put = fake.requestsOf('PUT')[0];
    expect(put?.url.pathname).toBe(`/api/workers/${testId(7004)}`);
    expect(put?.body).toEqual({ isActive: false, version: 1 });
    expect(
      await screen.findByRole('switch', { name: 'Mark Ramesh Vasava active' }),
    ).not.toBeChecked();
  });

  it("shows the server's advice to deactivate when a worker with salary entries is deleted", async () => {
    fake.referenced.add(testId(7004));
    const { user } = renderPage();
    await screen.findByText('Showing 1–4 of 4');
    await user.click(screen.getByRole('button', { name: 'Delete Ramesh Vasava' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete worker?' });
    expect(dialog).toHaveTextContent('mark them inactive instead');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await toasts().findByText(SALARY_ENTRIES_CONFLICT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(names()).toContain('Ramesh Vasava');
  });

  it('deletes a worker without a success toast', async () => {
    const { user } = renderPage();
    await screen.findByText('Showing 1–4 of 4');
    await user.click(screen.getByRole('button', { name: 'Delete Mahesh Parmar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete worker?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument());
    expect(fake.requestsOf('DELETE')[0]?.url.pathname).toBe(`/api/workers/${testId(7002)}`);
    expect(names()).not.toContain('Mahesh Parmar');
    expect(toasts().queryByRole('status')).not.toBeInTheDocument();
    expect(toasts().queryByRole('alert')).not.toBeInTheDocument();
  });
});
