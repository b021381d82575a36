import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BILL_NOTE_KINDS,
  BILL_NOTE_REASONS,
  BILL_NOTE_STATUSES,
} from '../../contract/bill-notes.ts';
import { BILL_STATUSES, BILL_TYPES } from '../../contract/bills.ts';
import { ORDER_STATUSES } from '../../contract/orders.ts';

/** Grows by one with every change; a write names the version it read. */
const recordVersion = {
  version: integer('version').notNull().default(1),
};

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

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
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Updated with the sliding expiry, so at most once an hour. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when the code was exchanged for a reset token; it cannot be used again. */
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
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
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
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
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
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
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('pending_signups_expires_idx').on(t.expiresAt)],
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
    /** Two-digit GST state code; taken from the GSTIN when one is given. */
    state: text('state'),
    notes: text('notes'),
    ...recordVersion,
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

/** Money: numeric(14,2) in the database, a JSON number in the API. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** A calendar date travelling as `yyyy-MM-dd`. */
const calendarDate = (name: string) => date(name, { mode: 'string' });

const PAYMENT_METHODS = sql`('cash', 'bank_transfer', 'upi', 'cheque')`;

export const designs = pgTable(
  'designs',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    designCode: text('design_code').notNull(),
    description: text('description'),
    rate: money('rate'),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'designs_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('designs_org_code_unique').on(t.organizationId, sql`lower(${t.designCode})`),
    index('designs_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('designs_org_name_idx').on(t.organizationId, sql`lower(${t.name})`, t.id),
    check('designs_rate_check', sql`${t.rate} is null or ${t.rate} >= 0`),
  ],
);

export const bankDetails = pgTable(
  'bank_details',
  {
    ...tenantColumns(),
    bankName: text('bank_name').notNull(),
    accountHolderName: text('account_holder_name'),
    accountNumber: text('account_number').notNull(),
    ifscCode: text('ifsc_code').notNull(),
    branch: text('branch'),
    isActive: boolean('is_active').notNull().default(false),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'bank_details_pkey', columns: [t.organizationId, t.id] }),
    // At most one active account per organization, whatever the application does.
    uniqueIndex('bank_details_one_active')
      .on(t.organizationId)
      .where(sql`${t.isActive}`),
    index('bank_details_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('bank_details_org_bank_name_idx').on(t.organizationId, sql`lower(${t.bankName})`, t.id),
  ],
);

export const workers = pgTable(
  'workers',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    phone: text('phone'),
    address: text('address'),
    designation: text('designation'),
    joiningDate: calendarDate('joining_date').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    salaryType: text('salary_type', { enum: ['monthly', 'daily', 'piece_rate'] }),
    baseSalary: money('base_salary'),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'workers_pkey', columns: [t.organizationId, t.id] }),
    index('workers_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('workers_org_name_idx').on(t.organizationId, sql`lower(${t.name})`, t.id),
    index('workers_org_joining_idx').on(t.organizationId, t.joiningDate, t.id),
    check(
      'workers_salary_type_check',
      sql`${t.salaryType} is null or ${t.salaryType} in ('monthly', 'daily', 'piece_rate')`,
    ),
    check('workers_base_salary_check', sql`${t.baseSalary} is null or ${t.baseSalary} >= 0`),
  ],
);

