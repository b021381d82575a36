import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.ts';
import { orderAnalytics, orderAnalyticsQuery } from '../../../contract/order-analytics.ts';
import { ok } from '../../lib/envelope.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import { orderAnalyticsRepository } from './repository.ts';
import type { ResourceModule } from '../registry.ts';

/** Mounted under `/reports`. */
export const orderAnalyticsRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/orders',
    {
      config: { permission: 'orderAnalytics.read' },
      schema: {
        operationId: 'getOrderAnalytics',
        summary: 'Order counts and amounts for a period',
        tags: ['Order analytics'],
        querystring: orderAnalyticsQuery,
        response: { 200: envelope(orderAnalytics) },
      },
    },
    async (request) =>
      ok(
        await orderAnalyticsRepository.report(app.db, tenantOf(request), request.query),
        'Order analytics fetched successfully',
      ),
  );
  done();
};

export const resourceModule: ResourceModule = { prefix: '/reports', routes: orderAnalyticsRoutes };
