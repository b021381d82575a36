import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '@/lib/i18n';
import { persistOptions, queryClient } from '@/lib/query-client';
import { useColorScheme } from '@/stores/preferences';
import { theme } from './theme';
import { AppToaster } from './toaster';

/**
 * A restored snapshot keeps its original fetch time, and the last write before a reload may have
 * been throttled away, so restored data is shown at once but always revalidated.
 */
function revalidateRestoredCache() {
  void queryClient.invalidateQueries();
}

export function AppProviders({ children }: { children: ReactNode }) {
  const colorScheme = useColorScheme();
  const { i18n } = useTranslation();
  return (
    <MantineProvider theme={theme} forceColorScheme={colorScheme}>
      <DatesProvider settings={{ locale: toLanguage(i18n.resolvedLanguage ?? i18n.language) }}>
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={persistOptions}
          onSuccess={revalidateRestoredCache}
        >
          {children}
          <AppToaster />
        </PersistQueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
