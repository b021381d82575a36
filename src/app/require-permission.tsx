import type { ReactNode } from 'react';
import type { Permission } from '../../contract/permissions.ts';
import { useCan } from '@/lib/permissions';
import { ForbiddenArea } from './errors/forbidden-area';

/** Renders `children` only for a role that has `permission`; the 403 page otherwise. */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) {
  return useCan(permission) ? children : <ForbiddenArea />;
}
