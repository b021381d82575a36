import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleted, envelope, paged } from '../../../contract/common.ts';
import {
  order,
  orderCreate,
  orderListQuery,
  orderStatusUpdate,
  orderUpdate,
} from '../../../contract/orders.ts';
import { assertOwnOrganization, idParams } from '../../lib/crud-routes.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-errors.ts';
import { tenantOf } from '../../plugins/auth.ts';
import { orderRepository } from './repository.ts';

const ORDER_NOT_FOUND = 'Order not found';

/**
 * Orders have no pick list, a line editor and a status path of their own, so their routes are
 * written out rather than taken from the generic CRUD registration.
 */
export const orderRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['Orders'];
  const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];
  const record = envelope(order);

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: orderListQuery,
        response: { 200: envelope(paged(order)) },
      },
    },
    async (request) =>
      ok(
        await orderRepository.list(app.db, tenantOf(request), request.query),
        'Orders fetched successfully',
      ),
  );

  app.get(
    '/:id',
    { schema: { tags, security, params: idParams, response: { 200: record } } },
    async (request) => {
      const found = await orderRepository.findById(app.db, tenantOf(request), request.params.id);
      if (!found) throw notFound(ORDER_NOT_FOUND);
      return ok(found, 'Order fetched successfully');
    },
  );

  app.post(
    '/',
    { schema: { tags, security, body: orderCreate, response: { 201: record } } },
    async (request, reply) => {
      const tenant = tenantOf(request);
      assertOwnOrganization(request.body, tenant);
      const created = await orderRepository.create(app.db, tenant, request.body);
      return reply.code(201).send(ok(created, 'Order created successfully'));
    },
  );

  app.put(
    '/:id',
    { schema: { tags, security, params: idParams, body: orderUpdate, response: { 200: record } } },
    async (request) => {
      const tenant = tenantOf(request);
      assertOwnOrganization(request.body, tenant);
      const updated = await orderRepository.update(app.db, tenant, request.params.id, request.body);
      if (!updated) throw notFound(ORDER_NOT_FOUND);
      return ok(updated, 'Order updated successfully');
    },
  );

  app.put(
    '/:id/status',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: orderStatusUpdate,
        response: { 200: record },
      },
    },
    async (request) => {
      const updated = await orderRepository.setStatus(
        app.db,
        tenantOf(request),
        request.params.id,
        request.body.status,
      );
      if (!updated) throw notFound(ORDER_NOT_FOUND);
      return ok(updated, 'Order status updated successfully');
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, security, params: idParams, response: { 200: envelope(deleted) } } },
    async (request) => {
      const removedId = await orderRepository.remove(app.db, tenantOf(request), request.params.id);
      if (!removedId) throw notFound(ORDER_NOT_FOUND);
      return ok({ _id: removedId }, 'Order deleted successfully');
    },
  );

  done();
};
