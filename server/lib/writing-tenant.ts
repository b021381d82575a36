import type { FastifyRequest } from 'fastify';
import type { TenantContext } from './tenant.ts';
import { assertOwnOrganization } from './crud-routes.ts';
import { tenantOf } from './request-auth.ts';

/**
 * The signed-in tenant of a write whose body may name an organization: a body naming another one
 * is refused (400) before anything is written.
 */
export function writingTenant(request: FastifyRequest<{ Body: unknown }>): TenantContext {
  const tenant = tenantOf(request);
  assertOwnOrganization(request.body, tenant);
  return tenant;
}
