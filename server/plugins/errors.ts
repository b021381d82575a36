import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failureCodeForStatus, type FailureCode } from '../../contract/errors.ts';
import { mapDatabaseError } from '../lib/db-errors.ts';
import { failure } from '../lib/envelope.ts';
import { HttpError } from '../lib/http-errors.ts';
import { discardRestOfBody } from '../lib/oversized-body.ts';
import { isStorageFullError } from '../lib/storage.ts';
import { RequestValidationError } from '../lib/validation.ts';
import { sendSpaIndex, wantsSpaIndex } from './static-files.ts';

const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/** Fastify's own client errors, worded for people. */
const FRAMEWORK_MESSAGES: Record<string, { status: number; code: FailureCode; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Content-Type must be application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'validation_failed',
    message: 'Invalid Content-Length header',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'validation_failed',
    message: 'Request body is empty',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'validation_failed',
    message: 'Request body is not valid JSON',
  },
  // Raised by the router before any route or error handler runs (see frameworkErrorHandler).
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'validation_failed',
    message: 'The URL is not valid (bad percent-encoding)',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 400,
    code: 'validation_failed',
    message: 'A part of the URL is too long',
  },
};

function sendError(
  reply: FastifyReply,
  status: number,
  code: FailureCode,
  message: string,
  options: { errors?: HttpError['errors']; data?: unknown } = {},
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(failure(code, message, options));
}

function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof RequestValidationError) {
    return sendError(reply, 400, 'validation_failed', error.message, { errors: error.errors });
  }
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    return sendError(reply, error.statusCode, error.code, error.message, {
      errors: error.errors,
      data: error.data,
    });
  }
  if (isStorageFullError(error)) {
    void request.server.storage.recordFull();
    request.log.error({ err: error, requestId: request.id }, 'write failed: the disk is full');
    return sendError(
      reply,
      507,
      'storage_full',
      'The disk holding the database is full; free some space and try again',
    );
  }
  const databaseConflict = mapDatabaseError(error);
  if (databaseConflict) {
    return sendError(
      reply,
      databaseConflict.statusCode,
      databaseConflict.code,
      databaseConflict.message,
      { errors: databaseConflict.errors },
    );
  }

  const fastifyError = error as Partial<FastifyError> & { message?: string };
  const known = fastifyError.code ? FRAMEWORK_MESSAGES[fastifyError.code] : undefined;
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    discardRestOfBody(request, reply);
    // Imports and restores take more than the usual 1 MB: the message names this route's limit.
    const limitMegabytes = Math.max(1, Math.round(request.routeOptions.bodyLimit / 1_048_576));
    return sendError(
      reply,
      413,
      'payload_too_large',
      `Request body is larger than ${limitMegabytes} MB`,
    );
  }
  if (known) return sendError(reply, known.status, known.code, known.message);
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return sendError(reply, 400, 'validation_failed', 'Request body is not valid JSON');
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return sendError(
      reply,
      status,
      failureCodeForStatus(status),
      fastifyError.message || 'Bad request',
    );
  }
  request.log.error({ err: error, requestId: request.id }, 'unhandled error');
  return sendError(reply, 500, 'internal', INTERNAL_ERROR_MESSAGE);
}

/**
 * Fastify's `frameworkErrors` option: the router answers a malformed URL or an over-long path
 * parameter itself, with its own body, unless given this.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void handleError(error, request, reply);
}

/** Every failure leaves as the API envelope; unknown /api paths are 404 envelopes too. */
export function registerErrorHandling(app: FastifyInstance, options: { staticDir: string | null }) {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(async (request, reply) => {
    if (options.staticDir && wantsSpaIndex(request)) return sendSpaIndex(reply);
    return sendError(
      reply,
      404,
      'not_found',
      request.url.startsWith('/api') ? 'Route not found' : 'Not found',
    );
  });
}
