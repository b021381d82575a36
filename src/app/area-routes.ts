import type { ComponentType } from 'react';
import type { Permission } from '../../contract/permissions.ts';
import type { AreaKey } from './areas';
import type { KeysOf } from '@/lib/translation-keys';

type PageModule = { default: ComponentType };

export interface AreaRoute {
  /** Path under the signed-in layout, without the leading slash. */
  path: string;
  area: AreaKey;
  /** Key in `common` for a sub-page's title; the area's own name otherwise. */
  titleKey?: KeysOf<'common'>;
  /** The built page; areas without one show the shared "coming soon" page. */
  page?: () => Promise<PageModule>;
  /**
   * The page's translation namespace, fetched together with the page's code; otherwise the page
   * would ask for it only once rendered, and its data requests would wait behind that.
   */
  namespace?: string;
  /**
   * Namespaces of shared components the page renders, fetched with the page's own: a component
   * that asks for a namespace not yet loaded suspends the page until it arrives, after a first
   * render that is thrown away.
   */
  sharedNamespaces?: readonly string[];
  /** What a sub-page needs beyond its area's permission (e.g. owner-only tools under Apps). */
  permission?: Permission;
  /**
   * Starts the page's first read for a URL (its query string), with the key the page reads it
   * under. Run when the app opens on this page, so the request does not wait for the page's code,
   * texts and saved cache to load first.
   */
  prefetch?: (search: URLSearchParams) => Promise<unknown>;
}

/** What `ResourceListPage` asks for besides `ui` (its rows' History action). */
const LIST_PAGE = { sharedNamespaces: ['audit'] } as const;

/**
 * The single map from signed-in routes to their pages. When an area is built, its `page` is set
 * here and nothing else in the shell changes. Settings has its own nested routes in the router.
 */
