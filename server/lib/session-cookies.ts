import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The session and CSRF cookies, set and cleared by the auth routes and by the guard in
 * plugins/auth.ts; apart from it so that routes import them without importing the guard.
 */

export const ACCESS_TOKEN_COOKIE = 'accessToken';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export interface CookieSettings {
  secure: 'auto' | boolean;
}

function isSecureRequest(request: FastifyRequest, settings: CookieSettings): boolean {
  return settings.secure === 'auto' ? request.protocol === 'https' : settings.secure;
}

function setAccessTokenCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: CookieSettings,
  accessToken: string,
  expiresAt: Date,
) {
  reply.setCookie(ACCESS_TOKEN_COOKIE, accessToken, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request, settings),
    expires: expiresAt,
  });
}

export function clearAccessTokenCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: CookieSettings,
) {
  reply.clearCookie(ACCESS_TOKEN_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request, settings),
  });
}

/**
 * The CSRF token of a session: derived from its access token, which only the server and the
 * httpOnly cookie know, so a token planted by another site or a sibling subdomain never matches,
 * and every API server computes the same value without shared state or a stored column.
 */
export function xsrfTokenFor(accessToken: string): string {
  return createHmac('sha256', accessToken).update('karkhana-xsrf').digest('base64url');
}

export function setXsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: CookieSettings,
  value: string,
  expiresAt?: Date,
) {
  reply.setCookie(XSRF_COOKIE, value, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: isSecureRequest(request, settings),
    ...(expiresAt ? { expires: expiresAt } : {}),
  });
}

/** Sets the session cookie and its CSRF token cookie, at sign-in and when either is refreshed. */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: CookieSettings,
  accessToken: string,
  expiresAt: Date,
) {
  setAccessTokenCookie(request, reply, settings, accessToken, expiresAt);
  // Lives as long as the session cookie, so a browser restart does not leave a session without it.
  setXsrfCookie(request, reply, settings, xsrfTokenFor(accessToken), expiresAt);
}
