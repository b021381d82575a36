import '@/lib/zod-csp';
import '@/styles/mantine-first-load';
import '@mantine/nprogress/styles.css';
import '@/styles/fonts';
import '@/styles/global.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { startSignedInRoute } from '@/app/signed-in-start';
import { initI18n } from '@/lib/i18n';
import { markStartup } from '@/lib/startup-marks';
import { startSampleTab } from '@/lib/sample-tab';
import { useAuthStore } from '@/stores/auth';
import { startPreferenceSync } from '@/stores/preferences';

markStartup('app-start');
// Before the first render, so the page never flashes in the wrong font.
startPreferenceSync();
const translationsReady = initI18n().then(() => markStartup('translations-ready'));
const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');
// A sample workshop's tab signs in from its opening token before any route decides where it
// goes; in every other tab this settles at once.
const sampleTabReady = startSampleTab((data) => useAuthStore.getState().setSession(data));
const routerReady = sampleTabReady.then(() => {
  // Before the router asks for the page's code, so the page's data and the saved cache are not
  // queued behind it.
  startSignedInRoute(window.location);
  return createAppRouter();
});

// Rendered once the startup texts are there: rendered before, the app would suspend on them and
// commit the empty fallback, and React holds back the frame that replaces a fallback until 300 ms
// after it appeared. The page is blank until then either way.
void translationsReady
  .catch(() => undefined)
  .then(() => routerReady)
  .then((router) => {
    createRoot(container).render(
      <StrictMode>
        <Suspense fallback={null}>
          <AppProviders>
            <RouterProvider router={router} />
          </AppProviders>
        </Suspense>
      </StrictMode>,
    );
  });
