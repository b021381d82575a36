import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type Resource } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import {
  createMemoryRouter,
  MemoryRouter,
  Outlet,
  RouterProvider,
  useLocation,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { theme } from '@/app/theme';
import { AppToaster } from '@/app/toaster';

// Every English namespace file that exists, read at build time of the test bundle, so a new
// namespace is picked up without touching this file and no test ever goes through HTTP.
const englishFiles = import.meta.glob<Record<string, unknown>>('/public/locales/en/*.json', {
  eager: true,
  import: 'default',
});

const englishResources: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(englishFiles).map(([file, content]) => [
    file.replace(/^.*\/([^/]+)\.json$/, '$1'),
    content,
  ]),
);

/** Initialises the shared i18next instance synchronously with the real English files. */
export function initTestI18n() {
  if (i18next.isInitialized) {
    if (i18next.language !== 'en') void i18next.changeLanguage('en');
    return i18next;
  }
  const resources: Resource = { en: englishResources };
  void i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'gu', 'hi'],
    ns: Object.keys(englishResources),
    defaultNS: 'common',
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18next;
}

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}

// Mantine animates with timers that can fire after a test file's window is torn down; with
// reduced motion respected (and reported by setup.ts) every transition completes at once.
const testTheme = { ...theme, respectReducedMotion: true };

function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={testTheme} env="test">
      <QueryClientProvider client={queryClient}>
        {children}
        <AppToaster />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Shows where the router currently is, so navigation can be asserted on. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** Initial URL, path plus query, e.g. `/merchants?page=2`. Defaults to `path` or `/`. */
  route?: string;
  /** Route pattern the element is mounted at, e.g. `/orders/edit/:orderId`. Defaults to `*`. */
  path?: string;
  /** Extra routes next to the element, e.g. targets of a redirect. */
  routes?: RouteObject[];
  queryClient?: QueryClient;
}

/**
 * Renders `ui` inside Mantine (test env: no transitions, no portals), a fresh QueryClient with
 * retries off, English i18next, the app's toaster and a memory data router.
 * `getByTestId('location')` holds the current path and query.
 */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const {
    route,
    path = '*',
    routes = [],
    queryClient = createTestQueryClient(),
    ...rest
  } = options;
  initTestI18n();
  const initialEntry = route ?? (path.includes(':') || path === '*' ? '/' : path);
  const children: RouteObject[] = [{ path, element: ui }, ...routes];
  if (path !== '*' && !routes.some((r) => r.path === '*')) {
    children.push({ path: '*', element: <p>Not Found</p> });
  }
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <LocationProbe />
          </>
        ),
        children,
      },
    ],
    { initialEntries: [initialEntry] },
  );
  const user = userEvent.setup();
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
    rest,
  );
  return { ...result, router, queryClient, user };
}

/**
 * Wrapper for `renderHook`: the same providers with a plain memory router, for hooks that use
 * queries, translations or navigation.
 */
export function createTestWrapper(options: { route?: string; queryClient?: QueryClient } = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  initTestI18n();
  function TestWrapper({ children }: { children: ReactNode }) {
    return (
      <Providers queryClient={queryClient}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
      </Providers>
    );
  }
  return { wrapper: TestWrapper, queryClient };
}

/**
 * Renders a whole route tree (e.g. the app's own `appRoutes` with its `appRouterOptions`) in a
 * memory router with the same providers, starting at `route`.
 */
export function renderRoutes(
  routes: RouteObject[],
  options: {
    route?: string;
    queryClient?: QueryClient;
    patchRoutesOnNavigation?: PatchRoutesOnNavigationFunction;
  } = {},
) {
  initTestI18n();
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <LocationProbe />
          </>
        ),
        children: routes,
      },
    ],
    {
      initialEntries: [options.route ?? '/'],
      patchRoutesOnNavigation: options.patchRoutesOnNavigation,
    },
  );
  const user = userEvent.setup();
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient, user };
}
