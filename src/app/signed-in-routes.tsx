import { Navigate, type RouteObject } from 'react-router';
import { AREA_ROUTES } from './area-routes';
import type { AreaRoute } from '@/lib/area-definition';
import { AREA_PERMISSIONS } from './areas';
import { RequirePermission } from './require-permission';
import { HOME_PATH } from '@/features/auth/redirect-target';
import { markStartup } from '@/lib/startup-marks';
import { lazyPage, pageWithTexts, type PageModule } from './route-loading';
import { RouteErrorView } from './errors/route-error-view';

/*
 * The signed-in part of the route tree: every area's routes (with their icons and early reads)
 * and the settings pages. The router adds it under `RequireAuth` on the first navigation that may
 * need it (src/app/router.tsx), so the signed-out pages load none of it.
 */

function areaRoute(route: AreaRoute): RouteObject {
  const needed = route.permission ?? AREA_PERMISSIONS[route.area];
  const inner = pageRoute(route);
  if (!needed || !inner.lazy) return inner;
  const load = inner.lazy as () => Promise<RouteObject>;
  return {
    path: route.path,
    lazy: async () => {
      const loaded = await load();
      const Page = loaded.Component;
      const element = Page ? <Page /> : loaded.element;
      return { element: <RequirePermission permission={needed}>{element}</RequirePermission> };
    },
  };
}

function pageRoute({
  path,
  area,
  titleKey,
  page,
  namespace,
  sharedNamespaces = [],
}: AreaRoute): RouteObject {
  if (page) {
    const namespaces = namespace ? [namespace, ...sharedNamespaces] : [...sharedNamespaces];
    return {
      path,
      lazy: async () => {
        const loaded = await pageWithTexts(page, namespaces)();
        markStartup('page-code-ready');
        return loaded;
      },
    };
  }
  return {
    path,
    lazy: async () => {
      const { AreaComingSoon } = await import('./area-coming-soon');
      return { element: <AreaComingSoon titleKey={titleKey ?? `areas.${area}`} /> };
    },
  };
}

/** A page of the signed-in user's own settings, with its texts fetched alongside its code. */
function accountPage(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return pageWithTexts(load, 'account');
}

const signedInPages: RouteObject[] = [
  { path: 'dashboard', element: <Navigate to={HOME_PATH} replace /> },
  ...AREA_ROUTES.map(areaRoute),
  {
    path: 'settings',
    lazy: lazyPage(() => import('./settings/settings-layout')),
    children: [
      {
        index: true,
        lazy: accountPage(() => import('@/features/auth/account/pages/profile-page')),
      },
      {
        path: 'account',
        lazy: pageWithTexts(
          () => import('@/features/organization/pages/organization-page'),
          // The sample workshop's section speaks the setup checklist's texts.
          ['organization', 'setup'],
        ),
      },
      {
        path: 'production',
        lazy: pageWithTexts(
          () => import('@/features/tasks/pages/production-stages-page'),
          'production',
        ),
      },
      { path: 'appearance', lazy: lazyPage(() => import('./settings/appearance-page')) },
      {
        path: 'notifications',
        lazy: accountPage(() => import('@/features/auth/account/pages/notifications-page')),
      },
      {
        path: 'security',
        lazy: accountPage(() => import('@/features/auth/account/pages/security-page')),
      },
      {
        path: 'activity',
        lazy: async () => {
          const { default: ActivityPage } = await import('./settings/activity-page');
          return {
            element: (
              <RequirePermission permission="audit.read">
                <ActivityPage />
              </RequirePermission>
            ),
          };
        },
      },
      {
        path: '*',
        lazy: async () => {
          const { RouterFallback } = await import('./errors/router-fallback');
          return { Component: RouterFallback };
        },
      },
    ],
  },
];

/** The children of the router's `RequireAuth` route. */
export const signedInRoutes: RouteObject[] = [
  {
    // Named, so that adding these routes a second time (another navigation) keeps the first.
    id: 'signed-in-providers',
    lazy: async () => {
      const { SignedInProviders } = await import('./signed-in-providers');
      return { Component: SignedInProviders };
    },
    children: [
      {
        lazy: lazyPage(() => import('./layout/app-layout')),
        errorElement: <RouteErrorView />,
        children: [
          {
            // Caught inside the layout: the header and sidebar stay usable around it.
            errorElement: <RouteErrorView inLayout />,
            children: signedInPages,
          },
        ],
      },
    ],
  },
];
