import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { GeneralErrorPage } from './general-error-page';
import NotFoundPage from './not-found-page';
import { RouteErrorView } from './route-error-view';

function Boom(): never {
  throw new Error('Cannot read the order total');
}

describe('error pages', () => {
  it('not-found page explains and leads home', async () => {
    const { user } = renderWithProviders(<NotFoundPage />, {
      route: '/missing',
      routes: [{ path: '/order-analytics', element: <p>Analytics home</p> }],
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Oops! Page Not Found!' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "It seems like the page you're looking for does not exist or might have been removed.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to Home' }));
    expect(await screen.findByText('Analytics home')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/order-analytics');
  });

  it('general error page hides its buttons in the minimal variant', () => {
    const { unmount } = renderWithProviders(<GeneralErrorPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: "Oops! Something went wrong :')" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('We apologize for the inconvenience. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Home' })).toBeInTheDocument();
    unmount();

    renderWithProviders(<GeneralErrorPage minimal />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go Back' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to Home' })).not.toBeInTheDocument();
  });

  it('route error view reveals and hides the error message on request', async () => {
    // React reports the thrown render error on the console; that noise is the expected outcome here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderWithProviders(<p>unused</p>, {
      route: '/broken',
      path: '/somewhere-else',
      routes: [{ path: '/broken', element: <Boom />, errorElement: <RouteErrorView /> }],
    });
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong!' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Cannot read the order total')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(screen.getByText('Cannot read the order total')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hide Error' }));
    expect(screen.queryByText('Cannot read the order total')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('inside the layout, says a page that could not be fetched should be reloaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function MissingChunk(): never {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/designs-page.js');
    }
    renderWithProviders(<p>unused</p>, {
      route: '/designs',
      path: '/elsewhere',
      routes: [
        { path: '/designs', element: <MissingChunk />, errorElement: <RouteErrorView inLayout /> },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This page could not be loaded. Check the connection and reload.',
    );
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
    expect(document.title).toBe('Something went wrong! · Karkhana');
    vi.restoreAllMocks();
  });
});