export const workerSalaries = pgTable(
  'worker_salaries',
  {
    ...tenantColumns(),
    workerId: uuid('worker_id').notNull(),
    paymentType: text('payment_type', {
      enum: ['salary', 'advance', 'bonus', 'overtime'],
    }).notNull(),
    paymentMethod: text('payment_method', {
      enum: ['cash', 'bank_transfer', 'upi', 'cheque'],
    }).notNull(),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    paymentDate: calendarDate('payment_date').notNull(),
    amount: money('amount').notNull(),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'worker_salaries_pkey', columns: [t.organizationId, t.id] }),
    // No cascade: a worker with salary entries is deactivated, never deleted.
    foreignKey({
      name: 'worker_salaries_worker_fk',
      columns: [t.organizationId, t.workerId],
      foreignColumns: [workers.organizationId, workers.id],
    }).onDelete('restrict'),
    index('worker_salaries_org_payment_date_idx').on(t.organizationId, t.paymentDate, t.id),
    index('worker_salaries_org_worker_idx').on(t.organizationId, t.workerId, t.paymentDate),
    index('worker_salaries_org_period_idx').on(t.organizationId, t.year, t.month),
    check(
      'worker_salaries_payment_type_check',
      sql`${t.paymentType} in ('salary', 'advance', 'bonus', 'overtime')`,
    ),
    check('worker_salaries_payment_method_check', sql`${t.paymentMethod} in ${PAYMENT_METHODS}`),
    check('worker_salaries_month_check', sql`${t.month} between 1 and 12`),
    check('worker_salaries_year_check', sql`${t.year} between 2000 and 2100`),
    check('worker_salaries_amount_check', sql`${t.amount} > 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    ...tenantColumns(),
    merchantId: uuid('merchant_id').notNull(),
    poNumber: text('po_number').notNull(),
    orderDate: calendarDate('order_date').notNull(),
    deliveryDate: calendarDate('delivery_date'),
    isPaid: boolean('is_paid').notNull().default(false),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    notes: text('notes'),
    // Kept in step with the lines in the same transaction, so lists sort and sum without joins.
    totalQuantity: integer('total_quantity').notNull().default(0),
    totalAmount: money('total_amount').notNull().default(0),
    /** The live bill the order is on; cleared when that bill is cancelled. */
    billId: uuid('bill_id'),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'orders_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'orders_merchant_fk',
      columns: [t.organizationId, t.merchantId],
      foreignColumns: [merchants.organizationId, merchants.id],
    }).onDelete('restrict'),
    // MATCH SIMPLE: an order on no bill (null bill_id) is not checked.
    foreignKey({
      name: 'orders_bill_fk',
      columns: [t.organizationId, t.billId],
      foreignColumns: [bills.organizationId, bills.id],
    }).onDelete('restrict'),
    index('orders_org_bill_idx').on(t.organizationId, t.billId),
    index('orders_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    // Carries every column the order reports read, so a report over a period (or all time)
    // is an index-only scan of the organization's slice instead of a scan of the whole table.
    index('orders_org_order_date_idx').on(
      t.organizationId,
      t.orderDate,
      t.id,
      t.status,
      t.isPaid,
      t.totalQuantity,
      t.totalAmount,
      t.merchantId,
    ),
    index('orders_org_status_date_idx').on(t.organizationId, t.status, t.orderDate),
    // Also covers the report columns: a report by merchant reads it in merchant order, index only.
    index('orders_org_merchant_date_idx').on(
      t.organizationId,
      t.merchantId,
      t.orderDate,
      t.status,
      t.isPaid,
      t.totalQuantity,
      t.totalAmount,
    ),
    index('orders_org_total_idx').on(t.organizationId, t.totalAmount, t.id),
    // Sorting by PO number pages through this index; the trailing plain column lets the
    // substring filter and its count read the index alone.
    index('orders_org_po_number_idx').on(
      t.organizationId,
      sql`lower(${t.poNumber})`,
      t.id,
      t.poNumber,
    ),
    check(
      'orders_status_check',
      sql`${t.status} in ('pending', 'in_progress', 'completed', 'delivered', 'cancelled')`,
    ),
  ],
);

/**
 * Orders summed per organization, day, status and payment, so reports over long periods read a
 * few rows per day instead of every order. Kept exact by statement-level triggers on `orders`
 * (migration 0003); a key whose last order goes away loses its row, so every row has orders.
 */
export const orderDailyTotals = pgTable(
  'order_daily_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    orderDate: calendarDate('order_date').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    isPaid: boolean('is_paid').notNull(),
    orderCount: integer('order_count').notNull(),
    totalQuantity: bigint('total_quantity', { mode: 'number' }).notNull(),
    // Wider than an order's numeric(14,2): a day's sum of many orders must not overflow.
    totalAmount: numeric('total_amount', { precision: 18, scale: 2, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'order_daily_totals_pkey',
      columns: [t.organizationId, t.orderDate, t.status, t.isPaid],
    }),
  ],
);

/**
 * All-time order figures per merchant, status and paid flag, kept exact by triggers on orders the
 * same way as the per-day totals: a report grouped by merchant over all time sums a few rows per
 * merchant instead of every order (migration 0015).
 */
export const orderMerchantTotals = pgTable(
  'order_merchant_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    isPaid: boolean('is_paid').notNull(),
    orderCount: integer('order_count').notNull(),
    totalQuantity: bigint('total_quantity', { mode: 'number' }).notNull(),
    totalAmount: numeric('total_amount', { precision: 18, scale: 2, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'order_merchant_totals_pkey',
      columns: [t.organizationId, t.merchantId, t.status, t.isPaid],
    }),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    ...tenantColumns(),
    orderId: uuid('order_id').notNull(),
    /** Keeps the lines in the order the user entered them. */
    position: integer('position').notNull(),
    designId: uuid('design_id').notNull(),
    quantity: integer('quantity').notNull(),
    rate: money('rate').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ name: 'order_lines_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'order_lines_order_fk',
      columns: [t.organizationId, t.orderId],
      foreignColumns: [orders.organizationId, orders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'order_lines_design_fk',
      columns: [t.organizationId, t.designId],
      foreignColumns: [designs.organizationId, designs.id],
    }).onDelete('restrict'),
    index('order_lines_org_order_idx').on(t.organizationId, t.orderId, t.position),
    index('order_lines_org_design_idx').on(t.organizationId, t.designId),
    check('order_lines_quantity_check', sql`${t.quantity} between 1 and 1000000`),
    check('order_lines_rate_check', sql`${t.rate} >= 0`),
  ],
);

export const expenses = pgTable(
  'expenses',
  {
    ...tenantColumns(),
    category: text('category').notNull(),
    amount: money('amount').notNull(),
    expenseDate: calendarDate('expense_date').notNull(),
    description: text('description'),
    paymentMethod: text('payment_method', { enum: ['cash', 'bank_transfer', 'upi', 'cheque'] }),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'expenses_pkey', columns: [t.organizationId, t.id] }),
    index('expenses_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('expenses_org_date_idx').on(t.organizationId, t.expenseDate, t.id),
    index('expenses_org_category_idx').on(t.organizationId, t.category, t.expenseDate),
    index('expenses_org_amount_idx').on(t.organizationId, t.amount, t.id),
    check('expenses_amount_check', sql`${t.amount} > 0`),
    check(
      'expenses_payment_method_check',
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ${PAYMENT_METHODS}`,
    ),
  ],
);

