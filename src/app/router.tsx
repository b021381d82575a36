import {
  createBrowserRouter,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { PageLoader } from './page-loader';
import NotFoundPage from './errors/not-found-page';
import { RouteErrorView } from './errors/route-error-view';
import { lazyPage } from './route-loading';
import { RootLayout } from './root-layout';
import { loadSignedInRoutes } from './signed-in-start';
import { HomeRedirect, RedirectIfSignedIn, RequireAuth } from './route-guards';

/** The route the signed-in part of the tree (src/app/signed-in-routes.tsx) is added under. */
const SIGNED_IN = 'signed-in';

/**
 * Adds the signed-in routes when a navigation does not match a signed-out page: React Router asks
 * for every URL that matches nothing or only a route with parameters (the 404 splat, too), on the
 * first load as on later navigations, before it matches. The signed-out pages never ask, so they
 * load neither the areas' route table nor its icons.
 */
const patchSignedInRoutes: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  patch(SIGNED_IN, await loadSignedInRoutes());
};

/** What the app's router needs besides `appRoutes`. */
export const appRouterOptions = { patchRoutesOnNavigation: patchSignedInRoutes };

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorView />,
    hydrateFallbackElement: <PageLoader fullScreen />,
    children: [
      { index: true, element: <HomeRedirect /> },
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: 'sign-in', lazy: lazyPage(() => import('@/features/auth/pages/sign-in-page')) },
          // The spec's second sign-in screen: the same form beside the brand panel.
          {
            path: 'sign-in-2',
            lazy: lazyPage(() => import('@/features/auth/pages/sign-in-beside-brand-page')),
          },
          { path: 'sign-up', lazy: lazyPage(() => import('@/features/auth/pages/sign-up-page')) },
          {
            path: 'forgot-password',
            lazy: lazyPage(() => import('@/features/auth/pages/forgot-password-page')),
          },
          { path: 'otp', lazy: lazyPage(() => import('@/features/auth/pages/otp-page')) },
        ],
      },
      { path: '401', lazy: lazyPage(() => import('./errors/unauthorized-page')) },
      { path: '403', lazy: lazyPage(() => import('./errors/forbidden-page')) },
      // Part of the entry already: the error view shows it for unknown routes.
      { path: '404', Component: NotFoundPage },
      { path: '500', lazy: lazyPage(() => import('./errors/general-error-page')) },
      { path: '503', lazy: lazyPage(() => import('./errors/maintenance-page')) },
      // Its children arrive with the first navigation that needs them (`patchSignedInRoutes`).
      { id: SIGNED_IN, element: <RequireAuth /> },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes, appRouterOptions);
}
