/**
 * The Chromium the benchmark and the end-to-end run drive, and a signed-in session put where the
 * app looks for it.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Key and shape of the persisted auth store (src/stores/auth.ts). */
const AUTH_STORAGE_KEY = 'auth';
const AUTH_STORAGE_VERSION = 1;

export interface Session {
  user: unknown;
  organization: unknown;
  token: { accessToken: string; expiresAt: string };
}

const authStorage = (session: Session) =>
  JSON.stringify({
    state: {
      isLoggedIn: true,
      user: session.user,
      organization: session.organization,
      token: session.token,
    },
    version: AUTH_STORAGE_VERSION,
  });

/** Browser-side code as text: this project's Node tsconfig has no DOM types. */
export const storeSessionScript = (session: Session, onlyWhenEmpty: boolean) => {
  const key = JSON.stringify(AUTH_STORAGE_KEY);
  const set = `localStorage.setItem(${key}, ${JSON.stringify(authStorage(session))})`;
  return onlyWhenEmpty ? `if (!localStorage.getItem(${key})) ${set};` : `${set};`;
};
