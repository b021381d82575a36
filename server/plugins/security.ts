import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The SPA loads only its own scripts; Mantine injects <style> tags at run time, so inline styles
 * are allowed. Upgrading to HTTPS is left out because tablets reach the server over plain HTTP
 * on the workshop network.
 */
export const contentSecurityPolicy: FastifyHelmetOptions['contentSecurityPolicy'] = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/** The API docs page runs Swagger UI, whose bundle needs inline scripts and data: images. */
export const docsContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https://validator.swagger.io",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');
