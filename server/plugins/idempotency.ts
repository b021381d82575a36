import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import type { Database } from '../db/database.ts';
import { idempotencyKeys } from '../db/platform-tables.ts';
import { badRequest, conflict } from '../lib/http-errors.ts';
import { tenantOf } from '../lib/request-auth.ts';

const IDEMPOTENCY_HEADER = 'idempotency-key';
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim this old without a stored response belongs to a request that died mid-way. */
const ABANDONED_CLAIM_MS = 5 * 60 * 1000;
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_INTERVAL_MS = 25;

const KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;
const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Claim {
  organizationId: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
    /**
     * The SHA-256 of the body's bytes, set by a route that hashes them while they arrive (see
     * `hashBodyWhileReading`): serializing a very large parsed body again would hold it twice.
     */
    bodyFingerprint: string | null;
  }
}

function requestFingerprint(request: FastifyRequest): string {
  if (request.bodyFingerprint) return request.bodyFingerprint;
  return createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}

/**
 * A `preParsing` hook for routes with very large bodies: hashes the bytes as they stream to the
 * parser, so the idempotency check fingerprints the request without serializing its body again.
 */
export function hashBodyWhileReading(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: RequestPayload,
): Promise<RequestPayload> {
  const hash = createHash('sha256');
  const hashed = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      request.bodyFingerprint = `raw:${hash.digest('hex')}`;
      callback();
    },
  });
  payload.on('error', (error: Error) => hashed.destroy(error));
  return Promise.resolve(payload.pipe(hashed));
}

async function tryClaim(db: Database, claim: Claim, request: FastifyRequest, bodyHash: string) {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({
      organizationId: claim.organizationId,
      key: claim.key,
      method: request.method,
      path: request.url,
      bodyHash,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

async function readStored(db: Database, claim: Claim) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.organizationId, claim.organizationId),
        eq(idempotencyKeys.key, claim.key),
      ),
    )
    .limit(1);
  return row;
}

async function dropClaim(db: Database, claim: Claim, olderThan?: Date) {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.organizationId, claim.organizationId),
        eq(idempotencyKeys.key, claim.key),
        olderThan ? lt(idempotencyKeys.createdAt, olderThan) : undefined,
      ),
    );
}

function replay(reply: FastifyReply, statusCode: number, body: string) {
  return reply
    .code(statusCode)
    .header('content-type', 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(body);
}

/**
 * `Idempotency-Key` on authenticated writes. The first request
 * claims the key with a row before it runs; a repeat either replays the stored response, waits
 * for the first to finish, or is refused, so a write is never applied twice.
 */
export function registerIdempotency(scope: FastifyInstance) {
  scope.decorateRequest('idempotencyClaim', null);
  scope.decorateRequest('bodyFingerprint', null);

  scope.addHook('preValidation', async (request, reply) => {
    if (!MUTATING_METHODS.has(request.method)) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw badRequest('Invalid Idempotency-Key header', [
        {
          path: 'Idempotency-Key',
          code: 'invalid_format',
          params: { format: 'idempotency_key' },
          message: 'Use 1 to 100 visible ASCII characters',
        },
      ]);
    }
    const db = request.server.db;
    const claim: Claim = { organizationId: tenantOf(request).organizationId, key: header };
    const bodyHash = requestFingerprint(request);
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;

    for (;;) {
      if (await tryClaim(db, claim, request, bodyHash)) {
        request.idempotencyClaim = claim;
        return;
      }
      const stored = await readStored(db, claim);
      if (!stored) continue; // Released between our insert and read: try to claim again.
      const age = Date.now() - stored.createdAt.getTime();
      if (age > IDEMPOTENCY_TTL_MS || (stored.statusCode === null && age > ABANDONED_CLAIM_MS)) {
        await dropClaim(db, claim, new Date(stored.createdAt.getTime() + 1));
        continue;
      }
      if (
        stored.method !== request.method ||
        stored.path !== request.url ||
        stored.bodyHash !== bodyHash
      ) {
        throw conflict('Idempotency-Key was already used for a different request', {
          code: 'idempotency_key_reused',
        });
      }
      if (stored.statusCode !== null && stored.responseBody !== null) {
        return replay(reply, stored.statusCode, stored.responseBody);
      }
      if (Date.now() >= deadline) throw conflict('Request already in progress');
      await sleep(POLL_INTERVAL_MS);
    }
  });

  scope.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const db = request.server.db;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      // Not stored: the client may retry a server failure with the same key.
      await dropClaim(db, claim);
      return payload;
    }
    await db
      .update(idempotencyKeys)
      .set({ statusCode: reply.statusCode, responseBody: payload })
      .where(
        and(
          eq(idempotencyKeys.organizationId, claim.organizationId),
          eq(idempotencyKeys.key, claim.key),
        ),
      );
    return payload;
  });
}

export async function purgeExpiredIdempotencyKeys(db: Database, now = new Date()) {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}
