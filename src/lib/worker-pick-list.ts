import { queryOptions } from '@tanstack/react-query';
import type { PickList } from '../../contract/common.ts';
import type { Worker } from '../../contract/workers.ts';
import { apiRequest } from '@/lib/api-client';

/**
 * Every worker of the organization (inactive ones too), for pickers outside the Workers area.
 * The key is the workers resource's own pick-list key, so any worker change refreshes it.
 */
export const workerPickListQuery = () =>
  queryOptions({
    queryKey: ['workers', 'all'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<PickList<Worker>>('GET', '/workers/all', { signal })).data.data,
    meta: { errorMessage: 'workers:errors.fetchList' },
  });
