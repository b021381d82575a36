import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { preloadHttpClient } from '@/lib/api-client';
import { persistOptions, persistWritesImmediately, queryClient } from '@/lib/app-query-client';
import { toLanguage } from '@/lib/i18n';
import { withWriteDefaults } from '@/lib/offline/write-queue';
import {
  RestoredQueryClientProvider,
  revalidateRestoredReads,
  startCacheRestore,
  type CacheRestore,
} from '@/lib/restored-query-client';
import { selectIsLoggedIn, useAuthStore } from '@/stores/auth';

// Every area's resources, loaded only when the saved cache holds queued writes, so that
// writes of areas not yet visited in this page load still know how to send themselves.
const loadResources = () => import('@/lib/resource-registry');

// Every signed-in page fetches data at once; loading the HTTP library now keeps its download out
// of the way of the first request.
preloadHttpClient();

const restoringPersistOptions = {
  ...persistOptions,
  persister: withWriteDefaults(persistOptions.persister, queryClient, () => loadResources()),
};

function revalidateRestoredCache(restore: CacheRestore) {
  // Only after the restore: saving while it hydrates would write a half-restored snapshot.
  persistWritesImmediately(queryClient);
  revalidateRestoredReads(queryClient, restore);
  // Writes queued before the reload go out now if online; offline they stay paused until the
  // query client sees the network return and resumes them itself.
  void queryClient.resumePausedMutations();
}

let restore: CacheRestore | undefined;

/** Once per page load: a later sign-in starts from the wiped cache of the sign-out before it. */
function restoreOnce() {
  restore ??= startCacheRestore(queryClient, restoringPersistOptions, revalidateRestoredCache);
  return restore;
}

// The router loads this module together with the page's code; restoring now instead of once it
// renders lets the page show the saved copy as soon as it is there.
if (selectIsLoggedIn(useAuthStore.getState())) restoreOnce();

/**
 * The data layer of the signed-in app: the query cache persisted to IndexedDB (with the offline
 * write queue) and the date pickers' locale. It is a route of its own so that the sign-in and
 * sign-up pages load neither.
 */
export function SignedInProviders() {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: toLanguage(i18n.resolvedLanguage ?? i18n.language) }}>
      <RestoredQueryClientProvider
        client={queryClient}
        restore={restoreOnce()}
        persistOptions={restoringPersistOptions}
      >
        <Outlet />
      </RestoredQueryClientProvider>
    </DatesProvider>
  );
}
