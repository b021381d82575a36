import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { FilterBar, type FilterField } from './filter-bar';

const fields: FilterField[] = [
  { type: 'text', name: 'name', label: 'Search by name' },
  { type: 'number', name: 'minAmount', label: 'Minimum amount' },
];

describe('FilterBar', () => {
  it('renders fields from the config and reports changes by name', async () => {
    const onChange = vi.fn();
    const onReset = vi.fn();
    const { user } = renderWithProviders(
      <FilterBar fields={fields} values={{ name: 'la' }} onChange={onChange} onReset={onReset} />,
    );
    const search = screen.getByRole('textbox', { name: 'Search by name' });
    expect(search).toHaveValue('la');
    await user.type(search, 'x');
    expect(onChange).toHaveBeenLastCalledWith('name', 'lax');
    await user.type(screen.getByRole('textbox', { name: 'Minimum amount' }), '5');
    expect(onChange).toHaveBeenLastCalledWith('minAmount', 5);
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('disables reset when nothing is filtered', () => {
    renderWithProviders(
      <FilterBar
        fields={fields}
        values={{}}
        onChange={vi.fn()}
        onReset={vi.fn()}
        canReset={false}
      />,
    );
    expect(screen.getByRole('button', { name: 'Reset filters' })).toBeDisabled();
  });

  // Select's clear button is hidden from assistive technology by Mantine (Backspace clears it).
  it('names the clear button of every date filter that holds a value', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <FilterBar
        fields={[
          {
            type: 'select',
            name: 'status',
            label: 'Status',
            options: [{ value: 'pending', label: 'Pending' }],
          },
          { type: 'boolean', name: 'active', label: 'Active' },
          { type: 'date', name: 'day', label: 'Order date' },
          { type: 'dateRange', from: 'from', to: 'to', label: 'Order dates' },
        ]}
        values={{
          status: 'pending',
          active: true,
          day: '2025-03-04',
          from: '2025-01-01',
          to: '2025-01-31',
        }}
        onChange={onChange}
        onReset={vi.fn()}
      />,
    );
    for (const label of ['Order date', 'Order dates']) {
      expect(screen.getByRole('button', { name: `Clear ${label}` })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Clear Order dates' }));
    expect(onChange).toHaveBeenCalledWith('from', undefined);
    expect(onChange).toHaveBeenCalledWith('to', undefined);
  });
});
