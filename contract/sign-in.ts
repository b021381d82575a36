import * as z from 'zod/mini';
import { LIMITS, plainTextChecks, textContentChecks } from './text.ts';

// What the sign-in page validates with, built with zod/mini so that page loads without the rest
// of zod. The server checks `POST /auth/login` with the same schema; `auth.ts` re-exports it all.

/** An address as typed: trimmed, lower-cased, bounded, and an email. */
export const email = z.pipe(
  z.string().check(...plainTextChecks(), z.toLowerCase(), z.maxLength(LIMITS.email)),
  z.email({ error: 'email' }),
);

export const loginBody = z.strictObject({
  email,
  // Any length is accepted at login so a wrong password is simply "invalid", never a 400 hint.
  password: z.string().check(...textContentChecks(), z.minLength(1), z.maxLength(1024)),
});
export type LoginBody = z.input<typeof loginBody>;

// Password recovery starts from the sign-in page, which must know these without loading the rest.
export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_TTL_MINUTES = 15;
export const RESET_CODES_PER_HOUR = 5;
export const RESET_CODE_TRIES = 5;
/** Seconds the code page waits before offering to send another code. */
export const RESEND_CODE_AFTER_SECONDS = 60;