export const AREA_ROUTES: AreaRoute[] = [
  {
    path: 'order-analytics',
    area: 'orderAnalytics',
    page: () => import('@/features/order-analytics/pages/order-analytics-page'),
    namespace: 'order-analytics',
    sharedNamespaces: ['setup'],
    prefetch: async (search) =>
      (await import('@/features/order-analytics/prefetch')).prefetchOrderAnalytics(search),
  },
  {
    path: 'orders',
    area: 'orders',
    page: () => import('@/features/orders/pages/orders-page'),
    ...LIST_PAGE,
    namespace: 'orders',
    prefetch: async (search) =>
      (await import('@/features/orders/orders-list')).prefetchOrders(search),
  },
  {
    path: 'orders/create',
    area: 'orders',
    titleKey: 'pages.createOrder',
    page: () => import('@/features/orders/pages/order-form-page'),
    namespace: 'orders',
  },
  {
    path: 'orders/edit/:orderId',
    area: 'orders',
    titleKey: 'pages.editOrder',
    page: () => import('@/features/orders/pages/order-form-page'),
    namespace: 'orders',
  },
  {
    path: 'export-bill-review',
    area: 'exportBillReview',
    page: () => import('@/features/billing/pages/export-bill-review-page'),
    namespace: 'bills',
    sharedNamespaces: ['setup'],
  },
  {
    path: 'export-bill-review/:orderId',
    area: 'exportBillReview',
    page: () => import('@/features/billing/pages/export-bill-review-page'),
    namespace: 'bills',
    sharedNamespaces: ['setup'],
  },
  {
    path: 'merchants',
    area: 'merchants',
    page: () => import('@/features/merchants/pages/merchants-page'),
    ...LIST_PAGE,
    namespace: 'merchants',
  },
  {
    path: 'designs',
    area: 'designs',
    page: () => import('@/features/designs/pages/designs-page'),
    ...LIST_PAGE,
    namespace: 'designs',
  },
  {
    path: 'customers',
    area: 'customers',
    page: () => import('@/features/customers/pages/dues-page'),
    namespace: 'dues',
    sharedNamespaces: ['setup'],
  },
  {
    path: 'customers/:merchantId',
    area: 'customers',
    page: () => import('@/features/customers/pages/statement-page'),
    namespace: 'dues',
  },
  {
    path: 'workers',
    area: 'workers',
    page: () => import('@/features/workers/pages/workers-page'),
    ...LIST_PAGE,
    namespace: 'workers',
  },
  {
    path: 'salary-management',
    area: 'salaryManagement',
    page: () => import('@/features/salary-management/pages/worker-salaries-page'),
    ...LIST_PAGE,
    namespace: 'worker-salaries',
  },
  {
    path: 'salary-management/create',
    area: 'salaryManagement',
    titleKey: 'pages.createSalary',
    page: () => import('@/features/salary-management/pages/salary-create-page'),
    namespace: 'worker-salaries',
  },
  {
    path: 'salary-management/edit/:salaryId',
    area: 'salaryManagement',
    titleKey: 'pages.editSalary',
    page: () => import('@/features/salary-management/pages/salary-edit-page'),
    namespace: 'worker-salaries',
  },
  {
    path: 'users',
    area: 'users',
    page: () => import('@/features/users/pages/users-page'),
    ...LIST_PAGE,
    namespace: 'users',
  },
  {
    path: 'expenses',
    area: 'expenses',
    page: () => import('@/features/expenses/pages/expenses-page'),
    ...LIST_PAGE,
    namespace: 'expenses',
  },
  {
    path: 'expense-analysis',
    area: 'expenseAnalysis',
    page: () => import('@/features/expense-analysis/pages/expense-analysis-page'),
    namespace: 'expense-analysis',
  },
  {
    path: 'bank-details',
    area: 'bankDetails',
    page: () => import('@/features/bank-details/pages/bank-details-page'),
    ...LIST_PAGE,
    namespace: 'bank-details',
  },
  {
    path: 'payments',
    area: 'payments',
    page: () => import('@/features/payments/pages/payments-page'),
    ...LIST_PAGE,
    namespace: 'payments',
  },
  {
    path: 'billing',
    area: 'billing',
    page: () => import('@/features/billing/pages/bills-page'),
    sharedNamespaces: [...LIST_PAGE.sharedNamespaces, 'setup'],
    namespace: 'bills',
  },
  {
    path: 'billing/gstr1',
    area: 'billing',
    titleKey: 'pages.gstr1',
    page: () => import('@/features/gst/pages/gstr1-page'),
    namespace: 'gst',
  },
  {
    path: 'billing/:billId/print',
    area: 'billing',
    page: () => import('@/features/billing/print/bill-print-page'),
    namespace: 'bill-print',
  },
  {
    path: 'billing/notes/:noteId/print',
    area: 'billing',
    page: () => import('@/features/billing/print/bill-print-page'),
    namespace: 'bill-print',
  },
  {
    path: 'tasks',
    area: 'tasks',
    page: () => import('@/features/tasks/pages/production-board-page'),
    namespace: 'production',
  },
  {
    path: 'tasks/list',
    area: 'tasks',
    titleKey: 'pages.jobCards',
    page: () => import('@/features/tasks/pages/job-cards-list-page'),
    ...LIST_PAGE,
    namespace: 'production',
  },
  {
    path: 'tasks/shift',
    area: 'tasks',
    titleKey: 'pages.shiftEntry',
    page: () => import('@/features/tasks/pages/shift-entry-page'),
    namespace: 'production',
  },
  {
    path: 'chats',
    area: 'chats',
    page: () => import('@/features/chats/pages/chats-page'),
    namespace: 'notes',
  },
  {
    path: 'chats/:subjectType/:subjectId',
    area: 'chats',
    page: () => import('@/features/chats/pages/chats-page'),
    namespace: 'notes',
  },
  {
    path: 'apps',
    area: 'apps',
    page: () => import('@/features/apps/pages/apps-page'),
    namespace: 'apps',
  },
  {
    path: 'apps/import',
    area: 'apps',
    titleKey: 'pages.import',
    page: () => import('@/features/data-io/pages/import-page'),
    namespace: 'data-io',
    permission: 'backup.import',
  },
  {
    path: 'apps/backup',
    area: 'apps',
    titleKey: 'pages.backup',
    page: () => import('@/features/data-io/pages/backup-page'),
    namespace: 'data-io',
    permission: 'backup.download',
  },
  {
    path: 'help-center',
    area: 'helpCenter',
    page: () => import('@/features/help-center/pages/help-center-page'),
    namespace: 'help',
  },
  {
    path: 'help-center/:articleId',
    area: 'helpCenter',
    page: () => import('@/features/help-center/pages/help-center-page'),
    namespace: 'help',
  },
];
