import { RESEND_CODE_AFTER_SECONDS } from '../../../contract/sign-in.ts';

/**
 * The address a recovery code went to and when, kept for the tab (router state does not survive
 * every reload, and the code page must not ask for the email again).
 */
export interface PendingRecovery {
  email: string;
  /** Epoch milliseconds of the last code request, for the resend countdown. */
  sentAt: number;
}

const STORAGE_KEY = 'karkhana:password-recovery';

function isPendingRecovery(value: unknown): value is PendingRecovery {
  const candidate = value as Partial<PendingRecovery> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.email === 'string' &&
    candidate.email !== '' &&
    typeof candidate.sentAt === 'number'
  );
}

/** Records that a code was just asked for `email`; returns what the code page needs. */
export function startPendingRecovery(email: string): PendingRecovery {
  const recovery = { email, sentAt: Date.now() };
  savePendingRecovery(recovery);
  return recovery;
}

export function savePendingRecovery(recovery: PendingRecovery) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(recovery));
  } catch {
    // Private mode or a full storage: the router state still carries it for this visit.
  }
}

/** The router state when it holds a recovery, else the tab's stored one. */
export function loadPendingRecovery(routerState: unknown): PendingRecovery | null {
  if (isPendingRecovery(routerState)) return routerState;
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    return isPendingRecovery(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function clearPendingRecovery() {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** Whole seconds left before another code may be asked for. */
export function secondsUntilResend(sentAt: number, now = Date.now()): number {
  const elapsed = Math.floor((now - sentAt) / 1000);
  return Math.max(0, Math.min(RESEND_CODE_AFTER_SECONDS, RESEND_CODE_AFTER_SECONDS - elapsed));
}

/** What the sign-in page receives after a password reset: the address to pre-fill. */
export interface SignInAfterReset {
  passwordReset: true;
  email: string;
}

export function isSignInAfterReset(state: unknown): state is SignInAfterReset {
  const candidate = state as Partial<SignInAfterReset> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    candidate.passwordReset === true &&
    typeof candidate.email === 'string'
  );
}
