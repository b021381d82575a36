import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Language, Role, SessionUser, SyncToastLevel } from '../../../contract/auth.ts';
import type { Database } from '../../db/database.ts';
import { organizations, users } from '../../db/platform-tables.ts';
import { insertDefaultStages } from '../production/stages.ts';
import { mapDatabaseError } from '../../lib/db-errors.ts';

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists';

/** The user columns a session carries (`user` in login, register and `me`). */
export const sessionUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  phone: users.phone,
  isActive: users.isActive,
  mustChangePassword: users.mustChangePassword,
  language: users.language,
  notifySyncToasts: users.notifySyncToasts,
  notifyDailyDigest: users.notifyDailyDigest,
};

export interface SessionUserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  phone: string | null;
  isActive: boolean;
  mustChangePassword: boolean;
  language: Language;
  notifySyncToasts: SyncToastLevel;
  notifyDailyDigest: boolean;
}

export function toSessionUser(row: SessionUserRow, organizationId: string): SessionUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    organizationId,
    role: row.role,
    mustChangePassword: row.mustChangePassword,
    phone: row.phone,
    language: row.language,
    notifications: { syncToasts: row.notifySyncToasts, dailyDigest: row.notifyDailyDigest },
  };
}

export interface UserWithOrganization extends SessionUserRow {
  passwordHash: string;
  organizationId: string;
  organizationName: string;
}

export async function findUserByEmail(
  db: Database,
  email: string,
): Promise<UserWithOrganization | undefined> {
  const [row] = await db
    .select({
      ...sessionUserColumns,
      passwordHash: users.passwordHash,
      organizationId: organizations.id,
      organizationName: organizations.name,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

/** Creates an organization with its owner in one transaction. */
export async function createOrganizationWithOwner(
  db: Database,
  input: {
    organizationName: string;
    name: string;
    email: string;
    passwordHash: string;
    /** The sign-up page's language: the owner's, and the default stages are named in it. */
    language?: Language;
  },
): Promise<UserWithOrganization> {
  const language = input.language ?? 'en';
  const organizationId = uuidv7();
  const userId = uuidv7();
  const email = input.email.toLowerCase();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(organizations).values({ id: organizationId, name: input.organizationName });
      await insertDefaultStages(tx, organizationId, language);
      await tx.insert(users).values({
        id: userId,
        organizationId,
        name: input.name,
        email,
        passwordHash: input.passwordHash,
        role: 'owner',
        language,
      });
    });
  } catch (error) {
    throw (
      mapDatabaseError(error, { unique: { users_email_unique: DUPLICATE_EMAIL_MESSAGE } }) ?? error
    );
  }
  return {
    id: userId,
    name: input.name,
    email,
    role: 'owner',
    phone: null,
    isActive: true,
    mustChangePassword: false,
    language,
    notifySyncToasts: 'all',
    notifyDailyDigest: false,
    passwordHash: input.passwordHash,
    organizationId,
    organizationName: input.organizationName,
  };
}
