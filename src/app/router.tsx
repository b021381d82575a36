import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AREA_ROUTES } from './area-routes';
import type { AreaRoute } from '@/lib/area-definition';
import { AREA_PERMISSIONS } from './areas';
import { RequirePermission } from './require-permission';
import { HOME_PATH } from '@/features/auth/redirect-target';
import { i18n } from '@/lib/i18n';
import { markStartup } from '@/lib/startup-marks';
import { PageLoader } from './page-loader';
import NotFoundPage from './errors/not-found-page';
import { RouteErrorView } from './errors/route-error-view';
import { RootLayout } from './root-layout';
import { HomeRedirect, RedirectIfSignedIn, RequireAuth } from './route-guards';

type PageModule = { default: ComponentType };

/**
 * A page's route resolves only once its texts are there too. A page that rendered first would
 * suspend on them and show its loader, and React holds back whatever replaces a loader until
 * 300 ms after the loader appeared, however soon the texts arrive.
 */
function loadTexts(namespaces: string | readonly string[]): Promise<unknown> {
  if (namespaces.length === 0) return Promise.resolve();
  // A failed namespace fetch is i18next's to retry and report; the page still loads.
  return i18n.loadNamespaces([namespaces].flat()).catch(() => undefined);
}

function lazyPage(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/** A page whose route resolves with its code and its texts together (see `loadTexts`). */
function pageWithTexts(
  load: () => Promise<PageModule>,
  namespaces: string | readonly string[],
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const [page] = await Promise.all([load(), loadTexts(namespaces)]);
    return { Component: page.default };
  };
}

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
          {
            path: 'sign-in-2',
            lazy: lazyPage(() => import('@/features/auth/pages/sign-in-2-page')),
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
      {
        element: <RequireAuth />,
        children: [
          {
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
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
