import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSessionRefresh } from '@/features/auth/session-refresh';
import { PageLoader } from './page-loader';
import { RouteProgress } from './route-progress';
import { SessionEvents } from './session-events';

export function RootLayout() {
  useSessionRefresh();
  return (
    <>
      <RouteProgress />
      <SessionEvents />
      <Suspense fallback={<PageLoader fullScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}
