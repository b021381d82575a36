import type { FastifyInstance } from 'fastify';
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
import { crudModule } from '../../lib/crud-area.ts';
import { idParams, staleVersionResponse } from '../../lib/crud-routes.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-errors.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import { orderRepository } from './repository.ts';

/** The lines in one cell, as a spreadsheet reader scans them: `D-101 x 20 @ 45; D-205 x 5 @ 60`. */
const orderLinesText = (record: Record<string, unknown>) =>
  (record as unknown as Order).designs
    .map((line) => `${line.design.designCode} x ${line.quantity} @ ${line.rate}`)
    .join('; ');

/** The status path, which only moves forward. */
const statusRoute = (scope: FastifyInstance) => {
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
      if (!updated) throw notFound('Order not found');
      return ok(updated, 'Order status updated successfully');
    },
  );
};

export const resourceModule = crudModule({
  area: 'orders',
  schemas: { record: order, create: orderCreate, update: orderUpdate, listQuery: orderListQuery },
  repository: orderRepository,
  pickList: false,
  csvColumns: [
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
  moreRoutes: statusRoute,
});
