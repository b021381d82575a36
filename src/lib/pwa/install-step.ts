import { useCallback, useEffect, useState } from 'react';
import { isRunningStandalone } from '@/lib/pwa/install-prompt';

/**
 * Installing is a property of the device, not of the organization's records, so this step is
 * remembered by the browser: it ticks when Karkhana runs installed, when the browser reports the
 * install, or when someone says it is done (installed on the workshop tablet, not this computer).
 */
export const INSTALL_STEP_DONE_KEY = 'setup-install-done';

function storedDone(): boolean {
  try {
    return localStorage.getItem(INSTALL_STEP_DONE_KEY) === 'true';
  } catch {
    return false;
  }
}

function storeDone() {
  try {
    localStorage.setItem(INSTALL_STEP_DONE_KEY, 'true');
  } catch {
    // Private browsing without storage: the tick lasts until the page is left.
  }
}

export function useInstallStep(): { done: boolean; markDone: () => void } {
  const [done, setDone] = useState(() => isRunningStandalone() || storedDone());
  const markDone = useCallback(() => {
    storeDone();
    setDone(true);
  }, []);
  useEffect(() => {
    window.addEventListener('appinstalled', markDone);
    return () => window.removeEventListener('appinstalled', markDone);
  }, [markDone]);
  return { done, markDone };
}
