import { z } from 'zod';
import { id } from './common.ts';

/** The organization's sample workshop, when it has one. */
const sampleWorkshop = z.object({
  organizationId: id,
  name: z.string(),
  createdAt: z.string(),
});
export type SampleWorkshop = z.infer<typeof sampleWorkshop>;

export const sampleWorkshopState = z.object({ sample: sampleWorkshop.nullable() });
export type SampleWorkshopState = z.infer<typeof sampleWorkshopState>;

/** A one-time token for the sample's tab, good for a couple of minutes. */
export const sampleWorkshopOpening = z.object({
  sample: sampleWorkshop,
  openingToken: z.string(),
  expiresAt: z.string(),
});
export type SampleWorkshopOpening = z.infer<typeof sampleWorkshopOpening>;

export const sampleSessionBody = z.strictObject({ openingToken: z.string().min(1).max(100) });
