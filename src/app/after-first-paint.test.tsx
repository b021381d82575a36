import { cleanup, render, screen, within } from '@testing-library/react';
import { act } from 'react';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '@/lib/notify';
import { initTestI18n } from '@/test/render';
import { AppProviders } from './providers';

beforeEach(() => {
  initTestI18n();
});

afterEach(() => {
  // Unmounted while the stubs are still there: the app cancels its idle callback then.
  cleanup();
  act(() => toast.remove());
  vi.unstubAllGlobals();
});

const region = () => screen.queryByRole('region', { name: 'Notifications' });

describe('what the app loads after its first paint', () => {
  it('renders the first page without the toaster, which comes once the browser is idle', async () => {
    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(region()).toBeNull();
    expect(await screen.findByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('loads the toaster at once for a toast raised before it, idle or not', async () => {
    // A browser that never finds an idle moment.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    notifySuccess('Signed in from the sample workshop');
    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    const toasts = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('Signed in from the sample workshop')).toBeVisible();
    act(() => {
      notifySuccess('Order created');
    });
    expect(await within(toasts).findByText('Order created')).toBeVisible();
    act(() => toast.remove());
    expect(region()).toBeInTheDocument();
  });
});
