import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditEntry, AuditListParams } from '../../../contract/audit.ts';
import type { Paged } from '../../../contract/common.ts';
import { apiRequest } from '@/lib/api-client';
import { AUDIT_LOG_KEY } from '@/lib/resource-writes';
import type auditTexts from '../../../public/locales/en/audit.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    audit: typeof auditTexts;
  }
}

export type AuditLogParams = Partial<AuditListParams>;

/**
 * The audit trail, read-only: entries are written by the server with each write, so there is
 * nothing to create, edit or queue. A record's history is the same list filtered on its entity
 * and id; it is kept for offline reading like every other read.
 */
export const auditLog = {
  name: 'audit-log',
  path: '/audit-log',
  namespace: 'audit',
  keys: {
    all: AUDIT_LOG_KEY,
    list: (params: AuditLogParams) => [...AUDIT_LOG_KEY, 'list', params] as const,
  },
  queries: {
    list: (params: AuditLogParams) =>
      queryOptions({
        queryKey: [...AUDIT_LOG_KEY, 'list', params] as const,
        queryFn: async ({ signal }) =>
          (
            await apiRequest<Paged<AuditEntry>>('GET', '/audit-log', {
              searchParams: params,
              signal,
            })
          ).data,
        placeholderData: keepPreviousData,
        meta: { errorMessage: 'audit:errors.fetchList' },
      }),
  },
};
