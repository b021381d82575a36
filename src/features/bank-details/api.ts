import type {
  BankDetail,
  BankDetailCreate,
  BankDetailListParams,
  BankDetailUpdate,
} from '../../../contract/bank-details.ts';
import { createResource } from '@/lib/resource-factory';

export const bankDetailsResource = createResource<
  BankDetail,
  Partial<BankDetailListParams>,
  BankDetailCreate,
  BankDetailUpdate
>({
  name: 'bank-details',
  path: '/bank-details',
  messages: {
    created: 'bank-details:toast.created',
    updated: 'bank-details:toast.updated',
    deleted: 'bank-details:toast.deleted',
    fetchListFailed: 'bank-details:errors.fetchList',
    fetchOneFailed: 'bank-details:errors.fetchOne',
    fetchAllFailed: 'bank-details:errors.fetchAll',
    createFailed: 'bank-details:errors.create',
    updateFailed: 'bank-details:errors.update',
    deleteFailed: 'bank-details:errors.delete',
  },
});

export const bankDetailQueries = {
  ...bankDetailsResource.queries,
  /** The account printed on bills; `null` when none is active (the API answers 404). */
  active: bankDetailsResource.defineRead<BankDetail>('active', {
    path: () => '/active',
    failure: 'bank-details:errors.fetchActive',
    notFoundAsNull: true,
  }),
};

export const useCreateBankDetail = bankDetailsResource.useCreate;
export const useUpdateBankDetail = bankDetailsResource.useUpdate;
export const useDeleteBankDetail = bankDetailsResource.useRemove;
export const useSetActiveBankDetail = bankDetailsResource.defineAction<string>('set-active', {
  method: 'PATCH',
  path: (id) => `/${encodeURIComponent(id)}/set-active`,
  success: 'bank-details:toast.setActive',
  failure: 'bank-details:errors.setActive',
});
