import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { useQueryFallback } from './query-state';

type ShownQuery = Parameters<typeof useQueryFallback>[0];

function Section({ query, subject }: { query: ShownQuery; subject?: 'list' | 'page' }) {
  const fallback = useQueryFallback(query, { failureKey: 'organization:errors.fetch', subject });
  return <>{fallback ?? <p>The record</p>}</>;
}

const failed = (data: unknown): ShownQuery => ({
  data,
  error: new Error('refused'),
  fetchStatus: 'idle',
  isError: true,
  isFetching: false,
  isPending: false,
  refetch: vi.fn(),
});

describe('useQueryFallback', () => {
  it('shows the failure with Retry when nothing was read', () => {
    renderWithProviders(<Section query={failed(undefined)} />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('Could not load this list')).toBeInTheDocument();
    expect(screen.queryByText('The record')).not.toBeInTheDocument();
  });

  it('names a whole page, not a list, when the page is one record', () => {
    renderWithProviders(<Section query={failed(undefined)} subject="page" />);
    expect(screen.getByText('Could not load this page')).toBeInTheDocument();
    expect(screen.queryByText('Could not load this list')).not.toBeInTheDocument();
  });

  it('keeps what was read on screen when a later refetch fails', () => {
    renderWithProviders(<Section query={failed({ name: 'Shree Ganesh Textiles' })} />);
    expect(screen.getByText('The record')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
