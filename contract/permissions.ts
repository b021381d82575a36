/**
 * Who may do what: the one matrix of roles and permissions. The server refuses anything
 * outside it with 403 `forbidden`; the SPA hides what a role cannot use. Keep it in step with the
 * table, row for row.
 */
export const ROLES = ['owner', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

const EVERY_ROLE = ['owner', 'admin', 'staff'] as const satisfies readonly Role[];
const MANAGERS = ['owner', 'admin'] as const satisfies readonly Role[];
const OWNER_ONLY = ['owner'] as const satisfies readonly Role[];

const PERMISSION_ROLES = {
  // orders, merchants, designs: read, create, edit (orders also change status) by everyone
  'orders.read': EVERY_ROLE,
  'orders.write': EVERY_ROLE,
  'merchants.read': EVERY_ROLE,
  'merchants.write': EVERY_ROLE,
  'designs.read': EVERY_ROLE,
  'designs.write': EVERY_ROLE,
  // orders, merchants, designs: delete
  'orders.delete': MANAGERS,
  'merchants.delete': MANAGERS,
  'designs.delete': MANAGERS,
  // workers: names and pick list for everyone; production and notes: everything for everyone
  'workers.read': EVERY_ROLE,
  'production.read': EVERY_ROLE,
  'production.write': EVERY_ROLE,
  'production.delete': EVERY_ROLE,
  'notes.read': EVERY_ROLE,
  'notes.write': EVERY_ROLE,
  'notes.delete': EVERY_ROLE,
  // workers: create, edit, delete
  'workers.write': MANAGERS,
  'workers.delete': MANAGERS,
  // salaries and their summary, expenses and their summary, bank details
  'salaries.read': MANAGERS,
  'salaries.write': MANAGERS,
  'salaries.delete': MANAGERS,
  'expenses.read': MANAGERS,
  'expenses.write': MANAGERS,
  'expenses.delete': MANAGERS,
  'bankDetails.read': MANAGERS,
  'bankDetails.write': MANAGERS,
  'bankDetails.delete': MANAGERS,
  'orderAnalytics.read': EVERY_ROLE,
  // bills, payments, dues, statements: read and write
  'bills.read': MANAGERS,
  'bills.write': MANAGERS,
  'payments.read': MANAGERS,
  'payments.write': MANAGERS,
  'dues.read': MANAGERS,
  'statements.read': MANAGERS,
  // users: list, create and edit staff, reset a staff password
  'users.read': MANAGERS,
  'users.manageStaff': MANAGERS,
  // users: create, edit or reset an owner or admin; grant admin or owner
  'users.manageAdmins': OWNER_ONLY,
  // organization profile and bill settings; everyone reads the profile (it names the business on
  // every page), only managers change it
  'organization.read': EVERY_ROLE,
  'organization.write': MANAGERS,
  'audit.read': MANAGERS,
  // the landing page's first-day checklist: read it, dismiss it
  'setup.read': MANAGERS,
  'setup.write': MANAGERS,
  'backup.download': OWNER_ONLY,
  'backup.restore': OWNER_ONLY,
  'backup.import': OWNER_ONLY,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSION_ROLES;

/**
 * What a route asks of its caller: a permission, or only a live session (`signedIn`, e.g. the
 * caller's own profile), or nothing (`public`, e.g. sign-in and health).
 */
export type RouteAccess = Permission | 'public' | 'signedIn';

export function can(role: Role, what: Permission): boolean {
  return (PERMISSION_ROLES[what] as readonly Role[]).includes(role);
}

/** Read, create/edit and delete of one area, as the shared list pages and CRUD routes use them. */
export interface AreaPermissions {
  read: Permission;
  write: Permission;
  delete: Permission;
}

/** An area the matrix gives all three of read, write and delete. */
type CrudArea = {
  [P in Permission]: P extends `${infer Area}.delete`
    ? `${Area}.read` extends Permission
      ? `${Area}.write` extends Permission
        ? Area
        : never
      : never
    : never;
}[Permission];

type CrudPermissions = {
  readonly [Area in CrudArea]: {
    readonly read: `${Area}.read`;
    readonly write: `${Area}.write`;
    readonly delete: `${Area}.delete`;
  };
};

/**
 * The read / write / delete permissions of each area with a list page, found in the matrix: an
 * area gets here by having its three rows, so a new area is only its rows.
 */
export const CRUD_PERMISSIONS = Object.fromEntries(
  Object.keys(PERMISSION_ROLES)
    .filter((permission) => permission.endsWith('.delete'))
    .map((permission) => permission.slice(0, -'.delete'.length))
    .filter((area) => `${area}.read` in PERMISSION_ROLES && `${area}.write` in PERMISSION_ROLES)
    .map((area) => [
      area,
      { read: `${area}.read`, write: `${area}.write`, delete: `${area}.delete` },
    ]),
) as CrudPermissions satisfies Record<string, AreaPermissions>;
