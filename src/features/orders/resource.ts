import { order, orderCreate, orderListQuery, orderUpdate } from '../../../contract/orders.ts';
import type { Order, OrderStatus } from '../../../contract/orders.ts';
import { editedOrder, queuedOrder } from '@/lib/offline/queued-records';
import { OPEN_ORDERS_KEPT } from '@/lib/offline/working-set-caps';
import { createResource } from '@/lib/resource-factory';
import type orderTexts from '../../../public/locales/en/orders.json';

export const orders = createResource({
  namespace: 'orders',
  schemas: { record: order, create: orderCreate, update: orderUpdate, listQuery: orderListQuery },
  offline: {
    created: queuedOrder,
    edited: editedOrder,
    forms: {
      create: '/orders/create',
      draft: {
        formId: 'orders:create',
        // The form keys its line rows; a draft made from a request body has to give them keys.
        values: (input) => ({
          ...input,
          deliveryDate: input.deliveryDate ?? null,
          notes: input.notes ?? '',
          isPaid: input.isPaid ?? false,
          designs: input.designs.map((line, index) => ({ ...line, key: `retry-${index}` })),
        }),
      },
      edit: (id) => `/orders/edit/${encodeURIComponent(id)}`,
    },
  },
  workingSet: {
    permission: 'orders.read',
    firstPage: true,
    // Delivered and cancelled orders are done with; the oldest open orders are the most urgent.
    records: {
      lists: (['pending', 'in_progress', 'completed'] as const).map((status) => ({
        status,
        sort: 'orderDate' as const,
      })),
      max: OPEN_ORDERS_KEPT,
    },
  },
});

declare module '@/lib/translation-resources' {
  interface AppResources {
    orders: typeof orderTexts;
  }
}

/**
 * Sends only the new status and the version of the order it was chosen on; `force` completes an
 * order whose job cards are not all done, after the user has seen the refusal.
 */
export const useSetOrderStatus = orders.defineAction<
  { id: string; status: OrderStatus; version: number; force?: boolean },
  Order
>('status', {
  method: 'PUT',
  path: ({ id }) => `/${encodeURIComponent(id)}/status`,
  body: ({ status, version, force }) => (force ? { status, version, force } : { status, version }),
  success: 'orders:toast.statusUpdated',
  failure: 'orders:errors.updateStatus',
  retryPage: ({ id }) => `/orders/edit/${encodeURIComponent(id)}`,
  // Starting an order makes its job cards.
  invalidates: [['job-cards']],
});
