import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mapDatabaseError } from '../lib/db-errors.ts';
import { failure } from '../lib/envelope.ts';
import { HttpError } from '../lib/http-errors.ts';
import { RequestValidationError } from '../lib/validation.ts';
import { sendSpaIndex, wantsSpaIndex } from './static-files.ts';

const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/** Fastify's own client errors, worded for people. */
const FRAMEWORK_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is larger than 1 MB' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Content-Type must be application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid Content-Length header' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Request body is not valid JSON' },
};

function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  errors?: HttpError['errors'],
) {
  return reply.code(status).type('application/json; charset=utf-8').send(failure(message, errors));
}

function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof RequestValidationError) {
    return sendError(reply, 400, error.message, error.errors);
  }
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    return sendError(reply, error.statusCode, error.message, error.errors);
  }
  const databaseConflict = mapDatabaseError(error);
  if (databaseConflict)
    return sendError(reply, databaseConflict.statusCode, databaseConflict.message);

  const fastifyError = error as Partial<FastifyError> & { message?: string };
  const known = fastifyError.code ? FRAMEWORK_MESSAGES[fastifyError.code] : undefined;
  if (known) return sendError(reply, known.status, known.message);
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return sendError(reply, 400, 'Request body is not valid JSON');
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return sendError(reply, status, fastifyError.message || 'Bad request');
  }
  request.log.error({ err: error, requestId: request.id }, 'unhandled error');
  return sendError(reply, 500, INTERNAL_ERROR_MESSAGE);
}

/** Every failure leaves as the API envelope; unknown /api paths are 404 envelopes too. */
export function registerErrorHandling(app: FastifyInstance, options: { staticDir: string | null }) {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(async (request, reply) => {
    if (options.staticDir && wantsSpaIndex(request)) return sendSpaIndex(reply);
    return sendError(reply, 404, request.url.startsWith('/api') ? 'Route not found' : 'Not found');
  });
}
