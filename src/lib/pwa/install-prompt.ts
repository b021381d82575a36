import { useCallback, useEffect, useRef, useState } from 'react';

export const INSTALL_PROMPT_DELAY_MS = 3000;
export const INSTALL_DISMISSED_KEY = 'pwa-install-dismissed';

/** Chromium's install event; not in the DOM typings because it is not standardised. */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

type AnalyticsFunction = (command: 'event', name: string, params?: Record<string, unknown>) => void;

declare global {
  interface Window {
    gtag?: AnalyticsFunction;
  }
  interface Navigator {
    /** iOS Safari's flag for a page launched from the home screen. */
    standalone?: boolean;
  }
}

/** True when the app already runs installed: no reason to offer installing it again. */
export function isRunningStandalone(win: Window = window): boolean {
  const displayStandalone =
    typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches;
  const iosStandalone = win.navigator.standalone === true;
  // A Trusted Web Activity (the Android app wrapper) opens the page with this referrer.
  const androidApp = win.document.referrer.startsWith('android-app://');
  return displayStandalone || iosStandalone || androidApp;
}

function wasInstallDismissed(storage: Storage = sessionStorage): boolean {
  try {
    return storage.getItem(INSTALL_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberInstallDismissed(storage: Storage = sessionStorage) {
  try {
    storage.setItem(INSTALL_DISMISSED_KEY, 'true');
  } catch {
    // Storage may be disabled; the prompt then simply comes back next session.
  }
}

/** Sends an analytics event when the page has an analytics function; otherwise does nothing. */
export function trackPwaEvent(name: 'pwa_install' | 'pwa_install_dismissed', win: Window = window) {
  if (typeof win.gtag !== 'function') return;
  try {
    win.gtag('event', name, { event_category: 'pwa' });
  } catch (error) {
    console.warn('Analytics event failed', error);
  }
}

export interface InstallPromptCallbacks {
  /** The user accepted the browser's install dialog. */
  onAccepted: () => void;
  /** The browser reports the app as installed. */
  onInstalled: () => void;
  /** The browser's install dialog could not be shown. */
  onFailed: (error: unknown) => void;
}

/**
 * The install card's state: shown `INSTALL_PROMPT_DELAY_MS` after the browser says the app can be
 * installed, unless it already runs standalone or the user dismissed it this session.
 */
export function useInstallPrompt(callbacks: InstallPromptCallbacks) {
  const [visible, setVisible] = useState(false);
  const deferredEvent = useRef<BeforeInstallPromptEvent | null>(null);
  const callbacksRef = useRef(callbacks);
  useEffect(() => {
    callbacksRef.current = callbacks;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onBeforeInstallPrompt = (event: Event) => {
      // Keeps the browser's own mini-infobar away; the card offers installation instead.
      event.preventDefault();
      if (isRunningStandalone() || wasInstallDismissed()) return;
      deferredEvent.current = event as BeforeInstallPromptEvent;
      clearTimeout(timer);
      timer = setTimeout(() => setVisible(true), INSTALL_PROMPT_DELAY_MS);
    };
    const onInstalled = () => {
      clearTimeout(timer);
      deferredEvent.current = null;
      setVisible(false);
      callbacksRef.current.onInstalled();
    };
    window.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onBeforeInstallPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const install = useCallback(async () => {
    const event = deferredEvent.current;
    if (!event) {
      setVisible(false);
      return;
    }
    try {
      await event.prompt();
      const choice = await event.userChoice;
      if (choice.outcome === 'accepted') {
        trackPwaEvent('pwa_install');
        callbacksRef.current.onAccepted();
      }
    } catch (error) {
      callbacksRef.current.onFailed(error);
    } finally {
      // The browser allows one prompt per event.
      deferredEvent.current = null;
      setVisible(false);
    }
  }, []);

  const dismiss = useCallback(() => {
    setVisible(false);
    rememberInstallDismissed();
    trackPwaEvent('pwa_install_dismissed');
  }, []);

  return { visible, install, dismiss };
}
