import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, recordVersion, timestamps } from './columns.ts';

// Organizations, users, sessions and login attempts are looked up before a tenant is known
// (sign-in by email, session by token), so they are keyed globally. On a sharded deployment they
// become reference tables; every table holding business data is keyed by organization.

/** The organization's profile: what bills print as the seller. */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    legalName: text('legal_name'),
    address: text('address'),
    city: text('city'),
    /** Two-digit GST state code. */
    state: text('state'),
    pincode: text('pincode'),
    phone: text('phone'),
    email: text('email'),
    gstin: text('gstin'),
    pan: text('pan'),
    udyamNumber: text('udyam_number'),
    upiId: text('upi_id'),
    billPrefix: text('bill_prefix').notNull().default('INV'),
    creditNotePrefix: text('credit_note_prefix').notNull().default('CN'),
    debitNotePrefix: text('debit_note_prefix').notNull().default('DN'),
    defaultSac: text('default_sac'),
    defaultGstRate: integer('default_gst_rate').notNull().default(5),
    paymentTermsDays: integer('payment_terms_days').notNull().default(15),
    billTerms: text('bill_terms'),
    /** Whether bills and statements offer "Share on WhatsApp" (the Apps page switches it). */
    whatsappSharing: boolean('whatsapp_sharing').notNull().default(true),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    check('organizations_gst_rate_check', sql`${t.defaultGstRate} in (0, 5, 12, 18, 28)`),
    check('organizations_payment_terms_check', sql`${t.paymentTermsDays} between 0 and 365`),
  ],
);

/** The organization a row belongs to; the row goes when its organization is deleted. */
export const tenantReference = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    organizationId: tenantReference(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'staff'] }).notNull(),
    phone: text('phone'),
    /** An inactive user cannot sign in; users are never deleted, so history keeps its names. */
    isActive: boolean('is_active').notNull().default(true),
    /** Set by a temporary password (new user, reset by a manager). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The interface language last chosen; mail to the user is written in it. */
    language: text('language', { enum: ['en', 'gu', 'hi'] })
      .notNull()
      .default('en'),
    notifySyncToasts: text('notify_sync_toasts', { enum: ['all', 'problems', 'none'] })
      .notNull()
      .default('all'),
    notifyDailyDigest: boolean('notify_daily_digest').notNull().default(false),
    /** The local day the last digest went out, so a restart never sends one twice. */
    digestSentOn: date('digest_sent_on', { mode: 'string' }),
    /** Last use of any session (kept at the sessions' hourly precision). */
    lastSeenAt: instant('last_seen_at'),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_organization_idx').on(t.organizationId),
    check('users_role_check', sql`${t.role} in ('owner', 'admin', 'staff')`),
    check('users_language_check', sql`${t.language} in ('en', 'gu', 'hi')`),
    check(
      'users_notify_sync_toasts_check',
      sql`${t.notifySyncToasts} in ('all', 'problems', 'none')`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the access token (hex); the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    /** What the user sees and revokes in their sessions list; the token hash never leaves. */
    id: uuid('id').notNull().defaultRandom(),
    userAgent: text('user_agent'),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** Updated with the sliding expiry, so at most once an hour. */
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    uniqueIndex('sessions_id_unique').on(t.id),
  ],
);

/**
 * A mailed password-recovery code. Each request adds a row (the newest live one is the only one
 * that counts, and the rows of the last hour limit how many are sent).
 */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the code (hex); the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    failedTries: integer('failed_tries').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    /** Set when the code was exchanged for a reset token; it cannot be used again. */
    usedAt: instant('used_at'),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.userId, t.createdAt)],
);

/** What a verified code is exchanged for: lets one new password be set, once, soon. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    /** SHA-256 of the token (hex). */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * The audit trail: one row per successful write, added in the write's transaction. A trigger
 * (migration 0006) refuses UPDATE and DELETE, so history cannot be rewritten, not even by a bug.
 * It has no foreign keys on purpose: entries outlive the records and users they name.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id').notNull(),
    at: instant('at').notNull().defaultNow(),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id'),
    changes: jsonb('changes').notNull().default({}),
  },
  (t) => [
    index('audit_log_org_at_idx').on(t.organizationId, t.at, t.id),
    index('audit_log_org_entity_idx').on(t.organizationId, t.entity, t.entityId, t.at),
    index('audit_log_org_user_idx').on(t.organizationId, t.userId, t.at),
  ],
);

/**
 * Attempts that are limited per client address (server/modules/auth/attempt-throttle.ts): failed
 * sign-ins, and every recovery code check and code request, told apart by `action`.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    action: text('action', { enum: ['signIn', 'codeCheck', 'recoveryRequest'] }).notNull(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    attemptedAt: instant('attempted_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.attemptedAt),
    index('login_attempts_ip_action_idx').on(t.ip, t.action, t.attemptedAt),
  ],
);

/**
 * A sign-up waiting for its email to be confirmed (only when the server can send mail): the
 * account is created from this row once the code mailed to the address comes back.
 */
export const pendingSignups = pgTable(
  'pending_signups',
  {
    /** Lower-cased; a new sign-up for the same address replaces the waiting one. */
    email: text('email').primaryKey(),
    organizationName: text('organization_name').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** SHA-256 of the mailed code (hex); the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('pending_signups_expires_idx').on(t.expiresAt)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationId: tenantReference(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    bodyHash: text('body_hash').notNull(),
    /** null while the first request is still running. */
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
