import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pinoPretty from 'pino-pretty';
import type { LogFormat } from '../config.ts';

/** Fields that the readable line already shows, or that mean nothing to a person reading it. */
const SHOWN_IN_LINE = ['pid', 'hostname', 'reqId', 'method', 'url', 'statusCode', 'responseTime'];

/** `request completed GET /api/health 200 3 ms`: the message and, for a request, what it was. */
function readableMessage(log: Record<string, unknown>, messageKey: string): string {
  const message = log[messageKey];
  const parts = [typeof message === 'string' ? message : ''];
  if (typeof log.method === 'string' && typeof log.url === 'string') {
    parts.push(log.method, log.url);
  }
  if (typeof log.statusCode === 'number') parts.push(String(log.statusCode));
  if (typeof log.responseTime === 'number') parts.push(`${Math.round(log.responseTime)} ms`);
  return parts.filter(Boolean).join(' ');
}

/**
 * Each request logged once, when answered, with what a person wants to see in it, instead of
 * Fastify's pair of lines (received, then completed with only the status).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ method: request.method, url: request.url }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const fields = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) request.log.error({ ...fields, err: error }, 'request errored');
    else request.log.info(fields, 'request completed');
  }
}

export interface LoggerSettings {
  level: string;
  format: LogFormat;
  /** Where lines go; standard output by default. */
  destination?: NodeJS.WritableStream;
  /** Colours for the readable format; on when standard output is a terminal. */
  colorize?: boolean;
}

/**
 * Fastify's logger options for the chosen format. The readable one formats in this thread and
 * writes synchronously, so the last lines before a stop are out when the process exits; no worker
 * thread is left to flush.
 */
export function loggerOptions(settings: LoggerSettings): FastifyServerOptions['logger'] {
  if (settings.format === 'json') {
    return settings.destination
      ? { level: settings.level, stream: settings.destination }
      : { level: settings.level };
  }
  return {
    level: settings.level,
    stream: pinoPretty({
      colorize: settings.colorize ?? process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: SHOWN_IN_LINE.join(','),
      singleLine: true,
      messageFormat: readableMessage,
      sync: true,
      ...(settings.destination ? { destination: settings.destination } : {}),
    }),
  };
}
