import { selectIsLoggedIn, useAuthStore } from '@/stores/auth';

/**
 * The signed-in user, unless a temporary password has to be replaced (the server answers nothing
 * else then).
 */
export function openingUser() {
  const state = useAuthStore.getState();
  const { user } = state;
  if (!selectIsLoggedIn(state) || !user || user.mustChangePassword) return undefined;
  return user;
}
