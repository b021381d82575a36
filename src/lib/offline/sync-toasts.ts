import type { SyncToastLevel } from '../../../contract/auth.ts';
import { useAuthStore } from '@/stores/auth';

/**
 * What a background-sync toast reports: a write saved on this device to be sent later, a queued
 * write the server has now applied, or a queued write the server refused.
 */
export type SyncToastKind = 'queued' | 'synced' | 'problem';

/** The signed-in user's choice (Settings, Notifications); everything until they chose. */
function currentSyncToastLevel(): SyncToastLevel {
  return useAuthStore.getState().user?.notifications.syncToasts ?? 'all';
}

/**
 * Whether a background-sync toast of `kind` is shown. "Only problems" keeps the refusals, which
 * need the user to act; "none" leaves everything to the pending-changes panel.
 */
export function showsSyncToast(kind: SyncToastKind, level = currentSyncToastLevel()): boolean {
  if (level === 'all') return true;
  if (level === 'none') return false;
  return kind === 'problem';
}
