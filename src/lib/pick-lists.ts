import { queryOptions } from '@tanstack/react-query';
import type { PickList } from '../../contract/common.ts';
import type { Design } from '../../contract/designs.ts';
import type { Merchant } from '../../contract/merchants.ts';
import { apiRequest } from '@/lib/api-client';

/**
 * Every merchant of the organization, for pickers outside the Merchants area. The key is the
 * merchants resource's own pick-list key, so any merchant change refreshes it.
 */
export const merchantPickListQuery = () =>
  queryOptions({
    queryKey: ['merchants', 'all'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<PickList<Merchant>>('GET', '/merchants/all', { signal })).data.data,
    meta: { errorMessage: 'merchants:errors.fetchAll' },
  });

/** Every design of the organization, keyed like the designs resource's pick list. */
export const designPickListQuery = () =>
  queryOptions({
    queryKey: ['designs', 'all'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<PickList<Design>>('GET', '/designs/all', { signal })).data.data,
    meta: { errorMessage: 'designs:errors.fetchList' },
  });
