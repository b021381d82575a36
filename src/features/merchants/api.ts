import type {
  Merchant,
  MerchantCreate,
  MerchantListParams,
  MerchantUpdate,
} from '../../../contract/merchants.ts';
import { createResource } from '@/lib/resource-factory';

export const merchantsResource = createResource<
  Merchant,
  Partial<MerchantListParams>,
  MerchantCreate,
  MerchantUpdate
>({
  name: 'merchants',
  path: '/merchants',
  messages: {
    created: 'merchants:toast.created',
    updated: 'merchants:toast.updated',
    deleted: 'merchants:toast.deleted',
    fetchListFailed: 'merchants:errors.fetchList',
    fetchOneFailed: 'merchants:errors.fetchOne',
    fetchAllFailed: 'merchants:errors.fetchAll',
    createFailed: 'merchants:errors.create',
    updateFailed: 'merchants:errors.update',
    deleteFailed: 'merchants:errors.delete',
  },
  // Orders embed the merchant's name, so a rename must not leave stale order rows behind.
  invalidates: [['orders']],
});

export const merchantQueries = merchantsResource.queries;
export const merchantKeys = merchantsResource.keys;
export const useCreateMerchant = merchantsResource.useCreate;
export const useUpdateMerchant = merchantsResource.useUpdate;
export const useDeleteMerchant = merchantsResource.useRemove;