/**
 * A bill: never deleted (a mistake is cancelled and billed again), so its number stays used.
 * Money is computed by the database from the orders' lines when the bill is made; the seller and
 * the buyer are copied so a later profile or merchant change leaves an issued bill as printed.
 */
export const bills = pgTable(
  'bills',
  {
    ...tenantColumns(),
    /** `{prefix}/{financial year}/{sequence}`, from `bill_counters`. */
    number: text('number').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    billDate: calendarDate('bill_date').notNull(),
    dueDate: calendarDate('due_date').notNull(),
    billType: text('bill_type', { enum: BILL_TYPES }).notNull(),
    gstRate: integer('gst_rate').notNull(),
    sac: text('sac'),
    placeOfSupply: text('place_of_supply').notNull(),
    taxableAmount: money('taxable_amount').notNull(),
    cgstAmount: money('cgst_amount').notNull(),
    sgstAmount: money('sgst_amount').notNull(),
    igstAmount: money('igst_amount').notNull(),
    roundOff: money('round_off').notNull(),
    totalAmount: money('total_amount').notNull(),
    /** Kept by payments; a bill with payments allocated cannot be cancelled. */
    paidAmount: money('paid_amount').notNull().default(0),
    status: text('status', { enum: BILL_STATUSES }).notNull().default('unpaid'),
    seller: jsonb('seller').notNull(),
    merchant: jsonb('merchant').notNull(),
    notes: text('notes'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'bills_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'bills_merchant_fk',
      columns: [t.organizationId, t.merchantId],
      foreignColumns: [merchants.organizationId, merchants.id],
    }).onDelete('restrict'),
    uniqueIndex('bills_org_number_unique').on(t.organizationId, t.number),
    index('bills_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('bills_org_bill_date_idx').on(t.organizationId, t.billDate, t.id),
    index('bills_org_due_date_idx').on(t.organizationId, t.dueDate, t.id),
    index('bills_org_total_idx').on(t.organizationId, t.totalAmount, t.id),
    index('bills_org_merchant_date_idx').on(t.organizationId, t.merchantId, t.billDate),
    index('bills_org_status_date_idx').on(t.organizationId, t.status, t.billDate),
    check('bills_bill_type_check', sql`${t.billType} in ('tax_invoice', 'bill_of_supply')`),
    check('bills_status_check', sql`${t.status} in ('unpaid', 'partly_paid', 'paid', 'cancelled')`),
    check('bills_gst_rate_check', sql`${t.gstRate} in (0, 5, 12, 18, 28)`),
    check(
      'bills_paid_amount_check',
      sql`${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.totalAmount}`,
    ),
    check('bills_due_date_check', sql`${t.dueDate} >= ${t.billDate}`),
  ],
);

