import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { isUnavailableOffline, OfflineUnavailable } from '@/components/offline-unavailable';
import { SectionLoader } from '@/components/section-loader';
import { describeError } from '@/lib/resource-factory';
import type { AnyT, TranslationKey } from '@/lib/translation-keys';

/** The part of a react-query result a page reads to decide what stands in for its data. */
type ShownQuery = Pick<
  UseQueryResult<unknown>,
  'data' | 'error' | 'fetchStatus' | 'isError' | 'isFetching' | 'isPending' | 'refetch'
>;

interface QueryFallbackOptions {
  /** The page's own words for the failure ("Failed to fetch …"), used when the code says less. */
  failureKey: TranslationKey;
  /** What stands in while loading, shaped like what comes; a centred spinner otherwise. */
  placeholder?: ReactNode;
  /** The spinner's accessible name; "Loading…" when unnamed. */
  loadingLabel?: string;
  /** False while something besides the query (texts, fonts) is still on its way. */
  ready?: boolean;
  /** What failed to load, for the failure's title: a list (the default) or a whole page's record. */
  subject?: 'list' | 'page';
}

/**
 * What a section shows instead of its data, in the one order every page uses: not available
 * offline, loading, or the failure with Retry. `null` once there is data to draw, even when a
 * later refetch failed.
 */
export function useQueryFallback(query: ShownQuery, options: QueryFallbackOptions): ReactNode {
  const { t } = useTranslation(['common', 'ui']);
  if (isUnavailableOffline(query)) return <OfflineUnavailable onRetry={() => query.refetch()} />;
  if (query.isPending || options.ready === false) {
    return options.placeholder ?? <SectionLoader label={options.loadingLabel ?? t('loading')} />;
  }
  // A failed refetch leaves what was read on screen: replacing it would throw away a form's input.
  if (query.isError && query.data === undefined) {
    return (
      <ErrorState
        title={options.subject === 'page' ? t('ui:error.pageTitle') : undefined}
        message={describeError(query.error, t, options.failureKey)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return null;
}

/** The data table's loading, offline and failure props for the query that fills it. */
export function tableQueryState(query: ShownQuery, t: AnyT, failureKey: TranslationKey) {
  return {
    loading: query.isPending,
    unavailableOffline: isUnavailableOffline(query),
    fetching: query.isFetching && !query.isPending,
    error: query.error,
    errorMessage: query.error ? describeError(query.error, t, failureKey) : undefined,
    onRetry: () => void query.refetch(),
  };
}
