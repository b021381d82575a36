// Plain values, without zod: the app's startup code needs them before any schema. `auth.ts`
// builds the schemas on them and re-exports them.

/** Interface languages; mail (recovery codes, digests) goes out in the user's last one. */
export const LANGUAGES = ['en', 'gu', 'hi'] as const;

/**
 * Which background-sync toasts a user sees: every one, only problems (a write refused or stuck),
 * or none (the pending-changes panel still lists everything).
 */
export const SYNC_TOAST_LEVELS = ['all', 'problems', 'none'] as const;

export interface NotificationPreferences {
  syncToasts: (typeof SYNC_TOAST_LEVELS)[number];
  /** A morning email of orders due for delivery in the next 3 days (only when mail is set up). */
  dailyDigest: boolean;
}

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  syncToasts: 'all',
  dailyDigest: false,
};
