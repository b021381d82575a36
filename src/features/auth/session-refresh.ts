import { useEffect } from 'react';
import { useAuthStore } from '@/stores/auth';
import { fetchCurrentSession } from './api';

let checkedThisLoad = false;

/**
 * Once per page load, when a stored session exists, refreshes the user and organization from the
 * server so a renamed organization or changed role shows without signing in again. A 401 here is
 * handled by the app-wide unauthorized event; any other failure (offline) keeps the stored copy.
 */
export function useSessionRefresh() {
  useEffect(() => {
    if (checkedThisLoad) return;
    checkedThisLoad = true;
    if (!useAuthStore.getState().isLoggedIn) return;
    fetchCurrentSession()
      .then(({ data }) => {
        if (useAuthStore.getState().isLoggedIn) useAuthStore.getState().updateProfile(data);
      })
      .catch(() => {});
  }, []);
}
