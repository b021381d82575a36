import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.ts';
import { statement, statementQuery } from '../../../contract/dues.ts';
import { idParams } from '../../lib/crud-routes.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-errors.ts';
import { tenantOf } from '../../plugins/auth.ts';
import type { ResourceModule } from '../registry.ts';
import { duesRepository } from '../dues/repository.ts';

/** Mounted under `/merchants`: a statement is read from the merchant it is about. */
export const statementRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/:id/statement',
    {
      config: { permission: 'statements.read' },
      schema: {
        tags: ['Dues and statements'],
        security: [{ bearerAuth: [] }, { cookieAuth: [] }],
        params: idParams,
        querystring: statementQuery,
        description:
          "The merchant's bills (debits) and payments with TDS (credits) between two dates, with the balance running from the opening balance.",
        response: { 200: envelope(statement) },
      },
    },
    async (request) => {
      const { startDate, endDate } = request.query;
      const record = await duesRepository.statement(
        app.db,
        tenantOf(request),
        request.params.id,
        startDate,
        endDate,
      );
      if (!record) throw notFound('Merchant not found');
      return ok(record, 'Statement fetched successfully');
    },
  );
  done();
};

export const resourceModule: ResourceModule = { prefix: '/merchants', routes: statementRoutes };
