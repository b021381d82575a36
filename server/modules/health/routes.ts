import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthData } from '../../../contract/auth.ts';
import { envelope } from '../../../contract/common.ts';
import { pingDatabase } from '../../db/database.ts';
import { ok } from '../../lib/envelope.ts';
import { failureResponse } from '../../lib/openapi-responses.ts';

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
      {
        config: { permission: 'public' },
        schema: {
          operationId: 'getHealth',
          summary: 'Whether the server and its database can serve requests',
          tags: ['Health'],
          response: {
            200: envelope(healthData),
            503: failureResponse(
              'The database is down (`service_unavailable`) or its disk is full (`storage_full`); `data` says which',
            ),
          },
        },
      },
      async (request, reply) => {
        const [database, storage] = await Promise.all([
          withTimeout(pingDatabase(app.db), PING_TIMEOUT_MS).then(
            () => 'ok' as const,
            (error: unknown) => {
              request.log.warn({ err: error }, 'health check: database unavailable');
              return 'down' as const;
            },
          ),
          app.storage.status(),
        ]);
        if (database === 'ok' && storage === 'ok') {
          return ok({ status: 'ok' as const, database, version }, 'Service is healthy');
        }
        return reply.code(503).send({
          success: false,
          code: database === 'down' ? 'service_unavailable' : 'storage_full',
          message: database === 'down' ? 'Database unavailable' : 'The database disk is full',
          data: {
            status: 'degraded',
            database,
            ...(storage === 'full' ? { storage } : {}),
            version,
          },
        });
      },
    );
    done();
  };
}