/** The order lines as billed: copies, so the bill prints the same after the order changes. */
export const billLines = pgTable(
  'bill_lines',
  {
    ...tenantColumns(),
    billId: uuid('bill_id').notNull(),
    position: integer('position').notNull(),
    orderId: uuid('order_id').notNull(),
    poNumber: text('po_number').notNull(),
    designCode: text('design_code').notNull(),
    designName: text('design_name').notNull(),
    quantity: integer('quantity').notNull(),
    rate: money('rate').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ name: 'bill_lines_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'bill_lines_bill_fk',
      columns: [t.organizationId, t.billId],
      foreignColumns: [bills.organizationId, bills.id],
    }).onDelete('restrict'),
    index('bill_lines_org_bill_idx').on(t.organizationId, t.billId, t.position),
  ],
);

/**
 * Which orders a bill was made from. `is_live` is cleared when the bill is cancelled; the partial
 * unique index is the database's guarantee that an order is on at most one live bill.
 */
export const billOrders = pgTable(
  'bill_orders',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    billId: uuid('bill_id').notNull(),
    orderId: uuid('order_id').notNull(),
    isLive: boolean('is_live').notNull().default(true),
  },
  (t) => [
    primaryKey({ name: 'bill_orders_pkey', columns: [t.organizationId, t.billId, t.orderId] }),
    foreignKey({
      name: 'bill_orders_bill_fk',
      columns: [t.organizationId, t.billId],
      foreignColumns: [bills.organizationId, bills.id],
    }).onDelete('restrict'),
    // An order of a cancelled bill may be deleted; the bill keeps its copied lines.
    foreignKey({
      name: 'bill_orders_order_fk',
      columns: [t.organizationId, t.orderId],
      foreignColumns: [orders.organizationId, orders.id],
    }).onDelete('cascade'),
    uniqueIndex('bill_orders_one_live_bill')
      .on(t.organizationId, t.orderId)
      .where(sql`${t.isLive}`),
  ],
);

/**
 * The last number given per organization, prefix and financial year. Taken with
 * `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` in the bill's transaction: the row stays locked
 * until the bill commits, so numbers are consecutive, and a bill that fails gives its number back.
 */
export const billCounters = pgTable(
  'bill_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    /** e.g. `2026-27`. */
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'bill_counters_pkey',
      columns: [t.organizationId, t.prefix, t.financialYear],
    }),
  ],
);

/**
 * A credit or debit note against a live bill: never deleted, so its number stays used. Rate,
 * split and place of supply are the bill's; the seller and buyer are the bill's copies, so the
 * note prints as the bill did. A credit note adds `applied_amount` to its bill's `paid_amount`
 * (what exceeded the bill's balance is the merchant's advance); a debit note is owed like a bill.
 */
