import { createContext, useContext, useEffect, useState } from 'react';

export interface InstallOffer {
  visible: boolean;
  install: () => Promise<void>;
  dismiss: () => void;
}

const noOffer: InstallOffer = { visible: false, install: async () => {}, dismiss: () => {} };

/**
 * The install offer is owned once, above the router, because the browser fires its install
 * event once per page load; the card itself is placed in the flow of whichever layout shows.
 */
export const InstallOfferContext = createContext<InstallOffer>(noOffer);

export function useInstallOffer(): InstallOffer {
  return useContext(InstallOfferContext);
}

// Mantine's Modal and Drawer both render their content with these attributes.
const OPEN_DIALOG = '[role="dialog"][aria-modal="true"]';

/** True while a modal dialog or drawer is open anywhere on the page. */
export function useModalOpen(enabled: boolean): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled || typeof MutationObserver === 'undefined') return;
    const check = () => setOpen(document.querySelector(OPEN_DIALOG) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [enabled]);
  return enabled && open;
}
