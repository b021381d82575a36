import { queryOptions } from '@tanstack/react-query';
import type {
  ChangePasswordBody,
  MeData,
  SessionInfo,
  UpdateMeBody,
} from '../../../../contract/auth.ts';
import { apiRequest } from '@/lib/api-client';
import { fetchAuthOptions } from '../api';
import { useAuthStore } from '@/stores/auth';
import type accountTexts from '../../../../public/locales/en/account.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    account: typeof accountTexts;
  }
}

/** Saves the signed-in user's own profile and choices; the store follows the answer. */
export async function updateMe(body: UpdateMeBody): Promise<MeData> {
  const { data } = await apiRequest<MeData>('PUT', '/auth/me', { json: body });
  if (useAuthStore.getState().isLoggedIn) useAuthStore.getState().updateProfile(data);
  return data;
}

/** Replaces the password; the answer is who is signed in, now without a pending change. */
export async function changePassword(body: ChangePasswordBody): Promise<MeData> {
  const { data } = await apiRequest<MeData>('POST', '/auth/change-password', { json: body });
  if (useAuthStore.getState().isLoggedIn) useAuthStore.getState().updateProfile(data);
  return data;
}

export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  options: ['auth-options'] as const,
};

export const sessionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: SessionInfo[] }>('GET', '/auth/sessions', { signal })).data.data,
    meta: { errorMessage: 'account:security.sessions.failed' },
  });

/** What this server offers; whether it can send mail decides if a digest can be asked for. */
export const authOptionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.options,
    queryFn: async ({ signal }) => (await fetchAuthOptions(signal)).data,
    staleTime: 5 * 60_000,
  });

export async function revokeSession(id: string): Promise<void> {
  await apiRequest<unknown>('DELETE', `/auth/sessions/${encodeURIComponent(id)}`);
}

export async function signOutEverywhere(): Promise<void> {
  await apiRequest<unknown>('POST', '/auth/logout-all');
}
