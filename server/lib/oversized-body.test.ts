import net, { type AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorEnvelope } from '../../contract/common.ts';
import { DISCARDED_BODY_BYTES } from './oversized-body.ts';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app.ts';

/**
 * Over a real socket, as `inject` has none and so never shows a client still uploading when the
 * answer comes. The loopback interface takes about 3 MB of a body at once: 4 MB keep the client
 * writing while the 413 comes back.
 */
const OVERSIZED_BODY_BYTES = 4 * 1024 * 1024;
const ATTEMPTS = 50;
const LOGIN_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The client runs in a thread of its own, like a real one: on the server's event loop fetch would
 * only write between the server's steps and never meet the closed connection. Plain JavaScript, as
 * a worker started from a string is not compiled.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, chunked, size, attempts } = workerData;
const payload = Buffer.alloc(size, 'x');
(async () => {
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: chunked ? new Blob([payload]).stream() : payload,
        duplex: 'half',
        signal: AbortSignal.timeout(10000),
      });
      const body = await response.text();
      if (response.status !== 413 || attempt === attempts) {
        parentPort.postMessage({ attempt, status: response.status, body });
        return;
      }
    } catch (error) {
      const cause = error.cause ? error.cause.code + ' ' + error.cause.message : '';
      parentPort.postMessage({ attempt, error: error.message + ' (' + cause + ')' });
      return;
    }
  }
})();
`;

interface ClientResult {
  /** The last attempt: ATTEMPTS when every one answered 413. */
  attempt: number;
  status?: number;
  body?: string;
  /** fetch's error and its cause, when no answer came. */
  error?: string;
}

let t: TestApp;
let owner: TestUser;
let port: number;
let baseUrl: string;
let publicPostPaths: string[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, { post?: { security?: unknown[] } }>;
  }>();
  publicPostPaths = Object.entries(document.paths)
    .filter(([, operations]) => operations.post?.security?.length === 0)
    .map(([path]) => path);
});
afterAll(() => t.close());

/** Sends the oversized body ATTEMPTS times, one after another; stops at the first non-413. */
async function postOversized(
  path: string,
  options: { headers?: Record<string, string>; chunked?: boolean } = {},
): Promise<ClientResult> {
  const worker = new Worker(CLIENT, {
    eval: true,
    workerData: {
      url: `${baseUrl}${path}`,
      headers: options.headers ?? {},
      chunked: options.chunked ?? false,
      size: OVERSIZED_BODY_BYTES,
      attempts: ATTEMPTS,
    },
  });
  try {
    return await new Promise<ClientResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

function expectEvery413(path: string, result: ClientResult) {
  expect(result.error, `${path}, attempt ${result.attempt}`).toBeUndefined();
  expect(result.status, `${path}, attempt ${result.attempt}: ${result.body}`).toBe(413);
  expect(result.attempt).toBe(ATTEMPTS);
  expect(errorEnvelope.parse(JSON.parse(result.body ?? ''))).toMatchObject({
    code: 'payload_too_large',
  });
}

describe('a body over the limit, over a real connection', () => {
  it('answers every public POST route with the 413 envelope, every time', async () => {
    expect(publicPostPaths).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/forgot-password']),
    );
    for (const path of publicPostPaths) expectEvery413(path, await postOversized(path));
  });

  it('answers a signed-in write with the 413 envelope, every time', async () => {
    const path = '/api/merchants';
    expectEvery413(path, await postOversized(path, { headers: owner.bearer }));
  });

  it('answers a body of unannounced length (chunked) with the 413 envelope, every time', async () => {
    const path = '/api/auth/login';
    expectEvery413(path, await postOversized(path, { chunked: true }));
  });
});

/** A bare HTTP/1.1 connection, to see what the server does with the connection itself. */
function openConnection() {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  // The server may end the connection with a reset; what it answered before is what counts.
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const write = (data: string | Buffer) =>
    new Promise<void>((resolve) => socket.write(data, () => resolve()));
  return { socket, closed, write, received: () => received };
}

const loginHead = (framing: string) =>
  `POST /api/auth/login HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\n${framing}\r\n\r\n`;

describe('the connection after a 413', () => {
  it('reads the rest of the body and serves the next request on the same connection', async () => {
    const connection = openConnection();
    void connection.write(loginHead(`content-length: ${OVERSIZED_BODY_BYTES}`));
    void connection.write(Buffer.alloc(OVERSIZED_BODY_BYTES, 'x'));
    void connection.write('GET /api/health HTTP/1.1\r\nhost: test\r\n\r\n');
    await vi.waitFor(() => expect(connection.received()).toMatch(/HTTP\/1\.1 200 OK/), {
      timeout: 10_000,
    });
    expect(connection.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(connection.received()).not.toMatch(/^connection: close/im);
    connection.socket.destroy();

    // Announced beyond what it would throw away: answered and closed at once, unread.
    const tooLong = openConnection();
    const announced = LOGIN_BODY_LIMIT_BYTES + DISCARDED_BODY_BYTES + 1;
    await tooLong.write(loginHead(`content-length: ${announced}`));
    await tooLong.closed;
    expect(tooLong.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(tooLong.received()).toMatch(/^connection: close/im);
  });

  it('reads a chunked body on past the limit and closes once it has read the bound', async () => {
    const connection = openConnection();
    await connection.write(loginHead('transfer-encoding: chunked'));
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const framed = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from('\r\n'),
    ]);
    const bound = LOGIN_BODY_LIMIT_BYTES + DISCARDED_BODY_BYTES;
    let sent = 0;
    while (!connection.socket.destroyed && sent <= 2 * bound) {
      await connection.write(framed);
      sent += chunk.length;
    }
    await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent).toBeGreaterThan(bound);
    expect(sent).toBeLessThan(2 * bound);
  });
});
