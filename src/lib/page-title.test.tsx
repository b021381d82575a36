import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from '@/components/page-header';
import { renderWithProviders } from '@/test/render';
import { formatDocumentTitle } from './page-title';

describe('page names', () => {
  it('names the tab, takes focus to the heading and announces the page', async () => {
    renderWithProviders(<PageHeader title="Orders" />, { route: '/orders', path: '/orders' });
    expect(document.title).toBe('Orders · Karkhana');
    const heading = screen.getByRole('heading', { level: 1, name: 'Orders' });
    expect(heading).toHaveFocus();
    await waitFor(() =>
      expect(document.getElementById('route-announcer')).toHaveTextContent('Orders'),
    );
  });

  it('leaves focus where the user put it inside the page', () => {
    function WithField() {
      return (
        <>
          <input aria-label="Search" autoFocus />
          <PageHeader title="Designs" />
        </>
      );
    }
    renderWithProviders(<WithField />, { route: '/designs', path: '/designs' });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
    expect(document.title).toBe('Designs · Karkhana');
  });

  it('falls back to the product name', () => {
    expect(formatDocumentTitle(undefined)).toBe('Karkhana');
  });
});
