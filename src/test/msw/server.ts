import type { AnyHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * One msw server per test file, listening for the whole file; handlers added in a test with
 * `server.use` are dropped after it. Unhandled requests fail loudly so a typo in a path cannot
 * pass as "no data".
 */
export function setupMswServer(...handlers: AnyHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
