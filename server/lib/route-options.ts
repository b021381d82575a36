import type { FastifyContextConfig } from 'fastify';
import type { z } from 'zod';
import { envelope } from '../../contract/common.ts';
import { staleVersionResponse } from './crud-routes.ts';

/** What a route's document says besides its answer, in the order the document lists it. */
interface RouteFacts {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

type Answer =
  | { data: z.ZodType; created?: never; updated?: never }
  | { created: z.ZodType; data?: never; updated?: never }
  | { updated: z.ZodType; data?: never; created?: never };

type Envelope<T> = T extends z.ZodType ? ReturnType<typeof envelope<T>> : never;

type ResponseOf<Facts extends Answer> = Facts extends { created: infer Created }
  ? { 201: Envelope<Created> }
  : Facts extends { updated: infer Updated }
    ? { 200: Envelope<Updated>; 409: ReturnType<typeof staleVersionResponse> }
    : { 200: Envelope<Facts['data']> };

/**
 * A route's options when its one answer is a record in the success envelope: `data` answers
 * 200, `created` answers 201, and `updated` answers 200 or, for a stale version, 409. The route then states its permission and its facts only.
 */
export function routeOptions<Facts extends RouteFacts & Answer>(
  config: FastifyContextConfig,
  facts: Facts,
) {
  const { data, created, updated, ...rest } = facts;
  const response = (
    created
      ? { 201: envelope(created) }
      : updated
        ? { 200: envelope(updated), 409: staleVersionResponse(updated) }
        : { 200: envelope(data) }
  ) as ResponseOf<Facts>;
  return { config, schema: { ...rest, response } };
}