export const billNotes = pgTable(
  'bill_notes',
  {
    ...tenantColumns(),
    /** `{prefix}/{financial year}/{sequence}`, from `bill_note_counters`. */
    number: text('number').notNull(),
    kind: text('kind', { enum: BILL_NOTE_KINDS }).notNull(),
    billId: uuid('bill_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    noteDate: calendarDate('note_date').notNull(),
    /** A debit note's; a credit note is never owed. */
    dueDate: calendarDate('due_date'),
    reason: text('reason', { enum: BILL_NOTE_REASONS }).notNull(),
    gstRate: integer('gst_rate').notNull(),
    sac: text('sac'),
    placeOfSupply: text('place_of_supply').notNull(),
    taxableAmount: money('taxable_amount').notNull(),
    cgstAmount: money('cgst_amount').notNull(),
    sgstAmount: money('sgst_amount').notNull(),
    igstAmount: money('igst_amount').notNull(),
    roundOff: money('round_off').notNull(),
    totalAmount: money('total_amount').notNull(),
    /** Credit note: the part of its total that settled the bill. */
    appliedAmount: money('applied_amount').notNull().default(0),
    /** Debit note: what payments settled of it. */
    paidAmount: money('paid_amount').notNull().default(0),
    status: text('status', { enum: BILL_NOTE_STATUSES }).notNull(),
    seller: jsonb('seller').notNull(),
    merchant: jsonb('merchant').notNull(),
    notes: text('notes'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'bill_notes_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'bill_notes_bill_fk',
      columns: [t.organizationId, t.billId],
      foreignColumns: [bills.organizationId, bills.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'bill_notes_merchant_fk',
      columns: [t.organizationId, t.merchantId],
      foreignColumns: [merchants.organizationId, merchants.id],
    }).onDelete('restrict'),
    uniqueIndex('bill_notes_org_number_unique').on(t.organizationId, t.number),
    index('bill_notes_org_date_idx').on(t.organizationId, t.noteDate, t.id),
    index('bill_notes_org_bill_idx').on(t.organizationId, t.billId),
    index('bill_notes_org_merchant_date_idx').on(t.organizationId, t.merchantId, t.noteDate),
    check('bill_notes_kind_check', sql`${t.kind} in ('credit', 'debit')`),
    check(
      'bill_notes_reason_check',
      sql`${t.reason} in ('sales_return', 'post_sale_discount', 'deficiency_in_service', 'correction_in_invoice', 'change_in_pos', 'finalization_of_provisional_assessment', 'others')`,
    ),
    check(
      'bill_notes_status_check',
      sql`(${t.kind} = 'credit' and ${t.status} in ('issued', 'cancelled'))
        or (${t.kind} = 'debit' and ${t.status} in ('unpaid', 'partly_paid', 'paid', 'cancelled'))`,
    ),
    check('bill_notes_gst_rate_check', sql`${t.gstRate} in (0, 5, 12, 18, 28)`),
    check('bill_notes_taxable_amount_check', sql`${t.taxableAmount} > 0`),
    check(
      'bill_notes_applied_amount_check',
      sql`${t.appliedAmount} >= 0 and ${t.appliedAmount} <= ${t.totalAmount}
        and (${t.kind} = 'credit' or ${t.appliedAmount} = 0)`,
    ),
    check(
      'bill_notes_paid_amount_check',
      sql`${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.totalAmount}
        and (${t.kind} = 'debit' or ${t.paidAmount} = 0)`,
    ),
    check(
      'bill_notes_due_date_check',
      sql`(${t.kind} = 'credit' and ${t.dueDate} is null)
        or (${t.kind} = 'debit' and ${t.dueDate} >= ${t.noteDate})`,
    ),
  ],
);

/**
 * The last note number per organization, kind and financial year, taken like `bill_counters`:
 * the upserted row stays locked until the note commits, so the series has no gap and no duplicate.
 * Keyed by kind, not prefix, so a renamed prefix carries on its kind's sequence.
 */
export const billNoteCounters = pgTable(
  'bill_note_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BILL_NOTE_KINDS }).notNull(),
    /** e.g. `2026-27`. */
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'bill_note_counters_pkey',
      columns: [t.organizationId, t.kind, t.financialYear],
    }),
    check('bill_note_counters_kind_check', sql`${t.kind} in ('credit', 'debit')`),
  ],
);

/**
 * Money received from a merchant. `amount + tds_amount` settles bills through
 * `payment_allocations`; what no bill took is the merchant's advance.
 */
export const payments = pgTable(
  'payments',
  {
    ...tenantColumns(),
    merchantId: uuid('merchant_id').notNull(),
    paymentDate: calendarDate('payment_date').notNull(),
    amount: money('amount').notNull(),
    method: text('method', { enum: ['cash', 'bank_transfer', 'upi', 'cheque'] }).notNull(),
    reference: text('reference'),
    tdsAmount: money('tds_amount').notNull().default(0),
    notes: text('notes'),
    /** Sum of the payment's allocations, kept by the allocation trigger. */
    allocatedAmount: money('allocated_amount').notNull().default(0),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'payments_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'payments_merchant_fk',
      columns: [t.organizationId, t.merchantId],
      foreignColumns: [merchants.organizationId, merchants.id],
    }).onDelete('restrict'),
    index('payments_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('payments_org_date_idx').on(t.organizationId, t.paymentDate, t.id),
    index('payments_org_amount_idx').on(t.organizationId, t.amount, t.id),
    index('payments_org_merchant_date_idx').on(t.organizationId, t.merchantId, t.paymentDate),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_tds_amount_check', sql`${t.tdsAmount} >= 0`),
    check('payments_method_check', sql`${t.method} in ${PAYMENT_METHODS}`),
    check(
      'payments_allocated_amount_check',
      sql`${t.allocatedAmount} >= 0 and ${t.allocatedAmount} <= ${t.amount} + ${t.tdsAmount}`,
    ),
  ],
);

