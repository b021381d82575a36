/** Where a signed-in user starts. */
export const HOME_PATH = '/order-analytics';
export const SIGN_IN_PATH = '/sign-in';

const AUTH_PAGES = new Set(['/sign-in', '/sign-in-2', '/sign-up']);

/**
 * Where to go after signing in. Only a same-origin path is accepted: `//evil.com` and `/\evil.com`
 * are protocol-relative URLs to another host, and anything absolute is refused outright, so the
 * sign-in page cannot be used as an open redirect.
 */
export function safeRedirectTarget(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return HOME_PATH;
  }
  try {
    const base = 'https://karkhana.invalid';
    const url = new URL(target, base);
    if (url.origin !== base) return HOME_PATH;
    // Going back to a sign-in page after signing in would only bounce again.
    if (AUTH_PAGES.has(url.pathname)) return HOME_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return HOME_PATH;
  }
}

/** The sign-in URL that brings the user back to `pathWithQuery` afterwards. */
export function signInPathFor(pathWithQuery: string): string {
  const params = new URLSearchParams({ redirect: pathWithQuery });
  return `${SIGN_IN_PATH}?${params.toString()}`;
}
