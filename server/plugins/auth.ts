import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { can, type RouteAccess } from '../../contract/permissions.ts';
import { FORBIDDEN_MESSAGE, HttpError, forbidden, unauthorized } from '../lib/http-errors.ts';
import {
  ACCESS_TOKEN_COOKIE,
  setSessionCookies,
  setXsrfCookie,
  XSRF_COOKIE,
  XSRF_HEADER,
  xsrfTokenFor,
  type CookieSettings,
} from '../lib/session-cookies.ts';
import { createTenantContext } from '../lib/tenant.ts';
import { findActiveSession, type ActiveSession } from '../modules/auth/sessions.ts';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type AuthResult =
  | { kind: 'none' }
  | { kind: 'invalid'; via: 'bearer' | 'cookie' }
  | { kind: 'session'; via: 'bearer' | 'cookie'; accessToken: string; session: ActiveSession };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every route under /api must say (registerRouteAccessCheck). */
    permission?: RouteAccess;
    /**
     * Open to a user who still has to replace a temporary password; only what that change needs
     * (reading one's own account, changing the password) says so. Everything else guarded answers
     * `password_change_required`; sign-out is public, so it is never held back.
     */
    allowedBeforePasswordChange?: boolean;
  }
}

/** Bearer header first; without an Authorization header, the cookie. */
export async function resolveAuth(request: FastifyRequest): Promise<AuthResult> {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) return { kind: 'invalid', via: 'bearer' };
    const session = await findActiveSession(request.server.db, match[1], request.server.clock());
    return session
      ? { kind: 'session', via: 'bearer', accessToken: match[1], session }
      : { kind: 'invalid', via: 'bearer' };
  }
  const cookieToken = request.cookies[ACCESS_TOKEN_COOKIE];
  if (!cookieToken) return { kind: 'none' };
  const session = await findActiveSession(request.server.db, cookieToken, request.server.clock());
  return session
    ? { kind: 'session', via: 'cookie', accessToken: cookieToken, session }
    : { kind: 'invalid', via: 'cookie' };
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * CSRF check for a cookie-authenticated request: a write must echo the session's own token in the
 * header. A browser holding another XSRF-TOKEN cookie (planted, or left from before sign-in) is
 * sent the right one on this response, so the SPA's next write carries it.
 */
export function assertCsrf(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: CookieSettings,
  accessToken: string,
  session: ActiveSession,
) {
  const expected = xsrfTokenFor(accessToken);
  const cookie = request.cookies[XSRF_COOKIE];
  if (cookie === undefined || !safeEqual(cookie, expected)) {
    setXsrfCookie(request, reply, settings, expected, session.expiresAt);
  }
  if (!MUTATING_METHODS.has(request.method)) return;
  const header = request.headers[XSRF_HEADER];
  if (typeof header !== 'string' || !safeEqual(header, expected)) {
    throw forbidden('Invalid or missing CSRF token', 'csrf_failed');
  }
}

const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Change your password to continue';

/**
 * onRequest hook for protected routes: 401 without a live session, 403 on a bad CSRF token, 403
 * `password_change_required` while a temporary password is in use (outside the few routes that
 * allow it), 403 `forbidden` when the session's role lacks the route's permission.
 */
export function requireAuth(settings: CookieSettings) {
  return async function requireAuthHook(request: FastifyRequest, reply: FastifyReply) {
    const result = await resolveAuth(request);
    if (result.kind === 'none') throw unauthorized('Authentication required');
    if (result.kind === 'invalid') throw unauthorized('Session expired. Please sign in again');
    if (result.via === 'cookie') {
      // Keep the browser cookies' lifetime in step with the sliding server-side expiry.
      if (result.session.renewed) {
        setSessionCookies(request, reply, settings, result.accessToken, result.session.expiresAt);
      }
      assertCsrf(request, reply, settings, result.accessToken, result.session);
    }
    request.authenticated = {
      via: result.via,
      accessToken: result.accessToken,
      session: result.session,
      tenant: createTenantContext(result.session.user.organizationId, result.session.user._id),
    };
    const config = request.routeOptions.config;
    if (result.session.user.mustChangePassword && config.allowedBeforePasswordChange !== true) {
      throw new HttpError(403, PASSWORD_CHANGE_REQUIRED_MESSAGE, {
        code: 'password_change_required',
      });
    }
    const access = config.permission;
    // A guarded route without a declaration never gets past buildApp; refusing it anyway keeps a
    // route added some other way closed rather than open.
    if (access === undefined || access === 'public') throw forbidden(FORBIDDEN_MESSAGE);
    if (access !== 'signedIn' && !can(result.session.user.role, access)) {
      throw forbidden(FORBIDDEN_MESSAGE);
    }
  };
}

function isApiRoute(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/**
 * Makes every route under /api declare who may call it (`config.permission`), so a new route
 * cannot ship open by omission. Call on the root instance before any route is added; `verify`
 * throws for the routes that did not declare one, so buildApp fails and the server does not start.
 * The declaration is read once all route hooks ran, so a plugin's own routes (the docs UI) can be
 * given theirs by an onRoute hook of the scope that registers the plugin.
 */
export function registerRouteAccessCheck(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (isApiRoute(route.url)) routes.push(route);
  });
  const verify = () => {
    const undeclared = routes.filter((route) => route.config?.permission === undefined);
    if (undeclared.length === 0) return;
    const names = undeclared.map((route) => `${[route.method].flat().join(',')} ${route.url}`);
    throw new Error(`API routes without a permission (config.permission): ${names.join('; ')}`);
  };
  app.addHook('onReady', (done) => {
    try {
      verify();
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  return verify;
}

/** Declares `access` on every route added in `scope` that does not declare its own. */
export function declareAccessOfScope(scope: FastifyInstance, access: RouteAccess) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, permission: route.config?.permission ?? access };
  });
}

/**
 * Registers the request decoration and the readable XSRF-TOKEN cookie set on any response whose
 * request came without one (signed out: a placeholder until sign-in sets the session's token).
 * Called on the root instance so that it covers every route.
 */
export function registerAuthBasics(app: FastifyInstance, settings: CookieSettings) {
  app.decorateRequest('authenticated', null);
  app.addHook('onRequest', async (request, reply) => {
    if (request.cookies[XSRF_COOKIE]) return;
    setXsrfCookie(request, reply, settings, randomBytes(24).toString('base64url'));
  });
}
