import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useAuthStore, useIsLoggedIn } from '@/stores/auth';

import {
  HOME_PATH,
  SIGN_IN_PATH,
  safeRedirectTarget,
  signInPathFor,
} from '@/features/auth/redirect-target';

/** Signed-in routes: a visitor goes to sign-in, which brings them back here afterwards. */
export function RequireAuth() {
  const isLoggedIn = useIsLoggedIn();
  const signedOutByUser = useAuthStore((state) => state.signedOutByUser);
  const location = useLocation();
  if (!isLoggedIn) {
    // After a deliberate sign-out the next person at the device should not land on this page.
    const target = signedOutByUser
      ? SIGN_IN_PATH
      : signInPathFor(`${location.pathname}${location.search}`);
    return <Navigate to={target} replace />;
  }
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
