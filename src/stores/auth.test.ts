import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testSession } from '@/test/fixtures';

const session = testSession('secret-token');

// The store restores itself when its module first loads, so each case loads a fresh copy.
async function loadStore() {
  vi.resetModules();
  return import('./auth');
}

describe('auth store', () => {
  beforeEach(() => localStorage.clear());

  it('starts signed out with nothing stored', async () => {
    const { useAuthStore, getAccessToken } = await loadStore();
    expect(useAuthStore.getState()).toMatchObject({ isLoggedIn: false, user: null, token: null });
    expect(getAccessToken()).toBeNull();
  });

  it('persists a session under "auth" without loading or error', async () => {
    const { useAuthStore, getAccessToken, getOrganizationId, getUserId } = await loadStore();
    useAuthStore.getState().setLoading(true);
    useAuthStore.getState().setSession(session);

    const stored = JSON.parse(localStorage.getItem('auth') ?? '{}') as {
      state: Record<string, unknown>;
    };
    expect(stored.state).toEqual({
      isLoggedIn: true,
      user: session.user,
      organization: session.organization,
      token: session.token,
    });
    expect(getAccessToken()).toBe('secret-token');
    expect(getOrganizationId()).toBe(session.user.organizationId);
    expect(getUserId()).toBe(session.user._id);
  });

  it('restores a stored session that is logged in and has a token', async () => {
    const first = await loadStore();
    first.useAuthStore.getState().setSession(session);

    const { useAuthStore, selectIsLoggedIn } = await loadStore();
    expect(selectIsLoggedIn(useAuthStore.getState())).toBe(true);
    expect(useAuthStore.getState().organization?.name).toBe(session.organization.name);
  });

  it('starts clean when the stored copy has no token', async () => {
    localStorage.setItem(
      'auth',
      JSON.stringify({
        state: {
          isLoggedIn: true,
          user: session.user,
          organization: session.organization,
          token: null,
        },
        version: 1,
      }),
    );
    const { useAuthStore } = await loadStore();
    expect(useAuthStore.getState()).toMatchObject({
      isLoggedIn: false,
      user: null,
      organization: null,
    });
  });

  it('gives a user saved by an older version the fields added since', async () => {
    const {
      mustChangePassword: _m,
      phone: _p,
      language: _l,
      notifications: _n,
      ...oldUser
    } = session.user;
    localStorage.setItem(
      'auth',
      JSON.stringify({
        state: {
          isLoggedIn: true,
          user: oldUser,
          organization: session.organization,
          token: session.token,
        },
        version: 1,
      }),
    );
    const { useAuthStore } = await loadStore();
    expect(useAuthStore.getState().user).toEqual({
      ...oldUser,
      mustChangePassword: false,
      phone: null,
      language: 'en',
      notifications: { syncToasts: 'all', dailyDigest: false },
    });
  });

  it('starts clean when the stored copy is not logged in', async () => {
    localStorage.setItem(
      'auth',
      JSON.stringify({ state: { ...session, isLoggedIn: false }, version: 1 }),
    );
    const { useAuthStore, getAccessToken } = await loadStore();
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
    expect(getAccessToken()).toBeNull();
  });

  it('clearSession forgets everything, including the stored copy', async () => {
    const { useAuthStore, getAccessToken } = await loadStore();
    useAuthStore.getState().setSession(session);
    useAuthStore.getState().setError('boom');
    useAuthStore.getState().clearSession();

    expect(useAuthStore.getState()).toMatchObject({
      isLoggedIn: false,
      user: null,
      organization: null,
      token: null,
      error: null,
    });
    expect(getAccessToken()).toBeNull();
    const stored = JSON.parse(localStorage.getItem('auth') ?? '{}') as {
      state: Record<string, unknown>;
    };
    expect(stored.state.token).toBeNull();
    expect(stored.state.isLoggedIn).toBe(false);
  });

  it('setLoading clears a previous error and setError ends loading', async () => {
    const { useAuthStore } = await loadStore();
    useAuthStore.getState().setError('Login failed');
    useAuthStore.getState().setLoading(true);
    expect(useAuthStore.getState()).toMatchObject({ loading: true, error: null });
    useAuthStore.getState().setError('Login failed');
    expect(useAuthStore.getState()).toMatchObject({ loading: false, error: 'Login failed' });
  });
});
