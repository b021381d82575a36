import { lazy } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useAuthStore, useIsLoggedIn } from '@/stores/auth';

import {
  HOME_PATH,
  SIGN_IN_PATH,
  safeRedirectTarget,
  signInPathFor,
} from '@/features/auth/redirect-target';

// Loaded only by someone signed in with a temporary password.
const ForcedPasswordChangePage = lazy(
  () => import('@/features/auth/account/pages/forced-password-change-page'),
);

/**
 * Signed-in routes: a visitor goes to sign-in, which brings them back here afterwards. Someone
 * with a temporary password sees only the form to replace it, whatever route they opened; the
 * route renders once it is changed.
 */
export function RequireAuth() {
  const isLoggedIn = useIsLoggedIn();
  const signedOutByUser = useAuthStore((state) => state.signedOutByUser);
  const mustChangePassword = useAuthStore((state) => state.user?.mustChangePassword === true);
  const location = useLocation();
  if (!isLoggedIn) {
    // After a deliberate sign-out the next person at the device should not land on this page.
    const target = signedOutByUser
      ? SIGN_IN_PATH
      : signInPathFor(`${location.pathname}${location.search}`);
    return <Navigate to={target} replace />;
  }
  if (mustChangePassword) return <ForcedPasswordChangePage />;
  return <Outlet />;
}

/** Sign-in and sign-up: someone already signed in continues to where they were going. */
export function RedirectIfSignedIn() {
  const isLoggedIn = useIsLoggedIn();
  const [searchParams] = useSearchParams();
  if (isLoggedIn) return <Navigate to={safeRedirectTarget(searchParams.get('redirect'))} replace />;
  return <Outlet />;
}

export function HomeRedirect() {
  const isLoggedIn = useIsLoggedIn();
  return <Navigate to={isLoggedIn ? HOME_PATH : SIGN_IN_PATH} replace />;
}
