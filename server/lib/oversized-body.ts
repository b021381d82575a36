import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How much more than the route's limit the server reads of a refused body, so that its client
 * gets the 413. Reading and dropping costs the server little; the bound keeps a client from making
 * it read without end.
 */
export const DISCARDED_BODY_BYTES = 64 * 1024 * 1024;

/**
 * Fastify refuses a body over the limit as soon as it sees the Content-Length (or once the limit
 * is read) and asks for `Connection: close`, so Node closes the socket right after the 413 while
 * the client is still uploading. The kernel answers the client's next bytes with a reset, its
 * write fails (EPIPE), and fetch rejects with "fetch failed" although the 413 had arrived.
 * Instead the connection stays open and the rest of the body is read and dropped: the client
 * finishes its upload and reads the 413. A body announced beyond the bound is closed on at once,
 * as before; a chunked one once the bound is read.
 */
export function discardRestOfBody(request: FastifyRequest, reply: FastifyReply) {
  const incoming = request.raw;
  if (incoming.complete) return;
  const bound = request.routeOptions.bodyLimit + DISCARDED_BODY_BYTES;
  const announced = incoming.headers['content-length'];
  if (announced !== undefined && Number(announced) > bound) return;
  reply.removeHeader('connection');
  // A preParsing stream (the backup's hashing) nobody reads any more would hold the body back.
  incoming.unpipe();
  // Without a Content-Length, Fastify refused the body once it had read the limit.
  let read = announced === undefined ? request.routeOptions.bodyLimit : 0;
  incoming.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > bound) incoming.socket.destroy();
  });
  incoming.resume();
}
