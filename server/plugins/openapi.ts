import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ACCESS_TOKEN_COOKIE } from './auth.ts';
import { docsContentSecurityPolicy } from './security.ts';

const DOCS_PREFIX = '/api/docs';

/** OpenAPI generated from the routes' zod schemas: `/api/openapi.json`, UI at `/api/docs`. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Karkhana API',
        description: 'Orders, designs, workers, salaries and expenses of a workshop.',
        version,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: ACCESS_TOKEN_COOKIE },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });

  app.get('/api/openapi.json', { schema: { hide: true } }, (_request, reply) =>
    reply.send(app.swagger()),
  );

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url === DOCS_PREFIX || request.url.startsWith(`${DOCS_PREFIX}/`)) {
      reply.header('content-security-policy', docsContentSecurityPolicy);
    }
    return payload;
  });
}
