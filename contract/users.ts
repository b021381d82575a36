import { z } from 'zod';
import {
  LIMITS,
  listQuery,
  optionalPhone,
  queryParam,
  recordBase,
  requiredText,
  role,
  timestamp,
  writeSchemas,
} from './common.ts';
import { email, language, newPassword } from './auth.ts';

/** Server-kept fields a client may send back from what it read; they are ignored. */
const ignored = z
  .unknown()
  .optional()
  .transform(() => undefined);

/** The fields of a user a manager writes (the form reads required and limits from here). */
export const userShape = {
  name: requiredText(LIMITS.name),
  email,
  phone: optionalPhone,
  role,
  isActive: z.boolean({ error: 'boolean' }).optional(),
  lastSeenAt: ignored,
  mustChangePassword: ignored,
  language: ignored,
};

export const { create: userCreateWithoutPassword, update: userUpdate } = writeSchemas(userShape);
/** `POST /users`: the temporary password is handed over; the new user must change it. */
export const { create: userCreate } = writeSchemas({ ...userShape, password: newPassword });
export type UserCreate = z.output<typeof userCreate>;
export type UserUpdate = z.output<typeof userUpdate>;

/** `POST /users/:id/reset-password`. */
export const userResetPasswordBody = z.strictObject({ password: newPassword });

export const user = z.object({
  ...recordBase,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role,
  isActive: z.boolean(),
  mustChangePassword: z.boolean(),
  language,
  /** Last use of any of the user's sessions; null until they first sign in. */
  lastSeenAt: timestamp.nullable(),
});
export type User = z.infer<typeof user>;

export const USER_SORTABLE = ['name', 'createdAt', 'lastSeenAt'] as const;

export const userListQuery = listQuery(USER_SORTABLE, {
  search: queryParam.text(),
  role: queryParam.optional(role),
  isActive: queryParam.boolean,
});
export type UserListParams = z.output<typeof userListQuery>;
