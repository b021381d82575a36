import { screen, within } from '@testing-library/react';
import { IconPencil } from '@tabler/icons-react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DataTable, type DataTableColumn } from './data-table';

type Row = { id: string; name: string; total: number };
const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name', sortField: 'name', render: (row) => row.name },
  { key: 'total', header: 'Total', render: (row) => row.total, align: 'right' },
];
const rows: Row[] = [
  { id: '1', name: 'Acme', total: 10 },
  { id: '2', name: 'Bharat', total: 20 },
];

describe('DataTable', () => {
  it('renders rows, sort state and labelled row actions', async () => {
    const onSort = vi.fn();
    const onEdit = vi.fn();
    const { user } = renderWithProviders(
      <DataTable
        label="Things"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        sort="-name"
        onSort={onSort}
        rowActions={[{ label: (row) => `Edit ${row.name}`, icon: <IconPencil />, onClick: onEdit }]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: 'Total' })).not.toHaveAttribute('aria-sort');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenCalledWith('name');
    await user.click(screen.getByRole('button', { name: 'Edit Bharat' }));
    expect(onEdit).toHaveBeenCalledWith(rows[1]);
  });

  it('shows skeleton rows while loading', () => {
    renderWithProviders(
      <DataTable
        label="Things"
        columns={columns}
        rows={undefined}
        rowKey={(r) => r.id}
        loading
        skeletonRows={3}
      />,
    );
    const table = screen.getByRole('table', { name: 'Things' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(3);
  });

  it('shows the empty content for an empty page', () => {
    renderWithProviders(
      <DataTable
        label="Things"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        empty={<p>No things found</p>}
      />,
    );
    expect(screen.getByText('No things found')).toBeInTheDocument();
  });

  it('replaces the table with an error state and Retry when nothing could load', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(
      <DataTable
        label="Things"
        columns={columns}
        rows={undefined}
        rowKey={(r) => r.id}
        error={new Error('boom')}
        errorMessage="Failed to fetch things"
        onRetry={onRetry}
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Failed to fetch things')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('keeps stale rows visible with a banner when a refetch fails', () => {
    renderWithProviders(
      <DataTable
        label="Things"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        error={new Error('x')}
        errorMessage="Offline"
      />,
    );
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Offline');
  });
});

describe('DataTable rows created offline', () => {
  type Order = { id: string; name: string; merchant: { name: string } };
  const orderColumns: DataTableColumn<Order>[] = [
    { key: 'name', header: 'Name', render: (row) => row.name },
    { key: 'merchant', header: 'Merchant', render: (row) => row.merchant.name },
  ];

  it('marks them not yet synced, offers no actions and survives missing joined data', () => {
    const onEdit = vi.fn();
    const pendingRow = { id: 'p1', name: 'Draft', _pendingSync: true } as unknown as Order;
    renderWithProviders(
      <DataTable
        label="Orders"
        columns={orderColumns}
        rows={[pendingRow, { id: '1', name: 'Synced', merchant: { name: 'Acme' } }]}
        rowKey={(row) => row.id}
        rowActions={[{ label: (row) => `Edit ${row.name}`, icon: <IconPencil />, onClick: onEdit }]}
      />,
    );
    const [, pending, synced] = screen.getAllByRole('row');
    expect(within(pending!).getByText('Not sent yet')).toBeInTheDocument();
    expect(within(pending!).getByText('Draft')).toBeInTheDocument();
    expect(within(pending!).getByText('—')).toBeInTheDocument();
    expect(within(pending!).queryByRole('button', { name: 'Edit Draft' })).toBeNull();
    expect(within(synced!).getByRole('button', { name: 'Edit Synced' })).toBeInTheDocument();
    expect(within(synced!).queryByText('Not sent yet')).toBeNull();
  });

  it('puts the mark under the first cell, leaving the other columns and the actions alone', () => {
    const pendingRow = {
      id: 'p1',
      name: 'Draft',
      merchant: { name: 'Acme' },
      _pendingSync: true,
    } as unknown as Order;
    const editedRow = {
      id: '2',
      name: 'Edited',
      merchant: { name: 'Acme' },
      _pendingChange: true,
    } as unknown as Order;
    renderWithProviders(
      <DataTable
        label="Orders"
        columns={orderColumns}
        rows={[pendingRow, editedRow]}
        rowKey={(row) => row.id}
        rowActions={[
          { label: (row) => `Edit ${row.name}`, icon: <IconPencil />, onClick: vi.fn() },
        ]}
      />,
    );
    const [, pending, edited] = screen.getAllByRole('row');
    for (const row of [pending!, edited!]) {
      const cells = within(row).getAllByRole('cell');
      expect(within(cells[0]!).getByText('Not sent yet')).toBeInTheDocument();
      expect(cells.slice(1).map((cell) => cell.textContent)).not.toContain('Not sent yet');
    }
    // An edited record has its server id: it can be edited again.
    expect(within(edited!).getByRole('button', { name: 'Edit Edited' })).toBeInTheDocument();
  });
});

describe('DataTable in a narrow frame', () => {
  type Bill = { id: string; number: string; date: string; note: string; balance: string };
  const billColumns: DataTableColumn<Bill>[] = [
    { key: 'number', header: 'Number', priority: 1, render: (row) => row.number },
    { key: 'date', header: 'Date', priority: 2, render: (row) => row.date },
    { key: 'note', header: 'Note', priority: 3, render: (row) => row.note },
    { key: 'balance', header: 'Balance', priority: 1, render: (row) => row.balance },
  ];
  const bill: Bill = { id: '1', number: 'KT-7', date: '3 Jan', note: 'Rush', balance: '₹2,654' };

  /**
   * jsdom lays nothing out: the frame reports the given width and the table 150 px a header cell,
   * which is what folding a column buys in a browser.
   */
  function layOut(frameWidth: number) {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.hasAttribute('data-fold-level') ? frameWidth : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.tagName === 'TABLE' ? this.querySelectorAll('thead th').length * 150 : 0;
    });
  }

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  function renderBills() {
    renderWithProviders(
      <DataTable
        label="Bills"
        columns={billColumns}
        rows={[bill]}
        rowKey={(row) => row.id}
        rowActions={[
          { label: (row) => `Edit ${row.number}`, icon: <IconPencil />, onClick: vi.fn() },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Bills' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    const firstCell = within(table).getAllByRole('cell')[0]!;
    return { headers, firstCell };
  }

  it('folds the priority 3 column first, as a labelled line under the first cell', () => {
    layOut(700);
    const { headers, firstCell } = renderBills();
    expect(headers).toEqual(['Number', 'Date', 'Balance', 'Actions']);
    expect(firstCell).toHaveTextContent('KT-7Note: Rush');
    expect(screen.getByRole('button', { name: 'Edit KT-7' })).toBeInTheDocument();
  });

  it('folds priority 2 as well when that is not enough; priority 1 stays', () => {
    layOut(500);
    const { headers, firstCell } = renderBills();
    expect(headers).toEqual(['Number', 'Balance', 'Actions']);
    expect(firstCell).toHaveTextContent('KT-7Date: 3 JanNote: Rush');
    expect(screen.getByText('₹2,654').closest('td')).not.toBe(firstCell);
  });

  it('keeps every column where they fit', () => {
    layOut(1200);
    const { headers } = renderBills();
    expect(headers).toEqual(['Number', 'Date', 'Note', 'Balance', 'Actions']);
  });

  it('keeps the not-sent mark under the first cell of a folded row', () => {
    layOut(400);
    renderWithProviders(
      <DataTable
        label="Bills"
        columns={billColumns}
        rows={[{ ...bill, _pendingChange: true } as Bill]}
        rowKey={(row) => row.id}
      />,
    );
    const firstCell = within(screen.getByRole('table')).getAllByRole('cell')[0]!;
    expect(firstCell).toHaveTextContent('KT-7Date: 3 JanNote: RushNot sent yet');
  });

  it('never pins the actions column over the data', () => {
    // The stylesheet is not applied in jsdom; the rule itself is what covered the balance.
    const css = readFileSync(resolve(import.meta.dirname, 'data-table.module.css'), 'utf8');
    const actionsRule = /\.actionsCell\s*\{[^}]*\}/.exec(css)?.[0] ?? '';
    expect(actionsRule).not.toMatch(/position:\s*sticky/);
    expect(css).not.toMatch(/thead \.actionsCell/);
  });
});
