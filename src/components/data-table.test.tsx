import { screen, within } from '@testing-library/react';
import { IconPencil } from '@tabler/icons-react';
import { describe, expect, it, vi } from 'vitest';
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
