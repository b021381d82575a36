import type {
  Order,
  OrderCreate,
  OrderListParams,
  OrderStatus,
  OrderUpdate,
} from '../../../contract/orders.ts';
import { createResource } from '@/lib/resource-factory';

export const ordersResource = createResource<
  Order,
  Partial<OrderListParams>,
  OrderCreate,
  OrderUpdate
>({
  name: 'orders',
  path: '/orders',
  messages: {
    created: 'orders:toast.created',
    updated: 'orders:toast.updated',
    deleted: 'orders:toast.deleted',
    fetchListFailed: 'orders:errors.fetchList',
    fetchOneFailed: 'orders:errors.fetchOne',
    createFailed: 'orders:errors.create',
    updateFailed: 'orders:errors.update',
    deleteFailed: 'orders:errors.delete',
  },
});

export const orderQueries = ordersResource.queries;
export const useCreateOrder = ordersResource.useCreate;
export const useUpdateOrder = ordersResource.useUpdate;
export const useDeleteOrder = ordersResource.useRemove;

/** Sends only the new status, as the API requires. */
export const useSetOrderStatus = ordersResource.defineAction<
  { id: string; status: OrderStatus },
  Order
>('status', {
  method: 'PUT',
  path: ({ id }) => `/${encodeURIComponent(id)}/status`,
  body: ({ status }) => ({ status }),
  success: 'orders:toast.statusUpdated',
  failure: 'orders:errors.updateStatus',
});
