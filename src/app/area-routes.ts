import type { ComponentType } from 'react';
import type { AreaKey } from './areas';

type PageModule = { default: ComponentType };

export interface AreaRoute {
  /** Path under the signed-in layout, without the leading slash. */
  path: string;
  area: AreaKey;
  /** Key in `common` for a sub-page's title; the area's own name otherwise. */
  titleKey?: string;
  /** The built page; areas without one show the shared "coming soon" page. */
  page?: () => Promise<PageModule>;
}

/**
 * The single map from signed-in routes to their pages. When an area is built, its `page` is set
 * here and nothing else in the shell changes. Settings has its own nested routes in the router.
 */
export const AREA_ROUTES: AreaRoute[] = [
  {
    path: 'order-analytics',
    area: 'orderAnalytics',
    page: () => import('@/features/order-analytics/pages/order-analytics-page'),
  },
  { path: 'orders', area: 'orders', page: () => import('@/features/orders/pages/orders-page') },
  {
    path: 'orders/create',
    area: 'orders',
    titleKey: 'pages.createOrder',
    page: () => import('@/features/orders/pages/order-form-page'),
  },
  {
    path: 'orders/edit/:orderId',
    area: 'orders',
    titleKey: 'pages.editOrder',
    page: () => import('@/features/orders/pages/order-form-page'),
  },
  { path: 'export-bill-review', area: 'exportBillReview' },
  { path: 'export-bill-review/:orderId', area: 'exportBillReview' },
  {
    path: 'merchants',
    area: 'merchants',
    page: () => import('@/features/merchants/pages/merchants-page'),
  },
  {
    path: 'designs',
    area: 'designs',
    page: () => import('@/features/designs/pages/designs-page'),
  },
  { path: 'customers', area: 'customers' },
  {
    path: 'workers',
    area: 'workers',
    page: () => import('@/features/workers/pages/workers-page'),
  },
  {
    path: 'salary-management',
    area: 'salaryManagement',
    page: () => import('@/features/salaries/pages/salaries-page'),
  },
  {
    path: 'salary-management/create',
    area: 'salaryManagement',
    titleKey: 'pages.createSalary',
    page: () => import('@/features/salaries/pages/salary-create-page'),
  },
  {
    path: 'salary-management/edit/:salaryId',
    area: 'salaryManagement',
    titleKey: 'pages.editSalary',
    page: () => import('@/features/salaries/pages/salary-edit-page'),
  },
  { path: 'users', area: 'users' },
  {
    path: 'expenses',
    area: 'expenses',
    page: () => import('@/features/expenses/pages/expenses-page'),
  },
  {
    path: 'expense-analysis',
    area: 'expenseAnalysis',
    page: () => import('@/features/expense-analysis/pages/expense-analysis-page'),
  },
  {
    path: 'bank-details',
    area: 'bankDetails',
    page: () => import('@/features/bank-details/pages/bank-details-page'),
  },
  { path: 'payments', area: 'payments' },
  { path: 'billing', area: 'billing' },
  { path: 'tasks', area: 'tasks' },
  { path: 'chats', area: 'chats' },
  { path: 'apps', area: 'apps' },
  { path: 'help-center', area: 'helpCenter' },
];
