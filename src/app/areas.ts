import {
  IconApps,
  IconBuildingBank,
  IconBuildingStore,
  IconCash,
  IconChartBar,
  IconChartPie,
  IconChecklist,
  IconClipboardList,
  IconCreditCard,
  IconFileDollar,
  IconFileInvoice,
  IconHelp,
  IconMessages,
  IconNeedleThread,
  IconPalette,
  IconReceipt,
  IconSettings,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { Permission } from '../../contract/permissions.ts';

export const NAV_GROUPS = ['overview', 'sales', 'people', 'finance', 'workspace'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/** Every area of the signed-in app, in sidebar order. */
export const AREAS = [
  { key: 'orderAnalytics', path: '/order-analytics', group: 'overview', icon: IconChartBar },
  { key: 'orders', path: '/orders', group: 'sales', icon: IconClipboardList },
  { key: 'exportBillReview', path: '/export-bill-review', group: 'sales', icon: IconFileInvoice },
  { key: 'merchants', path: '/merchants', group: 'sales', icon: IconBuildingStore },
  { key: 'designs', path: '/designs', group: 'sales', icon: IconPalette },
  { key: 'customers', path: '/customers', group: 'sales', icon: IconUsersGroup },
  { key: 'workers', path: '/workers', group: 'people', icon: IconNeedleThread },
  { key: 'salaryManagement', path: '/salary-management', group: 'people', icon: IconCash },
  { key: 'users', path: '/users', group: 'people', icon: IconUsers },
  { key: 'expenses', path: '/expenses', group: 'finance', icon: IconReceipt },
  { key: 'expenseAnalysis', path: '/expense-analysis', group: 'finance', icon: IconChartPie },
  { key: 'bankDetails', path: '/bank-details', group: 'finance', icon: IconBuildingBank },
  { key: 'payments', path: '/payments', group: 'finance', icon: IconCreditCard },
  { key: 'billing', path: '/billing', group: 'finance', icon: IconFileDollar },
  { key: 'tasks', path: '/tasks', group: 'workspace', icon: IconChecklist },
  { key: 'chats', path: '/chats', group: 'workspace', icon: IconMessages },
  { key: 'apps', path: '/apps', group: 'workspace', icon: IconApps },
  { key: 'helpCenter', path: '/help-center', group: 'workspace', icon: IconHelp },
  { key: 'settings', path: '/settings', group: 'workspace', icon: IconSettings },
] as const satisfies readonly {
  key: string;
  path: string;
  group: NavGroup;
  icon: Icon;
}[];

export type AreaKey = (typeof AREAS)[number]['key'];

/** What a role needs to open an area; an area left out is open to everyone signed in. */
export const AREA_PERMISSIONS: Partial<Record<AreaKey, Permission>> = {
  orderAnalytics: 'orderAnalytics.read',
  orders: 'orders.read',
  exportBillReview: 'bills.read',
  merchants: 'merchants.read',
  designs: 'designs.read',
  customers: 'dues.read',
  workers: 'workers.read',
  salaryManagement: 'salaries.read',
  users: 'users.read',
  expenses: 'expenses.read',
  expenseAnalysis: 'expenses.read',
  bankDetails: 'bankDetails.read',
  payments: 'payments.read',
  billing: 'bills.read',
  // Email, UPI and WhatsApp settings are the organization's; import and backup are owner-only
  // tiles inside.
  apps: 'organization.write',
  chats: 'notes.read',
  tasks: 'production.read',
};
