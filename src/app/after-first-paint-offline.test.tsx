import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/test/render';
import { AppProviders } from './providers';

// As when the network dropped before the service worker had cached the chunk.
vi.mock('@/components/pwa-manager', () => Promise.reject(new Error('Failed to fetch')));

beforeEach(() => {
  initTestI18n();
});

describe('a part loaded after the first paint that fails to load', () => {
  it('leaves the page and the other part working', async () => {
    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    expect(await screen.findByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByText('page')).toBeInTheDocument();
  });
});
