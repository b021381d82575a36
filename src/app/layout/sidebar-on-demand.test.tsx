import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { testSession } from '@/test/fixtures';
import { openMainNavigation } from '@/test/main-navigation';
import { ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { renderRoutes } from '@/test/render';
import { appRoutes } from '../router';

const session = testSession('secret-token');

setupMswServer(
  http.get('*/api/auth/me', () => ok({ user: session.user, organization: session.organization })),
);

/** A window at least Mantine's lg breakpoint wide, where the sidebar is fixed beside the page. */
function widenWindow() {
  const realMatchMedia = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    if (query !== '(min-width: 75em)') return realMatchMedia(query);
    const wide: MediaQueryList = {
      matches: true,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
    return wide;
  });
}

async function openHelpCenter() {
  useAuthStore.getState().setSession(session);
  renderRoutes(appRoutes, { route: '/help-center' });
  await screen.findByRole('heading', { level: 1, name: 'Help center' });
}

describe('the sidebar', { timeout: 15_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it("on a tablet's width, renders its links only once the burger opens the drawer", async () => {
    await openHelpCenter();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    const nav = await openMainNavigation();
    expect(within(nav).getByRole('link', { name: 'Help center' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('on a wide screen, is there with the first page', async () => {
    widenWindow();
    await openHelpCenter();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Orders' })).toBeInTheDocument();
  });
});
