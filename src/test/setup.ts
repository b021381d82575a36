import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach } from 'vitest';
import { resetConnectivity } from '@/lib/offline/connectivity';
import { resetAuthStore } from '@/stores/auth';
import { initTestI18n } from './render';

// Vitest runs without globals, so Testing Library cannot flag React's act environment itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Lazy routes and pages load real modules on first use; under a parallel run that can take
// longer than Testing Library's default second.
configure({ asyncUtilTimeout: 3000 });

initTestI18n();

// happy-dom has no FontFaceSet; Mantine's autosizing textarea listens on document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

// Reported as "reduce" so Mantine's transitions finish synchronously (see render.tsx).
const realMatchMedia = window.matchMedia.bind(window);
window.matchMedia = (query: string): MediaQueryList => {
  if (!query.includes('prefers-reduced-motion')) return realMatchMedia(query);
  const reduced: MediaQueryList = {
    matches: query.includes('reduce'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  };
  return reduced;
};

afterEach(() => {
  cleanup();
  // The page-name announcer lives on <body>, outside what cleanup() unmounts.
  document.getElementById('route-announcer')?.remove();
  // Toasts and the session live in module-level stores that outlast a single test's DOM.
  toast.remove();
  resetAuthStore();
  resetConnectivity();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute('class');
  initTestI18n();
});
