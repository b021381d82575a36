import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Role } from '../../../contract/auth.ts';
import type { Database } from '../../db/client.ts';
import { organizations, users } from '../../db/schema.ts';
import { mapDatabaseError } from '../../lib/db-errors.ts';

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists';

export interface UserWithOrganization {
  id: string;
  name: string;
  email: string;
  role: Role;
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
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
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
  input: { organizationName: string; name: string; email: string; passwordHash: string },
): Promise<UserWithOrganization> {
  const organizationId = uuidv7();
  const userId = uuidv7();
  const email = input.email.toLowerCase();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(organizations).values({ id: organizationId, name: input.organizationName });
      await tx.insert(users).values({
        id: userId,
        organizationId,
        name: input.name,
        email,
        passwordHash: input.passwordHash,
        role: 'owner',
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
    passwordHash: input.passwordHash,
    organizationId,
    organizationName: input.organizationName,
  };
}
