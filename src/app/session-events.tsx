import { useEffect, useRef } from 'react';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, type Location } from 'react-router';
import { API_EVENTS } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { wipeQueryCache } from '@/lib/query-client';
import { useAuthStore } from '@/stores/auth';
import { signInPathFor } from '@/features/auth/redirect-target';

// Pages a signed-out visitor may see; an unauthorized answer while on them needs no redirect.
const PUBLIC_PREFIXES = [
  '/sign-in',
  '/sign-in-2',
  '/sign-up',
  '/otp',
  '/forgot-password',
  '/401',
  '/403',
  '/404',
  '/500',
  '/503',
];

function isPublic(pathname: string) {
  return pathname === '/' || PUBLIC_PREFIXES.some((prefix) => pathname === prefix);
}

/**
 * Reacts to what the API client announces: an expired session, a server failure, or a write the
 * server did not apply. The data layer only dispatches events; navigation belongs here. A server
 * failure only toasts: the page that met it shows it where it happened.
 */
export function SessionEvents() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef<Location>(location);
  // Several requests can fail at once; only the first one may redirect.
  const handledPathRef = useRef<string | null>(null);

  useEffect(() => {
    locationRef.current = location;
    handledPathRef.current = null;
  }, [location]);

  useEffect(() => {
    const onUnauthorized = () => {
      const { pathname, search } = locationRef.current;
      useAuthStore.getState().clearSession();
      void wipeQueryCache().catch(() => {});
      if (isPublic(pathname) || handledPathRef.current === pathname) return;
      handledPathRef.current = pathname;
      notifyError(t('session.expired'));
      void navigate(signInPathFor(`${pathname}${search}`), { replace: true });
    };
    // The page stays: a form keeps what was typed and says the save failed, a list shows its
    // error with a retry. Leaving for the full-screen error page would throw both away.
    const onServerError = () => {
      notifyError(t('session.serverError'));
    };
    // The signed-in routes show the "choose a new password" form in place of every page.
    const onPasswordChangeRequired = () => {
      useAuthStore.getState().requirePasswordChange();
    };
    const onNotModified = () => {
      const message = t('session.notModified');
      toast(message, { id: `info:${message}` });
    };
    window.addEventListener(API_EVENTS.unauthorized, onUnauthorized);
    window.addEventListener(API_EVENTS.serverError, onServerError);
    window.addEventListener(API_EVENTS.notModified, onNotModified);
    window.addEventListener(API_EVENTS.passwordChangeRequired, onPasswordChangeRequired);
    return () => {
      window.removeEventListener(API_EVENTS.passwordChangeRequired, onPasswordChangeRequired);
      window.removeEventListener(API_EVENTS.unauthorized, onUnauthorized);
      window.removeEventListener(API_EVENTS.serverError, onServerError);
      window.removeEventListener(API_EVENTS.notModified, onNotModified);
    };
  }, [navigate, t]);

  return null;
}
