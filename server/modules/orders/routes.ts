import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.ts';
import {
  order,
  orderCreate,
  orderListQuery,
  orderStatusUpdate,
  orderUpdate,
  type Order,
} from '../../../contract/orders.ts';
import { idParams, registerCrudRoutes, staleVersionResponse } from '../../lib/crud-routes.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-errors.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import { orderRepository } from './repository.ts';
import type { ResourceModule } from '../registry.ts';

const ORDER_NOT_FOUND = 'Order not found';

/** The lines in one cell, as a spreadsheet reader scans them: `D-101 x 20 @ 45; D-205 x 5 @ 60`. */
const orderLinesText = (record: Record<string, unknown>) =>
  (record as unknown as Order).designs
    .map((line) => `${line.design.designCode} x ${line.quantity} @ ${line.rate}`)
    .join('; ');

/** The generic CRUD routes (no pick list) plus the status path, which only moves forward. */
export const orderRoutes: FastifyPluginCallback = (scope, _options, done) => {
  registerCrudRoutes(scope, {
    tag: 'Orders',
    singular: 'Order',
    csv: {
      namespace: 'orders',
      columns: [
        { key: 'poNumber' },
        { key: 'merchant.name', label: 'columns.merchant' },
        { key: 'orderDate' },
        { key: 'deliveryDate' },
        { key: 'status', label: 'columns.status', values: 'status' },
        { key: 'isPaid' },
        { key: 'totalQuantity', label: 'data-io:csv.totalQuantity' },
        { key: 'totalAmount', label: 'columns.total' },
        { key: 'designs', value: orderLinesText },
        { key: 'billNumber', label: 'data-io:csv.billNumber' },
        { key: 'notes' },
      ],
    },
    schemas: { record: order, create: orderCreate, update: orderUpdate, listQuery: orderListQuery },
    permissions: {
      read: 'orders.read',
      write: 'orders.write',
      delete: 'orders.delete',
    },
    repository: orderRepository,
    pickList: false,
    messages: {
      list: 'Orders fetched successfully',
      get: 'Order fetched successfully',
      created: 'Order created successfully',
      updated: 'Order updated successfully',
      deleted: 'Order deleted successfully',
      notFound: ORDER_NOT_FOUND,
    },
  });

  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/:id/status',
    {
      config: { permission: 'orders.write' },
      schema: {
        operationId: 'updateOrderStatus',
        summary: 'Move an order to another status',
        tags: ['Orders'],
        params: idParams,
        body: orderStatusUpdate,
        response: { 200: envelope(order), 409: staleVersionResponse(order) },
      },
    },
    async (request) => {
      const updated = await orderRepository.setStatus(
        app.db,
        tenantOf(request),
        request.params.id,
        request.body.status,
        request.body.version,
        { force: request.body.force },
      );
      if (!updated) throw notFound(ORDER_NOT_FOUND);
      return ok(updated, 'Order status updated successfully');
    },
  );

  done();
};

export const resourceModule: ResourceModule = { prefix: '/orders', routes: orderRoutes };
