import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PwaManager } from '@/components/pwa-manager';
import { toLanguage } from '@/lib/i18n';
import { withWriteDefaults } from '@/lib/offline/write-queue';
import { persistOptions, persistWritesImmediately, queryClient } from '@/lib/query-client';
import { useColorScheme } from '@/stores/preferences';
import { theme } from './theme';
import { AppToaster } from './toaster';

// Every area's resource module: loaded before restoring so queued writes of areas not yet visited
// in this page load still know how to send themselves.
const resourceModules = import.meta.glob('../features/*/api.ts');

const restoringPersistOptions = {
  ...persistOptions,
  persister: withWriteDefaults(persistOptions.persister, queryClient, () =>
    Promise.all(Object.values(resourceModules).map((load) => load())),
  ),
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

export function AppProviders({ children }: { children: ReactNode }) {
  const colorScheme = useColorScheme();
  const { i18n } = useTranslation();
  return (
    <MantineProvider theme={theme} forceColorScheme={colorScheme}>
      <DatesProvider settings={{ locale: toLanguage(i18n.resolvedLanguage ?? i18n.language) }}>
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={restoringPersistOptions}
          onSuccess={revalidateRestoredCache}
        >
          {children}
          <PwaManager />
          <AppToaster />
        </PersistQueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
