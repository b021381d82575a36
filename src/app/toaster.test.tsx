import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { notifyError, notifySuccess } from '@/lib/notify';
import { renderWithProviders } from '@/test/render';

describe('AppToaster', () => {
  it('shows toasts in a labelled region, once per message, each closable', async () => {
    const { user } = renderWithProviders(<p>page</p>);
    act(() => {
      notifySuccess('Merchant created successfully');
      notifySuccess('Merchant created successfully');
      notifyError('Failed to fetch merchants');
    });

    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(region).findAllByText('Merchant created successfully')).toHaveLength(1);
    expect(within(region).getByText('Failed to fetch merchants')).toBeInTheDocument();

    expect(within(region).getAllByRole('button', { name: 'Close toast' })).toHaveLength(2);
    const successToast = within(region)
      .getByText('Merchant created successfully')
      .closest('[role="status"]');
    if (!(successToast instanceof HTMLElement)) throw new Error('toast has no status role');
    await user.click(within(successToast).getByRole('button', { name: 'Close toast' }));
    await waitFor(() =>
      expect(within(region).queryByText('Merchant created successfully')).not.toBeInTheDocument(),
    );
    expect(within(region).getByText('Failed to fetch merchants')).toBeInTheDocument();
  });
});
