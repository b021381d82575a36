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
});
