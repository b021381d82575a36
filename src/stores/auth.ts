import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type {
  AuthData,
  AuthToken,
  MeData,
  SessionOrganization,
  SessionUser,
} from '../../contract/auth.ts';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../contract/preferences.ts';
import { isSampleTab } from '@/lib/sample-tab';

export const AUTH_STORAGE_KEY = 'auth';

interface SessionFields {
  isLoggedIn: boolean;
  user: SessionUser | null;
  organization: SessionOrganization | null;
  token: AuthToken | null;
}

export interface AuthState extends SessionFields {
  loading: boolean;
  error: string | null;
  /** True after the user chose to sign out, so the app does not offer to bring them back. */
  signedOutByUser: boolean;
  setSession: (data: AuthData) => void;
  /** Refreshes who is signed in (from GET /auth/me) without touching the token. */
  updateProfile: (data: MeData) => void;
  /** The server refused a call until the temporary password is changed. */
  requirePasswordChange: () => void;
  clearSession: (options?: { byUser?: boolean }) => void;
  setLoading: (loading: boolean) => void;
  setError: (error: string | null) => void;
}

const signedOut: SessionFields & Pick<AuthState, 'loading' | 'error' | 'signedOutByUser'> = {
  isLoggedIn: false,
  user: null,
  organization: null,
  token: null,
  loading: false,
  error: null,
  signedOutByUser: false,
};

function hasUsableSession(value: unknown): value is SessionFields {
  if (!value || typeof value !== 'object') return false;
  const stored = value as Partial<SessionFields>;
  return (
    stored.isLoggedIn === true &&
    typeof stored.token?.accessToken === 'string' &&
    stored.token.accessToken.length > 0 &&
    stored.user != null &&
    stored.organization != null
  );
}

/**
 * A user saved by an older version of the app lacks fields added since; they get the server's
 * defaults until the next `GET /auth/me` brings the real values.
 */
function withCurrentUserFields(user: SessionUser): SessionUser {
  const stored: Partial<SessionUser> = user;
  return {
    ...user,
    mustChangePassword: stored.mustChangePassword ?? false,
    phone: stored.phone ?? null,
    language: stored.language ?? 'en',
    notifications: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...stored.notifications },
  };
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...signedOut,
      setSession: (data) =>
        set({
          isLoggedIn: true,
          user: data.user,
          organization: data.organization,
          token: data.token,
          loading: false,
          error: null,
          signedOutByUser: false,
        }),
      updateProfile: (data) => set({ user: data.user, organization: data.organization }),
      requirePasswordChange: () =>
        set((state) => (state.user ? { user: { ...state.user, mustChangePassword: true } } : {})),
      clearSession: (options) => set({ ...signedOut, signedOutByUser: options?.byUser ?? false }),
      setLoading: (loading) => set(loading ? { loading, error: null } : { loading }),
      setError: (error) => set({ error, loading: false }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      // A sample workshop's tab keeps its session to itself; every other tab shares the device's.
      storage: createJSONStorage(() => (isSampleTab() ? sessionStorage : localStorage)),
      version: 1,
      // Loading and error describe a request in flight in this tab; they must not survive a reload.
      partialize: ({ isLoggedIn, user, organization, token }) => ({
        isLoggedIn,
        user,
        organization,
        token,
      }),
      // A half-written or signed-out copy must never produce a "logged in" state without a token.
      merge: (persisted, current) =>
        hasUsableSession(persisted)
          ? {
              ...current,
              isLoggedIn: true,
              user: persisted.user && withCurrentUserFields(persisted.user),
              organization: persisted.organization,
              token: persisted.token,
            }
          : { ...current, ...signedOut },
    },
  ),
);

export const selectIsLoggedIn = (state: AuthState) =>
  state.isLoggedIn && Boolean(state.token?.accessToken);

export function useIsLoggedIn() {
  return useAuthStore(selectIsLoggedIn);
}

export function getAccessToken(): string | null {
  const state = useAuthStore.getState();
  return selectIsLoggedIn(state) ? (state.token?.accessToken ?? null) : null;
}

export function getOrganizationId(): string | null {
  return useAuthStore.getState().user?.organizationId ?? null;
}

export function getUserId(): string | null {
  return useAuthStore.getState().user?._id ?? null;
}

/** Puts the store back to signed out; for tests, which share one module instance per file. */
export function resetAuthStore() {
  useAuthStore.setState({ ...signedOut });
}
