import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { wipeQueryCache } from '@/lib/query-client';
import { useAuthStore } from '@/stores/auth';
import { logout } from './api';

/** Ends the session on the server and forgets everything this device cached for it. */
async function endSession() {
  try {
    await logout();
  } catch {
    // Already signed out on the server, or offline: the local session ends regardless.
  }
  useAuthStore.getState().clearSession({ byUser: true });
  try {
    await wipeQueryCache();
  } catch (error) {
    console.warn('Could not wipe the cached data', error);
  }
}

export function useSignOut() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await endSession();
    await navigate('/sign-in', { replace: true });
  }, [navigate]);
}
