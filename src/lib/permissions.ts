import { can, type Permission } from '../../contract/permissions.ts';
import { useAuthStore } from '@/stores/auth';

/** Whether the signed-in user's role may do `permission` (contract/permissions.ts). */
export function useCan(permission: Permission | undefined): boolean {
  const role = useAuthStore((state) => state.user?.role);
  if (permission === undefined) return true;
  return role !== undefined && can(role, permission);
}
