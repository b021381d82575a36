import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.ts';
import {
  organizationProfile,
  organizationUpdate,
  type OrganizationUpdate,
} from '../../../contract/organization.ts';
import { staleVersionResponse } from '../../lib/crud-routes.ts';
import { writingTenant } from '../../lib/writing-tenant.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import type { ResourceModule } from '../registry.ts';
import { okIfFound } from '../../lib/ok-if-found.ts';
import { routeOptions } from '../../lib/route-options.ts';
import { findOrganizationProfile, updateOrganizationProfile } from './repository.ts';

const NOT_FOUND = 'Organization not found';

/** The signed-in user's organization: what bills print as the seller. */
export const organizationRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['Organization'];

  app.get(
    '/',
    routeOptions(
      { permission: 'organization.read' },
      {
        operationId: 'getOrganization',
        tags,
        summary: 'The organization profile',
        data: organizationProfile,
      },
    ),
    async (request) => {
      return okIfFound(
        await findOrganizationProfile(app.db, tenantOf(request)),
        NOT_FOUND,
        'Organization fetched successfully',
      );
    },
  );

  // Plain instance: the body schema's refinement hides its output type from the type provider.
  scope.put(
    '/',
    {
      config: { permission: 'organization.write' },
      schema: {
        operationId: 'updateOrganization',
        tags,
        summary: 'Update the organization profile (merge)',
        description:
          'Fields present replace the stored ones. `version` is required: another one is 409 ' +
          '`stale_version` with the current profile. The GSTIN must match the state (checked ' +
          'on the merged profile, 400 `gstin_state` on `gstin`); a GSTIN with no state sets it.',
        body: organizationUpdate,
        response: {
          200: envelope(organizationProfile),
          409: staleVersionResponse(organizationProfile),
        },
      },
    },
    async (request) => {
      const tenant = writingTenant(request);
      const values = request.body as OrganizationUpdate;
      return okIfFound(
        await updateOrganizationProfile(app.db, tenant, values, app.clock()),
        NOT_FOUND,
        'Organization updated successfully',
      );
    },
  );
  done();
};

export const resourceModule: ResourceModule = {
  prefix: '/organization',
  routes: organizationRoutes,
};
