import { z } from 'zod';
import {
  LIMITS,
  id,
  optionalPhone,
  passwordText,
  plainText,
  requiredText,
  role,
  timestamp,
} from './common.ts';
import { LANGUAGES, SYNC_TOAST_LEVELS, type NotificationPreferences } from './preferences.ts';
import { email } from './sign-in.ts';

export {
  email,
  loginBody,
  RESEND_CODE_AFTER_SECONDS,
  RESET_CODE_LENGTH,
  RESET_CODE_TRIES,
  RESET_CODE_TTL_MINUTES,
  RESET_CODES_PER_HOUR,
  type LoginBody,
} from './sign-in.ts';
export {
  DEFAULT_NOTIFICATION_PREFERENCES,
  LANGUAGES,
  SYNC_TOAST_LEVELS,
  type NotificationPreferences,
} from './preferences.ts';

export { type Role } from './permissions.ts';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const newPassword = passwordText().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const language = z.enum(LANGUAGES);
export type Language = z.infer<typeof language>;

/**
 * `language`: the one the sign-up page was shown in. It becomes the owner's language and names
 * the organization's default production stages; without it, English.
 */
export const registerBody = z.strictObject({
  organizationName: requiredText(LIMITS.name),
  name: requiredText(LIMITS.name),
  email,
  password: newPassword,
  language: language.optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

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
  /** As in `registerBody`: the language the page finishing the sign-up is shown in. */
  language: language.optional(),
});
export type ConfirmSignUpBody = z.input<typeof confirmSignUpBody>;

const syncToastLevel = z.enum(SYNC_TOAST_LEVELS);
export type SyncToastLevel = z.infer<typeof syncToastLevel>;

export const notificationPreferences = z.object({
  syncToasts: syncToastLevel,
  dailyDigest: z.boolean(),
}) satisfies z.ZodType<NotificationPreferences>;

export const sessionUser = z.object({
  _id: id,
  name: z.string(),
  email: z.string(),
  organizationId: id,
  role,
  /** Set by a temporary password; until changed only me, change-password and logout work. */
  mustChangePassword: z.boolean(),
  phone: z.string().nullable(),
  language,
  notifications: notificationPreferences,
});
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionOrganization = z.object({ _id: id, name: z.string() });
export type SessionOrganization = z.infer<typeof sessionOrganization>;

const authToken = z.object({ accessToken: z.string(), expiresAt: z.string() });
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

// ---------------------------------------------------------------------------------------------
// Own account and sessions

/** `PUT /auth/me`: the signed-in user's own profile and choices; omitted fields stay. */
export const updateMeBody = z.strictObject({
  name: requiredText(LIMITS.name).optional(),
  phone: optionalPhone,
  language: language.optional(),
  notifications: notificationPreferences.partial().strict().optional(),
});
export type UpdateMeBody = z.input<typeof updateMeBody>;

export const changePasswordBody = z.strictObject({
  currentPassword: passwordText().min(1).max(1024),
  newPassword,
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const sessionInfo = z.object({
  _id: id,
  createdAt: timestamp,
  lastUsedAt: timestamp,
  userAgent: z.string().nullable(),
  /** The session making this request. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;
export const sessionList = z.object({ data: z.array(sessionInfo) });

// ---------------------------------------------------------------------------------------------
// Password recovery by emailed code

export const forgotPasswordBody = z.strictObject({ email });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const verifyCodeBody = z.strictObject({
  email,
  // Spaces as copied from a mail are ignored.
  code: plainText()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^[0-9]{6}$/, { error: 'resetCode' })),
});
export type VerifyCodeBody = z.input<typeof verifyCodeBody>;
export const verifyCodeData = z.object({ resetToken: z.string() });
export type VerifyCodeData = z.infer<typeof verifyCodeData>;

export const resetPasswordBody = z.strictObject({
  resetToken: plainText().min(1).max(200),
  password: newPassword,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** `GET /auth/options`: what the sign-in pages may offer on this server. */
export const authOptions = z.object({ emailRecovery: z.boolean() });
export type AuthOptions = z.infer<typeof authOptions>;

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const authAuditEntities = { user: null, session: null } as const;