/**
 * How much of a payment settled which bill. A trigger adds each change to the bill's
 * `paid_amount` (whose check keeps it within the bill's total) and the payment's
 * `allocated_amount`, so two payments at once can never take a bill past its total.
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').notNull(),
    billId: uuid('bill_id').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'payment_allocations_pkey',
      columns: [t.organizationId, t.paymentId, t.billId],
    }),
    foreignKey({
      name: 'payment_allocations_payment_fk',
      columns: [t.organizationId, t.paymentId],
      foreignColumns: [payments.organizationId, payments.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'payment_allocations_bill_fk',
      columns: [t.organizationId, t.billId],
      foreignColumns: [bills.organizationId, bills.id],
    }).onDelete('restrict'),
    index('payment_allocations_org_bill_idx').on(t.organizationId, t.billId),
    check('payment_allocations_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * How much of a payment settled which debit note: a debit note is owed like a bill. Its trigger
 * moves the note's `paid_amount` and status and the payment's `allocated_amount` as
 * `payment_allocations` does for bills, and the note's check keeps it within its total.
 */
export const paymentNoteAllocations = pgTable(
  'payment_note_allocations',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').notNull(),
    billNoteId: uuid('bill_note_id').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'payment_note_allocations_pkey',
      columns: [t.organizationId, t.paymentId, t.billNoteId],
    }),
    foreignKey({
      name: 'payment_note_allocations_payment_fk',
      columns: [t.organizationId, t.paymentId],
      foreignColumns: [payments.organizationId, payments.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'payment_note_allocations_note_fk',
      columns: [t.organizationId, t.billNoteId],
      foreignColumns: [billNotes.organizationId, billNotes.id],
    }).onDelete('restrict'),
    index('payment_note_allocations_org_note_idx').on(t.organizationId, t.billNoteId),
    check('payment_note_allocations_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Each merchant's all-time figures for the dues report: live (not cancelled) bills and what they
 * total, payments and what they brought in with their TDS. The report reads one row per merchant
 * instead of summing every bill and payment, and for a past date subtracts what is dated after
 * it. Kept exact by triggers on `bills` and `payments` (migration 0012); a merchant whose last
 * bill or payment goes away keeps a row of zeros.
 */
export const merchantBalances = pgTable(
  'merchant_balances',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id').notNull(),
    billCount: integer('bill_count').notNull().default(0),
    // Wider than a bill's numeric(14,2): a merchant's sum of many bills must not overflow.
    billedAmount: numeric('billed_amount', { precision: 18, scale: 2, mode: 'string' })
      .notNull()
      .default('0'),
    paymentCount: integer('payment_count').notNull().default(0),
    receivedAmount: numeric('received_amount', { precision: 18, scale: 2, mode: 'string' })
      .notNull()
      .default('0'),
  },
  (t) => [
    primaryKey({ name: 'merchant_balances_pkey', columns: [t.organizationId, t.merchantId] }),
    foreignKey({
      name: 'merchant_balances_merchant_fk',
      columns: [t.organizationId, t.merchantId],
      foreignColumns: [merchants.organizationId, merchants.id],
    }).onDelete('cascade'),
  ],
);
/**
 * The organization's production stages in order (position 0 first); the last one is where a job
 * card finishes. Every organization gets the embroidery defaults when it is made.
 */
export const productionStages = pgTable(
  'production_stages',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'production_stages_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('production_stages_org_name_unique').on(t.organizationId, sql`lower(${t.name})`),
    uniqueIndex('production_stages_org_position_unique').on(t.organizationId, t.position),
  ],
);

/**
 * One card per order line. Its design and quantity are the line's, copied because an order with
 * cards keeps its lines. `pieces_done` and `pieces_rejected` are the sums of the card's
 * production entries, kept by the entries' trigger; the check keeps them within the quantity
 * even when entries arrive at once.
 */
