import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.ts';
import { statement, statementQuery } from '../../../contract/dues.ts';
import { idParams } from '../../lib/crud-routes.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-errors.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import { duesRepository } from './repository.ts';

/**
 * `GET /merchants/:id/statement`, registered by the merchants module: a statement is read from
 * the merchant it is about, while its queries live with the dues report.
 */
export function registerStatementRoute(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/:id/statement',
    {
      config: { permission: 'statements.read' },
      schema: {
        operationId: 'getMerchantStatement',
        summary: "A merchant's bills and payments with the running balance",
        tags: ['Dues and statements'],
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
}
