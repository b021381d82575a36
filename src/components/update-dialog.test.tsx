import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { UpdateDialog } from './update-dialog';

describe('UpdateDialog', () => {
  it('shows the spec texts and hands the choice back', async () => {
    const onLater = vi.fn();
    const onUpdate = vi.fn();
    const { user } = renderWithProviders(
      <UpdateDialog opened onLater={onLater} onUpdate={onUpdate} />,
    );
    expect(await screen.findByText('App Update Available')).toBeInTheDocument();
    expect(
      screen.getByText(
        'A new version of Karkhana is available. Would you like to update now? The app will reload automatically.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(onLater).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Update Now' }));
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while no update waits', () => {
    renderWithProviders(<UpdateDialog opened={false} onLater={() => {}} onUpdate={() => {}} />);
    expect(screen.queryByText('App Update Available')).not.toBeInTheDocument();
  });
});
