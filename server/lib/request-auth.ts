import type { FastifyRequest } from 'fastify';
import type { ActiveSession } from '../modules/auth/sessions.ts';
import { unauthorized } from './http-errors.ts';
import type { TenantContext } from './tenant.ts';

/**
 * Who is calling, as requireAuth (plugins/auth.ts) verified it; route files read it here, so they
 * do not import the guard and what it imports.
 */

export interface Authenticated {
  via: 'bearer' | 'cookie';
  accessToken: string;
  session: ActiveSession;
  tenant: TenantContext;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAuth on protected routes. */
    authenticated: Authenticated | null;
  }
}

/** The verified session of a request guarded by requireAuth. */
export function authenticatedOf(request: FastifyRequest): Authenticated {
  if (!request.authenticated) throw unauthorized('Authentication required');
  return request.authenticated;
}

/** The tenant of an authenticated request; only valid inside routes guarded by requireAuth. */
export function tenantOf(request: FastifyRequest): TenantContext {
  return authenticatedOf(request).tenant;
}
