import { z } from 'zod';
import { createResource } from '@/lib/resource-factory';

/** A minimal record, for tests of the data layer itself rather than of one area. */
const thing = z.object({ _id: z.string(), name: z.string() });
export type Thing = z.infer<typeof thing>;

const thingSchemas = {
  record: thing,
  create: z.object({ name: z.string() }),
  update: z.object({ name: z.string() }).partial(),
  listQuery: z.object({ page: z.number(), limit: z.number(), name: z.string() }),
};

/**
 * A resource of `Thing`s at `/api/<name>`, worded with the merchants' texts so its toasts and
 * errors have real translations.
 */
export function thingResource(
  name: string,
  options: { related?: readonly string[]; requireUser?: boolean } = {},
) {
  return createResource({
    name,
    path: `/${name}`,
    namespace: 'merchants',
    schemas: thingSchemas,
    ...options,
  });
}
