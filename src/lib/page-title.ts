import { useEffect, useRef } from 'react';

const APP_NAME = 'Karkhana';

/** "Orders · Karkhana": what a tab, a history entry and a screen reader's page list show. */
export function formatDocumentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} · ${APP_NAME}` : APP_NAME;
}

const ANNOUNCER_ID = 'route-announcer';

/**
 * Says the new page's name politely. One live region for the whole app, created on first use
 * and never removed, so assistive technology has registered it before the first announcement.
 */
function announce(message: string) {
  if (typeof document === 'undefined') return;
  let region = document.getElementById(ANNOUNCER_ID);
  if (!region) {
    region = document.createElement('div');
    region.id = ANNOUNCER_ID;
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    region.className = 'visually-hidden';
    document.body.append(region);
  }
  // Clearing first makes a repeated title (same page opened again) count as a change.
  region.textContent = '';
  const target = region;
  window.setTimeout(() => {
    target.textContent = message;
  }, 50);
}

/**
 * Focus after a route change would otherwise stay on the link that was clicked (in the sidebar,
 * now describing the old page) or fall to <body>. Focus that the user has put into the page
 * itself (a field, a dialog) is never taken away.
 */
function focusIsUnclaimed(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  return active.closest('nav, header, [data-route-link]') !== null;
}

/**
 * Names the page: sets `document.title`, and when the page first shows moves focus to its
 * heading and announces it. Returns the ref for the heading element.
 */
export function usePageTitle<T extends HTMLElement>(pageTitle: string | undefined) {
  const headingRef = useRef<T>(null);
  useEffect(() => {
    document.title = formatDocumentTitle(pageTitle);
  }, [pageTitle]);
  useEffect(() => {
    const heading = headingRef.current;
    if (!heading || !focusIsUnclaimed()) return;
    heading.focus({ preventScroll: true });
    if (pageTitle) announce(pageTitle);
    // Only when the page appears; a language switch renames it without moving focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return headingRef;
}
