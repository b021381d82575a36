import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { preloadHttpClient } from '@/lib/api-client';
import { persistOptions, persistWritesImmediately, queryClient } from '@/lib/app-query-client';
import { toLanguage } from '@/lib/i18n';
import { withWriteDefaults } from '@/lib/offline/write-queue';

// The registry of every resource, loaded only when the saved cache holds queued writes, so that
// writes of areas not yet visited in this page load still know how to send themselves.
const loadResources = () => import('@/lib/resources');

// Every signed-in page fetches data at once; loading the HTTP library now keeps its download out
// of the way of the first request.
preloadHttpClient();

const restoringPersistOptions = {
  ...persistOptions,
  persister: withWriteDefaults(persistOptions.persister, queryClient, () => loadResources()),
};

/**
 * A restored snapshot keeps its original fetch time, and the last write before a reload may have
 * been throttled away, so restored data is shown at once but always revalidated.
 */
let immediatePersistStarted = false;

function revalidateRestoredCache() {
  // Only after the restore: saving while it hydrates would write a half-restored snapshot.
  if (!immediatePersistStarted) {
    immediatePersistStarted = true;
    persistWritesImmediately(queryClient);
  }
  void queryClient.invalidateQueries();
  // Writes queued before the reload go out now if online; offline they stay paused until the
  // query client sees the network return and resumes them itself.
  void queryClient.resumePausedMutations();
}

/**
 * The data layer of the signed-in app: the query cache persisted to IndexedDB (with the offline
 * write queue) and the date pickers' locale. It is a route of its own so that the sign-in and
 * sign-up pages load neither.
 */
export function SignedInProviders() {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: toLanguage(i18n.resolvedLanguage ?? i18n.language) }}>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={restoringPersistOptions}
        onSuccess={revalidateRestoredCache}
      >
        <Outlet />
      </PersistQueryClientProvider>
    </DatesProvider>
  );
}
