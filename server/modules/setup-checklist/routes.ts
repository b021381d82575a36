import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.ts';
import { setupChecklist } from '../../../contract/setup-checklist.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import type { ResourceModule } from '../registry.ts';
import { okIfFound } from '../../lib/ok-if-found.ts';
import { routeOptions } from '../../lib/route-options.ts';
import { dismissSetupChecklist, readSetupChecklist } from './repository.ts';

const NOT_FOUND = 'Organization not found';

/** The landing page's first-day checklist for owners and admins. */
export const setupChecklistRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['Setup checklist'];

  app.get(
    '/',
    {
      config: { permission: 'setup.read' },
      schema: {
        operationId: 'getSetupChecklist',
        tags,
        summary: 'Which first-day steps the organization has done, and whether it was dismissed',
        description:
          'Each step is read from the records (profile ready for bills, a merchant, a design, a ' +
          'worker, stages touched, an order, a second user). `billingProfileGaps` names what the ' +
          'profile lacks before a bill can be made.',
        response: { 200: envelope(setupChecklist) },
      },
    },
    async (request) => {
      return okIfFound(
        await readSetupChecklist(app.db, tenantOf(request)),
        NOT_FOUND,
        'Setup checklist fetched successfully',
      );
    },
  );

  app.post(
    '/dismiss',
    routeOptions(
      { permission: 'setup.write' },
      {
        operationId: 'dismissSetupChecklist',
        tags,
        summary: 'Put the checklist away for the whole organization',
        data: setupChecklist,
      },
    ),
    async (request) => {
      const tenant = tenantOf(request);
      await dismissSetupChecklist(app.db, tenant, app.clock());
      return okIfFound(
        await readSetupChecklist(app.db, tenant),
        NOT_FOUND,
        'Setup checklist dismissed',
      );
    },
  );
  done();
};

export const resourceModule: ResourceModule = {
  prefix: '/setup-checklist',
  routes: setupChecklistRoutes,
};
