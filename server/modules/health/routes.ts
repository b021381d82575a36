import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthData } from '../../../contract/auth.ts';
import { envelope, errorEnvelope } from '../../../contract/common.ts';
import { pingDatabase } from '../../db/client.ts';
import { ok } from '../../lib/envelope.ts';

const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Database ping timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(version: string): FastifyPluginCallback {
  return function registerHealthRoutes(scope, _options, done) {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/health',
      { schema: { tags: ['Health'], response: { 200: envelope(healthData), 503: errorEnvelope } } },
      async (request, reply) => {
        try {
          await withTimeout(pingDatabase(app.db), PING_TIMEOUT_MS);
          return ok(
            { status: 'ok' as const, database: 'ok' as const, version },
            'Service is healthy',
          );
        } catch (error) {
          request.log.warn({ err: error }, 'health check: database unavailable');
          return reply.code(503).send({
            success: false,
            code: 'service_unavailable',
            message: 'Database unavailable',
            data: { status: 'degraded', database: 'down', version },
          });
        }
      },
    );
    done();
  };
}
