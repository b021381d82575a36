import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.ts';
import { duesQuery, duesReport } from '../../../contract/dues.ts';
import { ok } from '../../lib/envelope.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import type { ResourceModule } from '../registry.ts';
import { duesRepository } from './repository.ts';

/** Mounted at `/reports/dues`, beside the order analytics under `/reports`. */
export const duesRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    {
      config: { permission: 'dues.read' },
      schema: {
        operationId: 'getDuesReport',
        summary: 'What each merchant owes, aged by bill date',
        tags: ['Dues and statements'],
        querystring: duesQuery,
        description:
          'What each merchant owes at the end of `asOf` (default today), aged by bill date, largest first.',
        response: { 200: envelope(duesReport) },
      },
    },
    async (request) =>
      ok(
        await duesRepository.report(app.db, tenantOf(request), request.query.asOf),
        'Dues fetched successfully',
      ),
  );
  done();
};

export const resourceModule: ResourceModule = { prefix: '/reports/dues', routes: duesRoutes };
