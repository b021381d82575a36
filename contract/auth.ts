import { z } from 'zod';
import { LIMITS, id, requiredText } from './common.ts';

export const ROLES = ['owner', 'admin', 'staff'] as const;
export const role = z.enum(ROLES);
export type Role = z.infer<typeof role>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.email)
  .pipe(z.email({ error: 'email' }));
const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

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
  password: z.string().min(1).max(1024),
});
export type LoginBody = z.input<typeof loginBody>;

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
