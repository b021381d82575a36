import { z } from 'zod';
import { LIMITS, id, passwordText, plainText, requiredText } from './common.ts';
import { role } from './permissions.ts';

export { ROLES, role, type Role } from './permissions.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = plainText()
  .toLowerCase()
  .max(LIMITS.email)
  .pipe(z.email({ error: 'email' }));
const password = passwordText().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const registerBody = z.strictObject({
  organizationName: requiredText(LIMITS.name),
  name: requiredText(LIMITS.name),
  email,
  password,
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.strictObject({
  email,
  // Any length is accepted at login so a wrong password is simply "invalid", never a 400 hint.
  password: passwordText().min(1).max(1024),
});
export type LoginBody = z.input<typeof loginBody>;

/** Letters and digits that cannot be mistaken for one another when typed from an email. */
export const SIGN_UP_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const SIGN_UP_CODE_LENGTH = 10;

/** What `POST /auth/register` answers (202) when the address must be confirmed by email first. */
export const signUpPending = z.object({
  confirmationRequired: z.literal(true),
  email: z.string(),
});
export type SignUpPending = z.infer<typeof signUpPending>;

/**
 * The code from the confirmation email (spaces and dashes as copied from a mail are ignored) with
 * the sign-up's password again: a stranger who signs up with someone else's address makes a code
 * arrive there too, and that code must not finish a sign-up with the stranger's password.
 */
export const confirmSignUpBody = z.strictObject({
  email,
  code: plainText()
    .toUpperCase()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1).max(64)),
  password: passwordText().min(1).max(1024),
});
export type ConfirmSignUpBody = z.input<typeof confirmSignUpBody>;

export const sessionUser = z.object({
  _id: id,
  name: z.string(),
  email: z.string(),
  organizationId: id,
  role,
});
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionOrganization = z.object({ _id: id, name: z.string() });
export type SessionOrganization = z.infer<typeof sessionOrganization>;

export const authToken = z.object({ accessToken: z.string(), expiresAt: z.string() });
export type AuthToken = z.infer<typeof authToken>;

export const authData = z.object({
  user: sessionUser,
  organization: sessionOrganization,
  token: authToken,
});
export type AuthData = z.infer<typeof authData>;

export const meData = z.object({ user: sessionUser, organization: sessionOrganization });
export type MeData = z.infer<typeof meData>;

export const healthData = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  /** `full`: the database's disk is (nearly) out of space; writes fail with `storage_full`. */
  storage: z.enum(['ok', 'full']).optional(),
  version: z.string(),
});
export type HealthData = z.infer<typeof healthData>;
