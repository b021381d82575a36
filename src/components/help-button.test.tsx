import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PageHeader } from './page-header';

describe('the help button of a page header', () => {
  it.each([
    ['/orders', '/help-center/take-order'],
    ['/salary-management/create', '/help-center/pay-workers'],
    ['/billing', '/help-center/bill-and-get-paid'],
  ])('on %s opens %s', (route, article) => {
    renderWithProviders(<PageHeader title="Page" />, { route });
    expect(screen.getByRole('link', { name: 'Help for this page' })).toHaveAttribute(
      'href',
      article,
    );
  });

  it('is left out on a page no guide explains', () => {
    renderWithProviders(<PageHeader title="Tasks" />, { route: '/tasks' });
    expect(screen.getByRole('heading', { level: 1, name: 'Tasks' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Help for this page' })).not.toBeInTheDocument();
  });

  it('leaves a header outside any router alone', () => {
    render(
      <MantineProvider>
        <PageHeader title="Standalone" />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Standalone' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
