import type { FastifyPluginCallback } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from './app.ts';
import type * as Registry from './modules/registry.ts';
import type { ResourceModule } from './modules/registry.ts';
import { createTestDatabase, type TestDatabase } from './test/test-app.ts';

const undeclaredRoutes: FastifyPluginCallback = (scope, _options, done) => {
  scope.get('/', () => ({ success: true }));
  done();
};

vi.mock('./modules/registry.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Registry>();
  return {
    ...original,
    loadResourceModules: async (): Promise<ResourceModule[]> => [
      ...(await original.loadResourceModules()),
      { prefix: '/undeclared', routes: undeclaredRoutes },
    ],
  };
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it('does not build an app with an API route that declares no permission', async () => {
  await expect(buildApp({ db: database.handle.db, staticDir: null })).rejects.toThrow(
    /without a permission.*GET \/api\/undeclared/,
  );
});
