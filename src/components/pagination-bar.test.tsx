import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PaginationBar } from './pagination-bar';

describe('PaginationBar', () => {
  it('summarises the range and changes page and page size', async () => {
    const onPageChange = vi.fn();
    const onLimitChange = vi.fn();
    const { user } = renderWithProviders(
      <PaginationBar
        page={2}
        limit={10}
        totalCount={42}
        totalPages={5}
        onPageChange={onPageChange}
        onLimitChange={onLimitChange}
      />,
    );
    expect(screen.getByText('Showing 11–20 of 42')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(onLimitChange).toHaveBeenCalledWith(50);
    expect(
      within(screen.getByRole('combobox', { name: 'Rows per page' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '50', '100']);
  });

  it('says so when there are no results', () => {
    renderWithProviders(
      <PaginationBar
        page={1}
        limit={10}
        totalCount={0}
        totalPages={0}
        onPageChange={vi.fn()}
        onLimitChange={vi.fn()}
      />,
    );
    expect(screen.getByText('No results')).toBeInTheDocument();
  });
});
