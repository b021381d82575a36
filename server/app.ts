import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TrustProxy } from './config.ts';
import type { Database } from './db/database.ts';
import { frameworkErrorHandler, registerErrorHandling } from './plugins/errors.ts';
import type { CookieSettings } from './lib/session-cookies.ts';
import { registerAuthBasics, registerRouteAccessCheck, requireAuth } from './plugins/auth.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerOpenApi, registerOperationCheck } from './plugins/openapi.ts';
import { contentSecurityPolicy } from './plugins/security.ts';
import { hasBuiltClient, registerStaticFiles } from './plugins/static-files.ts';
import { LOG_SERIALIZERS } from './lib/db-errors.ts';
import { OneLinePerRequest } from './lib/logger.ts';
import { StorageMonitor } from './lib/storage.ts';
import { jsonSerializerCompiler, zodValidatorCompiler } from './lib/validation.ts';
import { createSmtpMailer, type Mailer } from './lib/mailer.ts';
import { startDailyDigest, type DigestScheduler } from './modules/digest/daily-digest.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { recoveryRoutes } from './modules/auth/recovery-routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { loadResourceModules } from './modules/registry.ts';
import { sampleSessionRoutes } from './modules/sample-workshop/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The current time for sessions and sign-in throttling; tests inject their own. */
    clock: () => Date;
    storage: StorageMonitor;
    /** Mail over `SMTP_URL`; null when the server has no SMTP server configured. */
    mailer: Mailer | null;
  }
}

const BODY_LIMIT_BYTES = 1024 * 1024;

const packageVersion = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

export interface BuildAppOptions {
  /** An open, migrated database. The caller owns it and closes it. */
  db: Database;
  /** Fastify/pino logger options; off by default (tests). */
  logger?: FastifyServerOptions['logger'];
  /**
   * One log line per request, when answered, with its method, URL, status and duration, for
   * people reading the log; otherwise Fastify's pair of lines (received, completed) that log
   * collectors join by request id.
   */
  oneLinePerRequest?: boolean;
  /** Directory of the built SPA; served when it holds index.html. null disables static serving. */
  staticDir?: string | null;
  trustProxy?: TrustProxy;
  /** Secure flag of cookies; `auto` = when the request came over HTTPS. */
  cookieSecure?: CookieSettings['secure'];
  /** Coarse per-IP ceiling for all requests per minute; 0 turns it off. */
  rateLimitPerMinute?: number;
  /**
   * The embedded database's folder: /api/health reports storage as full when its disk runs low.
   * Absent for a PostgreSQL server elsewhere (only failed writes count then).
   */
  dataDir?: string | null;
  /** Reported by /api/health; defaults to package.json's version. */
  version?: string;
  /** The current time for sessions and sign-in throttling; defaults to the system clock. */
  clock?: () => Date;
  /**
   * SMTP server for sign-up confirmation, password recovery and daily digests; without it sign-up
   * cannot confirm addresses and passwords are reset by the owner only.
   */
  smtpUrl?: string | undefined;
  mailFrom?: string;
  /** Mail each morning's digest of orders due soon to users who chose it (needs `smtpUrl`). */
  dailyDigest?: boolean;
}

/** Every logger the app makes writes errors through `loggableError`: never a row's values. */
function withLoggableErrors(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, ...LOG_SERIALIZERS } };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withLoggableErrors(options.logger ?? false),
    ...(options.oneLinePerRequest ? { logController: new OneLinePerRequest() } : {}),
    // Fastify accepts a hop count at run time although its type leaves numbers out.
    trustProxy: (options.trustProxy ?? false) as boolean | string | string[],
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
  });
  // Before any route exists, so that it sees all of them.
  const verifyRouteAccess = registerRouteAccessCheck(app);
  const verifyOperations = registerOperationCheck(app);
  const cookies: CookieSettings = { secure: options.cookieSecure ?? 'auto' };
  const version = options.version ?? packageVersion;
  const mailer = options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.mailFrom ?? 'Karkhana <no-reply@localhost>')
    : null;
  let digest: DigestScheduler | undefined;
  if (mailer) {
    if (options.dailyDigest) {
      // Once ready: the server's start-up migrates the database before it listens.
      app.addHook('onReady', (done) => {
        digest = startDailyDigest({ db: options.db, mailer, clock: app.clock, log: app.log });
        done();
      });
    }
    app.addHook('onClose', async () => {
      await digest?.stop();
      mailer.close();
    });
  }

  app.decorate('db', options.db);
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('storage', new StorageMonitor(options.dataDir ?? null));
  app.decorate('mailer', mailer);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  registerJsonBodyParser(app);
  registerErrorHandling(app, {
    staticDir: hasBuiltClient(options.staticDir) ? options.staticDir : null,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    // API answers carry one organization's data: no browser, proxy or service worker cache keeps
    // them. Static files set their own rules.
    if (
      request.url === '/api' ||
      request.url.startsWith('/api/') ||
      request.url.startsWith('/api?')
    )
      reply.header('cache-control', 'no-store');
    return payload;
  });

  await app.register(fastifyHelmet, { contentSecurityPolicy });
  if ((options.rateLimitPerMinute ?? 1200) > 0) {
    await app.register(fastifyRateLimit, {
      global: true,
      max: options.rateLimitPerMinute ?? 1200,
      // Only the API is limited: a cold start of the app fetches dozens of static files, and on a
      // workshop LAN every tablet may share one address behind the router.
      allowList: (request) => !request.url.startsWith('/api/'),
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        code: 'rate_limited',
        message: 'Too many requests, please try again later',
      }),
    });
  }
  await app.register(fastifyCookie);
  registerAuthBasics(app, cookies);
  await registerOpenApi(app, version);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(version));
      await api.register(authRoutes(cookies, mailer), { prefix: '/auth' });
      await api.register(recoveryRoutes(mailer), { prefix: '/auth' });
      await api.register(sampleSessionRoutes);
      await api.register(async (tenantScope) => {
        tenantScope.addHook('onRequest', requireAuth(cookies));
        registerIdempotency(tenantScope);
        // Tenant resources: every area module that exports `resourceModule` (modules/registry.ts).
        for (const module of await loadResourceModules()) {
          await tenantScope.register(module.routes, { prefix: module.prefix });
        }
      });
    },
    { prefix: '/api' },
  );

  if (hasBuiltClient(options.staticDir)) await registerStaticFiles(app, options.staticDir);
  verifyRouteAccess();
  verifyOperations();
  return app;
}

/**
 * JSON only (anything else is 415). An empty body is treated as no body, because clients commonly
 * send `Content-Type: application/json` on bodiless DELETE and PATCH requests.
 */
function registerJsonBodyParser(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