export const jobCards = pgTable(
  'job_cards',
  {
    ...tenantColumns(),
    orderId: uuid('order_id').notNull(),
    orderLineId: uuid('order_line_id').notNull(),
    designId: uuid('design_id').notNull(),
    quantity: integer('quantity').notNull(),
    stageId: uuid('stage_id').notNull(),
    /**
     * The order's delivery date, copied so the board sorts and filters a stage's cards from one
     * index without joining the orders; triggers keep it in step (migration 0014).
     */
    dueDate: calendarDate('due_date'),
    notes: text('notes'),
    piecesDone: integer('pieces_done').notNull().default(0),
    piecesRejected: integer('pieces_rejected').notNull().default(0),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'job_cards_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'job_cards_order_fk',
      columns: [t.organizationId, t.orderId],
      foreignColumns: [orders.organizationId, orders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'job_cards_order_line_fk',
      columns: [t.organizationId, t.orderLineId],
      foreignColumns: [orderLines.organizationId, orderLines.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'job_cards_design_fk',
      columns: [t.organizationId, t.designId],
      foreignColumns: [designs.organizationId, designs.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'job_cards_stage_fk',
      columns: [t.organizationId, t.stageId],
      foreignColumns: [productionStages.organizationId, productionStages.id],
    }).onDelete('restrict'),
    uniqueIndex('job_cards_org_line_unique').on(t.organizationId, t.orderLineId),
    index('job_cards_org_order_idx').on(t.organizationId, t.orderId),
    index('job_cards_org_stage_idx').on(t.organizationId, t.stageId, t.createdAt, t.id),
    index('job_cards_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('job_cards_org_stage_due_idx').on(t.organizationId, t.stageId, t.dueDate, t.id),
    check('job_cards_quantity_check', sql`${t.quantity} between 1 and 1000000`),
    check(
      'job_cards_pieces_within_quantity',
      sql`${t.piecesDone} >= 0 and ${t.piecesRejected} >= 0 and ${t.piecesDone} + ${t.piecesRejected} <= ${t.quantity}`,
    ),
  ],
);

/** Who works on a card. */
export const jobCardWorkers = pgTable(
  'job_card_workers',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    jobCardId: uuid('job_card_id').notNull(),
    workerId: uuid('worker_id').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'job_card_workers_pkey',
      columns: [t.organizationId, t.jobCardId, t.workerId],
    }),
    foreignKey({
      name: 'job_card_workers_card_fk',
      columns: [t.organizationId, t.jobCardId],
      foreignColumns: [jobCards.organizationId, jobCards.id],
    }).onDelete('cascade'),
    // An assignment is not a record to keep: deleting a worker (one with no wages) drops it.
    foreignKey({
      name: 'job_card_workers_worker_fk',
      columns: [t.organizationId, t.workerId],
      foreignColumns: [workers.organizationId, workers.id],
    }).onDelete('cascade'),
    index('job_card_workers_org_worker_idx').on(t.organizationId, t.workerId),
  ],
);

/**
 * Work logged against a card: pieces done and rejected by one worker on one day. `amount` is
 * computed by the database; a trigger adds every change to the card's piece counts.
 */
export const productionEntries = pgTable(
  'production_entries',
  {
    ...tenantColumns(),
    workerId: uuid('worker_id').notNull(),
    jobCardId: uuid('job_card_id').notNull(),
    workDate: calendarDate('work_date').notNull(),
    piecesDone: integer('pieces_done').notNull(),
    piecesRejected: integer('pieces_rejected').notNull().default(0),
    rate: money('rate').notNull(),
    amount: money('amount')
      .notNull()
      .generatedAlwaysAs(sql`(pieces_done * rate)::numeric(14,2)`),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'production_entries_pkey', columns: [t.organizationId, t.id] }),
    // Wages are paid from entries: a worker or card with entries is kept.
    foreignKey({
      name: 'production_entries_worker_fk',
      columns: [t.organizationId, t.workerId],
      foreignColumns: [workers.organizationId, workers.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'production_entries_card_fk',
      columns: [t.organizationId, t.jobCardId],
      foreignColumns: [jobCards.organizationId, jobCards.id],
    }).onDelete('restrict'),
    index('production_entries_org_date_idx').on(t.organizationId, t.workDate, t.id),
    index('production_entries_org_worker_date_idx').on(t.organizationId, t.workerId, t.workDate),
    index('production_entries_org_card_idx').on(t.organizationId, t.jobCardId),
    index('production_entries_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    check(
      'production_entries_pieces_check',
      sql`${t.piecesDone} between 0 and 1000000 and ${t.piecesRejected} between 0 and 1000000`,
    ),
    check('production_entries_rate_check', sql`${t.rate} >= 0`),
  ],
);

/**
 * A note on an order or a merchant. The subject is one of two nullable references, each a real
 * foreign key (a note can never point at another organization's record, and goes with its record
 * when that is deleted). `seq` orders a thread and is the clients' cursor: ids made by several API
 * servers need not sort in the order the notes arrived.
 */
