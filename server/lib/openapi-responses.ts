import { Readable } from 'node:stream';
import { z } from 'zod';
import { errorEnvelope } from '../../contract/common.ts';

/**
 * A failure a route documents itself (beyond those every route of its kind gets, see
 * plugins/openapi.ts): JSON with the failure envelope, whatever the route's success sends.
 */
export const failureResponse = (description: string, schema: z.ZodType = errorEnvelope) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A CSV download's success: UTF-8 text with a BOM. */
export const csvResponse = (description = 'UTF-8 CSV with a BOM; the header row is in `lang`') => ({
  description,
  // Handlers stream it; the document shows text.
  content: { 'text/csv': { schema: z.string().or(z.instanceof(Readable)) } },
});
