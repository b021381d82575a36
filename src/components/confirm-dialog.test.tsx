import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('asks, then confirms or cancels', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <ConfirmDialog
        opened
        title="Delete merchant?"
        message="Gone for good."
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete merchant?' });
    expect(within(dialog).getByText('Gone for good.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('renders nothing when closed', () => {
    renderWithProviders(
      <ConfirmDialog opened={false} title="Delete?" onConfirm={vi.fn()} onClose={vi.fn()} />,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
