import type { AuthData } from '../../contract/auth.ts';

/**
 * A sample workshop opens in a tab of its own, signed in as the sample's owner while every other
 * tab stays in the owner's books. Cookies and localStorage are shared by every tab of the site, so
 * this tab keeps its session in sessionStorage (the tab's own) and sends it as a bearer token, and
 * it never reads, writes or wipes the saved copy of the data the other tabs share. See
 * docs/sample-workshop.md.
 */

const SAMPLE_TAB_KEY = 'karkhana:sample-tab';
// Kept here, not in the contract, so the first page load does not pull in the schema library.
const SAMPLE_OPENING_FRAGMENT_KEY = 'sample-opening';

function openingTokenInUrl(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return fragment.get(SAMPLE_OPENING_FRAGMENT_KEY) ?? undefined;
}

/** Whether this tab is a sample workshop's: it was opened with a token, or has been since. */
export function isSampleTab(): boolean {
  if (typeof window === 'undefined') return false;
  // Marked at the first look, so the session stores choose the tab's own storage from the start.
  if (openingTokenInUrl()) sessionStorage.setItem(SAMPLE_TAB_KEY, 'true');
  return sessionStorage.getItem(SAMPLE_TAB_KEY) === 'true';
}

/** Where a sample workshop's tab is sent, with the opening token where no server sees it. */
export function sampleTabUrl(openingToken: string): string {
  const fragment = new URLSearchParams({ [SAMPLE_OPENING_FRAGMENT_KEY]: openingToken });
  return `/order-analytics#${fragment.toString()}`;
}

/**
 * Trades the URL's opening token, if any, for the sample owner's session and takes the token out
 * of the address bar and history; `setSession` stores it (in this tab's storage). A used or
 * expired token leaves the tab signed out, on the sign-in page.
 */
export async function startSampleTab(setSession: (data: AuthData) => void): Promise<void> {
  const openingToken = openingTokenInUrl();
  if (!openingToken) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  try {
    const response = await fetch(new URL('/api/sample-workshop/session', window.location.origin), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ openingToken }),
      credentials: 'omit',
    });
    if (!response.ok) return;
    const body = (await response.json()) as { data: AuthData };
    setSession(body.data);
  } catch {
    // Offline: the tab opens signed out; the checklist can open the sample again.
  }
}

/** Forgets that this tab is a sample's, once its session ended. */
export function leaveSampleTab() {
  sessionStorage.removeItem(SAMPLE_TAB_KEY);
}
