import { asc, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Paged } from '../../../contract/common.ts';
import { can, type Role } from '../../../contract/permissions.ts';
import type { User, UserCreate, UserListParams, UserUpdate } from '../../../contract/users.ts';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/platform-tables.ts';
import { appendTenantAudit, auditChanges, type AuditEntryInput } from '../../lib/audit.ts';
import { mapDatabaseError } from '../../lib/db-errors.ts';
import { conflict, forbidden, staleVersion } from '../../lib/http-errors.ts';
import { containsTextInAny, equalsValue, orderByFor, pageInfo } from '../../lib/list-page.ts';
import { tenantScope, type TenantContext } from '../../lib/tenant.ts';
import { keysetRows } from '../../lib/csv-export.ts';
import { apiRecordSelection } from '../../lib/tenant-repository.ts';
import { FORBIDDEN_MESSAGE } from '../../lib/http-errors.ts';
import { DUPLICATE_EMAIL_MESSAGE } from '../auth/repository.ts';
import { revokeUserSessions } from '../auth/sessions.ts';

const LAST_OWNER_MESSAGE = 'The organization must keep at least one active owner';
const OWN_ACCOUNT_MESSAGE = 'You cannot change your own role or deactivate yourself';

/** Everything a user record shows; the password hash is never selected. */
const userColumns = {
  id: users.id,
  organizationId: users.organizationId,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  isActive: users.isActive,
  mustChangePassword: users.mustChangePassword,
  language: users.language,
  lastSeenAt: users.lastSeenAt,
  version: users.version,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

type UserRow = {
  [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K];
};

function toUser(row: UserRow): User {
  const { id, lastSeenAt, createdAt, updatedAt, ...fields } = row;
  return {
    _id: id,
    ...fields,
    lastSeenAt: lastSeenAt ? lastSeenAt.toISOString() : null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

const lowerName = sql`lower(${users.name})`;

const filters = {
  search: containsTextInAny(users.name, users.email, users.phone),
  role: equalsValue<Role>(users.role),
  isActive: equalsValue<boolean>(users.isActive),
};

const sortable = {
  name: lowerName,
  createdAt: users.createdAt,
  // Never signed in sorts as the oldest: last when the most recent come first.
  lastSeenAt: sql`coalesce(${users.lastSeenAt}, '-infinity'::timestamptz)`,
};

const MANAGED_ROLES: ReadonlySet<Role> = new Set(['owner', 'admin']);

/**
 * Managing staff is `users.manageStaff` (the route's permission); touching an owner or admin, or
 * making someone one, also needs `users.manageAdmins`.
 */
function assertMayManage(actorRole: Role, targetRole: Role | undefined, grantedRole?: Role) {
  const touchesManager =
    (targetRole !== undefined && MANAGED_ROLES.has(targetRole)) ||
    (grantedRole !== undefined && MANAGED_ROLES.has(grantedRole));
  if (touchesManager && !can(actorRole, 'users.manageAdmins')) throw forbidden(FORBIDDEN_MESSAGE);
}

function translateDuplicate(error: unknown): unknown {
  return (
    mapDatabaseError(error, {
      unique: { users_email_unique: { message: DUPLICATE_EMAIL_MESSAGE, path: 'email' } },
    }) ?? error
  );
}

/** Who acts: the tenant (organization and user id) and the role of the session. */
export interface Actor {
  tenant: TenantContext;
  role: Role;
}

function listConditions(query: Pick<UserListParams, 'search' | 'role' | 'isActive'>): SQL[] {
  const conditions: SQL[] = [];
  if (query.search) {
    const condition = filters.search(query.search);
    if (condition) conditions.push(condition);
  }
  if (query.role) conditions.push(filters.role(query.role));
  if (query.isActive !== undefined) conditions.push(filters.isActive(query.isActive));
  return conditions;
}

export async function listUsers(
  db: Database,
  tenant: TenantContext,
  query: UserListParams,
): Promise<Paged<User>> {
  const where = tenantScope(users, tenant, ...listConditions(query));
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  const totalCount = counted?.total ?? 0;
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(where)
    .orderBy(...orderByFor(query.sort ?? '-createdAt', sortable, users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return pageInfo(rows.map(toUser), totalCount, query.page, query.limit);
}

/** Every user the list query matches, in its order, page by page (the CSV export). */
export async function* exportUsers(
  db: Database,
  tenant: TenantContext,
  query: Omit<UserListParams, 'page' | 'limit'>,
): AsyncGenerator<User> {
  const { passwordHash: _hash, digestSentOn: _digest, ...shown } = getTableColumns(users);
  yield* keysetRows<Record<string, unknown>>(db, {
    select: apiRecordSelection(shown),
    from: sql`${users}`,
    where: tenantScope(users, tenant, ...listConditions(query)),
    sort: query.sort ?? '-createdAt',
    sortable,
    idColumn: users.id,
  }) as AsyncGenerator<User>;
}

/** The pick list: every user of the organization, inactive ones too, by name. */
export async function allUsers(db: Database, tenant: TenantContext): Promise<User[]> {
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(tenantScope(users, tenant))
    .orderBy(asc(lowerName), asc(users.id))
    .limit(1000);
  return rows.map(toUser);
}

export async function findUser(
  db: Database,
  tenant: TenantContext,
  id: string,
): Promise<User | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(tenantScope(users, tenant, eq(users.id, id)))
    .limit(1);
  return row ? toUser(row) : undefined;
}

async function lockUser(db: Database, tenant: TenantContext, id: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(tenantScope(users, tenant, eq(users.id, id)))
    .for('update');
  return row ? toUser(row) : undefined;
}

/**
 * Locks the organization's active owners in id order, so two requests that each remove a
 * different owner wait for one another (and never deadlock); the later one then sees the
 * earlier one's change and counts what is really left.
 */
async function lockActiveOwners(db: Database, tenant: TenantContext): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(tenantScope(users, tenant, eq(users.role, 'owner'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** What every write to a user row sets besides its changes. */
const nextUserVersion = () => ({
  version: sql`${users.version} + 1`,
  updatedAt: new Date(),
});

/** Writes `values` to the organization's user, as a new version. */
async function writeUser(
  tx: Database,
  tenant: TenantContext,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<User> {
  const [row] = await tx
    .update(users)
    .set({ ...values, ...nextUserVersion() })
    .where(tenantScope(users, tenant, eq(users.id, id)))
    .returning(userColumns);
  return toUser(row!);
}

function auditUser(
  tx: Database,
  tenant: TenantContext,
  action: AuditEntryInput['action'],
  id: string,
  changes: ReturnType<typeof auditChanges>,
) {
  return appendTenantAudit(tx, tenant, {
    action,
    entity: 'user',
    entityId: id,
    changes,
  });
}

export async function createUser(
  db: Database,
  actor: Actor,
  values: Omit<UserCreate, 'password'>,
  passwordHash: string,
): Promise<User> {
  assertMayManage(actor.role, undefined, values.role);
  const id = uuidv7();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          id,
          organizationId: actor.tenant.organizationId,
          name: values.name,
          email: values.email.toLowerCase(),
          phone: values.phone ?? null,
          role: values.role,
          isActive: values.isActive ?? true,
          passwordHash,
          mustChangePassword: true,
        })
        .returning(userColumns);
      const created = toUser(row!);
      await auditUser(tx, actor.tenant, 'create', id, auditChanges(undefined, created));
      return created;
    });
  } catch (error) {
    throw translateDuplicate(error);
  }
}

/**
 * Merges name, email, phone, role and isActive. Undefined when the user does not exist in the
 * organization. Deactivation ends the user's sessions in the same transaction, so their token
 * fails on its very next use.
 */
export async function updateUser(
  db: Database,
  actor: Actor,
  id: string,
  values: UserUpdate,
): Promise<User | undefined> {
  const changing = {
    ...(values.name !== undefined && { name: values.name }),
    ...(values.email !== undefined && { email: values.email.toLowerCase() }),
    ...(values.phone !== undefined && { phone: values.phone }),
    ...(values.role !== undefined && { role: values.role }),
    ...(values.isActive !== undefined && { isActive: values.isActive }),
  };
  try {
    return await db.transaction(async (tx) => {
      const mayRemoveOwner = values.role !== undefined || values.isActive === false;
      const owners = mayRemoveOwner ? await lockActiveOwners(tx, actor.tenant) : [];
      const before = await lockUser(tx, actor.tenant, id);
      if (!before) return undefined;
      assertMayManage(actor.role, before.role, values.role);
      if (before.version !== values.version) throw staleVersion(before);

      const roleChanges = changing.role !== undefined && changing.role !== before.role;
      const deactivates = changing.isActive === false && before.isActive;
      if (before._id === actor.tenant.userId && (roleChanges || deactivates)) {
        throw conflict(OWN_ACCOUNT_MESSAGE, { code: 'own_account' });
      }
      const removesOwner =
        before.role === 'owner' && before.isActive && (roleChanges || deactivates);
      if (removesOwner && !owners.some((ownerId) => ownerId !== before._id)) {
        throw conflict(LAST_OWNER_MESSAGE, { code: 'last_owner' });
      }

      const after = await writeUser(tx, actor.tenant, id, changing);
      if (deactivates) await revokeUserSessions(tx, id);
      await auditUser(tx, actor.tenant, 'update', id, auditChanges(before, after));
      return after;
    });
  } catch (error) {
    throw translateDuplicate(error);
  }
}

/**
 * Sets a temporary password the manager hands over: the user must change it at their next
 * sign-in, and every session they have ends now.
 */
export async function resetUserPassword(
  db: Database,
  actor: Actor,
  id: string,
  passwordHash: string,
): Promise<User | undefined> {
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, actor.tenant, id);
    if (!before) return undefined;
    assertMayManage(actor.role, before.role);
    const after = await writeUser(tx, actor.tenant, id, {
      passwordHash,
      mustChangePassword: true,
    });
    await revokeUserSessions(tx, id);
    await auditUser(
      tx,
      actor.tenant,
      'passwordReset',
      id,
      auditChanges({ mustChangePassword: before.mustChangePassword }, { mustChangePassword: true }),
    );
    return after;
  });
}
