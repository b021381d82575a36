import { Group, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { isUnavailableOffline, OfflineUnavailable } from '@/components/offline-unavailable';
import { describeError } from '@/lib/resource-factory';
import type { TranslationKey } from '@/lib/translation-keys';

/**
 * What a printable page shows instead of its document: not available offline, loading (the query
 * or the texts and fonts the document needs), or the failure with Retry. `null` once the document
 * can be drawn. Shared by the printed bill and the statement.
 */
export function usePrintDocumentState(
  query: UseQueryResult<unknown>,
  ready: boolean,
  failureKey: TranslationKey,
): ReactNode | null {
  const { t: commonT } = useTranslation('common');
  const { t: uiT } = useTranslation('ui');
  if (isUnavailableOffline(query)) return <OfflineUnavailable onRetry={() => query.refetch()} />;
  if (query.isPending || !ready) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={commonT('loading')} />
      </Group>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        message={describeError(query.error, uiT, failureKey)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return null;
}

/** A face still loading would print in a fallback font without the Gujarati conjuncts. */
export async function printWhenFontsReady() {
  if ('fonts' in document) await document.fonts.ready;
  window.print();
}