export const notes = pgTable(
  'notes',
  {
    ...tenantColumns(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    subjectType: text('subject_type', { enum: ['order', 'merchant'] }).notNull(),
    orderId: uuid('order_id'),
    merchantId: uuid('merchant_id'),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    ...recordVersion,
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'notes_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'notes_order_fk',
      columns: [t.organizationId, t.orderId],
      foreignColumns: [orders.organizationId, orders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notes_merchant_fk',
      columns: [t.organizationId, t.merchantId],
      foreignColumns: [merchants.organizationId, merchants.id],
    }).onDelete('cascade'),
    // A thread's pages and the inbox's newest note per thread read these backwards.
    index('notes_org_order_seq_idx')
      .on(t.organizationId, t.orderId, t.seq)
      .where(sql`${t.orderId} is not null`),
    index('notes_org_merchant_seq_idx')
      .on(t.organizationId, t.merchantId, t.seq)
      .where(sql`${t.merchantId} is not null`),
    index('notes_org_seq_idx').on(t.organizationId, t.seq),
    check(
      'notes_subject_check',
      sql`(${t.subjectType} = 'order' and ${t.orderId} is not null and ${t.merchantId} is null)
        or (${t.subjectType} = 'merchant' and ${t.merchantId} is not null and ${t.orderId} is null)`,
    ),
  ],
);

/** How far each user has read each thread: notes after `read_seq` by others are unread. */
export const noteReads = pgTable(
  'note_reads',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type', { enum: ['order', 'merchant'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    readSeq: bigint('read_seq', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'note_reads_pkey',
      columns: [t.organizationId, t.userId, t.subjectType, t.subjectId],
    }),
    check('note_reads_subject_type_check', sql`${t.subjectType} in ('order', 'merchant')`),
  ],
);

/** Who a note names; goes with its note. */
export const noteMentions = pgTable(
  'note_mentions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    noteId: uuid('note_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'note_mentions_pkey', columns: [t.organizationId, t.noteId, t.userId] }),
    foreignKey({
      name: 'note_mentions_note_fk',
      columns: [t.organizationId, t.noteId],
      foreignColumns: [notes.organizationId, notes.id],
    }).onDelete('cascade'),
    // "Is the caller mentioned in an unread note" looks up by user.
    index('note_mentions_org_user_idx').on(t.organizationId, t.userId, t.noteId),
  ],
);

/**
 * One row per thread with its newest note and size, kept with every note written or deleted, so
 * the inbox sorts threads without grouping every note of the organization.
 */
export const noteThreads = pgTable(
  'note_threads',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type', { enum: ['order', 'merchant'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    // The same subject again as real references, so a deleted record takes its row along.
    orderId: uuid('order_id'),
    merchantId: uuid('merchant_id'),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    noteCount: integer('note_count').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'note_threads_pkey',
      columns: [t.organizationId, t.subjectType, t.subjectId],
    }),
    foreignKey({
      name: 'note_threads_order_fk',
      columns: [t.organizationId, t.orderId],
      foreignColumns: [orders.organizationId, orders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'note_threads_merchant_fk',
      columns: [t.organizationId, t.merchantId],
      foreignColumns: [merchants.organizationId, merchants.id],
    }).onDelete('cascade'),
    index('note_threads_org_last_idx').on(t.organizationId, t.lastSeq),
    check(
      'note_threads_subject_check',
      sql`(${t.subjectType} = 'order' and ${t.orderId} = ${t.subjectId} and ${t.merchantId} is null)
        or (${t.subjectType} = 'merchant' and ${t.merchantId} = ${t.subjectId} and ${t.orderId} is null)`,
    ),
  ],
);

/**
 * The landing page's setup checklist, put away by an owner or admin. Its steps tick from the
 * records themselves; only the dismissal is stored, once per organization.
 */
export const setupChecklistDismissals = pgTable('setup_checklist_dismissals', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  dismissedBy: uuid('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * A sample workshop (the demo data in an organization of its own) and the organization that asked
 * for it, at most one each. Neither column is `organization_id`, so the link stays out of backups
 * and of the tenant tables: it belongs to neither set of books. The opening token is what the new
 * tab redeems, once, for a session of the sample's owner; only its hash is kept.
 */
export const sampleWorkshops = pgTable(
  'sample_workshops',
  {
    sampleOrganizationId: uuid('sample_organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    realOrganizationId: uuid('real_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    openingTokenHash: text('opening_token_hash'),
    openingExpiresAt: timestamp('opening_expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('sample_workshops_real_unique').on(t.realOrganizationId),
    uniqueIndex('sample_workshops_opening_unique').on(t.openingTokenHash),
  ],
);
