import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankDetail,
  bankDetailPage,
  bankDetailSchemas,
  bankDetailSetActive,
  NO_ACTIVE_BANK_DETAIL_MESSAGE,
} from '../../../contract/bank-details.ts';
import { envelope } from '../../../contract/common.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import { crudModule } from '../../lib/crud-area.ts';
import { idParams, staleVersionResponse } from '../../lib/crud-routes.ts';
import { failureResponse } from '../../lib/openapi-responses.ts';
import { bankDetailRepository } from './repository.ts';
import { okIfFound } from '../../lib/ok-if-found.ts';

const NOT_FOUND_MESSAGE = 'Bank detail not found';
const tags = ['Bank details'];

const activeRoutes = (scope: FastifyInstance) => {
  const typed = scope.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/active',
    {
      config: { permission: 'bankDetails.read' },
      schema: {
        operationId: 'getActiveBankDetail',
        summary: 'The bank details printed on bills',
        tags,
        response: {
          200: envelope(bankDetail),
          404: failureResponse('No bank details are active yet: `not_found`'),
        },
      },
    },
    async (request) => {
      return okIfFound(
        await bankDetailRepository.findActive(scope.db, tenantOf(request)),
        NO_ACTIVE_BANK_DETAIL_MESSAGE,
        'Active bank detail fetched successfully',
      );
    },
  );

  typed.patch(
    '/:id/set-active',
    {
      config: { permission: 'bankDetails.write' },
      schema: {
        operationId: 'setActiveBankDetail',
        summary: 'Make these the bank details printed on bills',
        tags,
        params: idParams,
        body: bankDetailSetActive,
        response: { 200: envelope(bankDetail), 409: staleVersionResponse(bankDetail) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return okIfFound(
        await bankDetailRepository.setActive(
          scope.db,
          tenantOf(request),
          id,
          request.body?.version,
        ),
        NOT_FOUND_MESSAGE,
        'Bank detail set as active successfully',
      );
    },
  );
};

export const resourceModule = crudModule({
  area: 'bank-details',
  names: { permissions: 'bankDetails', plural: 'Bank details', singular: 'Bank detail' },
  schemas: bankDetailSchemas,
  repository: bankDetailRepository,
  listPage: {
    schema: bankDetailPage,
    from: (page) => ({ ...page, hasPreviousPage: page.hasPrevPage }),
  },
  moreRoutes: activeRoutes,
});
