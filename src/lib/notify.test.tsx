import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { Toaster, useToasterStore } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { notifyError, notifySuccess } from './notify';

describe('notify', () => {
  it('shows success and error toasts and suppresses duplicates of the same message', async () => {
    render(<Toaster />);
    const { result } = renderHook(() => useToasterStore());
    act(() => {
      notifySuccess('Merchant created successfully');
      notifySuccess('Merchant created successfully');
      notifyError('Failed to delete merchant');
    });
    await waitFor(() => expect(screen.getByText('Failed to delete merchant')).toBeInTheDocument());
    expect(screen.getAllByText('Merchant created successfully')).toHaveLength(1);
    const toasts = result.current.toasts;
    expect(toasts.map((t) => [t.type, t.duration])).toEqual(
      expect.arrayContaining([
        ['success', 2000],
        ['error', 2000],
      ]),
    );
  });

  it('honours an explicit duration', async () => {
    const { result } = renderHook(() => useToasterStore());
    act(() => {
      notifySuccess('App is ready to work offline!', { duration: 5000 });
    });
    await waitFor(() =>
      expect(
        result.current.toasts.find((t) => t.message === 'App is ready to work offline!')?.duration,
      ).toBe(5000),
    );
  });
});
