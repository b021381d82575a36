import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';

interface OpenApiOperation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown> };
}

/**
 * The document `/api/openapi.json` serves, built without a database: it follows from the routes
 * alone, and no route touches the database until a request arrives.
 */
export async function buildOpenApiDocument(): Promise<OpenApiDocument> {
  const app = await buildApp({ db: {} as Database, staticDir: null });
  try {
    await app.ready();
    return app.swagger() as unknown as OpenApiDocument;
  } finally {
    await app.close();
  }
}

/** `/api/merchants/:id` as the document writes it: `/api/merchants/{id}`. */
export const documentPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');
