import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

// Organizations, users, sessions and login attempts are looked up before a tenant is known
// (sign-in by email, session by token), so they are keyed globally. On a sharded deployment they
// become reference tables; every table holding business data is keyed by organization.

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'staff'] }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_organization_idx').on(t.organizationId),
    check('users_role_check', sql`${t.role} in ('owner', 'admin', 'staff')`),
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.attemptedAt),
    index('login_attempts_ip_idx').on(t.ip, t.attemptedAt),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    bodyHash: text('body_hash').notNull(),
    /** null while the first request is still running. */
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** Columns every tenant table starts with; the primary key is (organization_id, id). */
const tenantColumns = () => ({
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull(),
});

/**
 * A referencing tenant table points at (organization_id, id), so a row can never reference another
 * organization's record, e.g.
 * foreignKey({ columns: [t.organizationId, t.merchantId], foreignColumns: [merchants.organizationId, merchants.id] }).
 */
export const merchants = pgTable(
  'merchants',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    contactPerson: text('contact_person'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    city: text('city'),
    gstin: text('gstin'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'merchants_pkey', columns: [t.organizationId, t.id] }),
    // Plain ascending: scanned backwards it serves the default `-createdAt, -_id` order exactly
    // (DESC NULLS FIRST), forwards it serves `createdAt`.
    index('merchants_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('merchants_org_name_idx').on(t.organizationId, sql`lower(${t.name})`, t.id),
  ],
);
