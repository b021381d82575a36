import { z } from 'zod';

/**
 * The steps of a new organization's setup, in the order the landing page lists them. All but
 * `install` tick from the organization's records; `install` is a property of the device.
 */
const SERVER_SETUP_STEPS = [
  'profile',
  'merchants',
  'designs',
  'workers',
  'stages',
  'firstOrder',
  'inviteStaff',
] as const;
export type ServerSetupStep = (typeof SERVER_SETUP_STEPS)[number];
export const SETUP_STEPS = [...SERVER_SETUP_STEPS, 'install'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** What the organization profile still lacks before it can head a bill. */
export const BILLING_PROFILE_GAPS = ['gstin', 'state', 'address', 'bankOrUpi'] as const;
export type BillingProfileGap = (typeof BILLING_PROFILE_GAPS)[number];

export const setupChecklist = z.object({
  steps: z.object(
    Object.fromEntries(SERVER_SETUP_STEPS.map((step) => [step, z.boolean()])) as Record<
      ServerSetupStep,
      z.ZodBoolean
    >,
  ),
  /** Empty when bills can be made: the `profile` step is ticked exactly then. */
  billingProfileGaps: z.array(z.enum(BILLING_PROFILE_GAPS)),
  dismissed: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklist>;
