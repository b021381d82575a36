/**
 * The help center's guides and their sections, in reading order. The texts live in the `help`
 * namespace under `articles.<id>.sections.<section>`; a test fails when one is missing in any
 * language. Kept outside the help feature so every page header can link to its guide.
 */
export const HELP_ARTICLES = {
  'first-steps': ['sign-in', 'menu', 'daily-work'],
  'take-order': ['merchant-design', 'new-order', 'status', 'find'],
  'bill-and-get-paid': ['make-bill', 'print-share', 'record-payment', 'dues'],
  'pay-workers': ['add-worker', 'pay', 'month'],
  'tablet-offline': ['tablet', 'offline', 'pending'],
  'install-app': ['why', 'tablet-phone', 'computer', 'update'],
  'backup-restore': ['backup', 'restore', 'import'],
  'users-roles': ['roles', 'add-user', 'password', 'shared-tablet'],
} as const satisfies Record<string, readonly string[]>;

export type HelpArticleId = keyof typeof HELP_ARTICLES;
export const HELP_ARTICLE_IDS = Object.keys(HELP_ARTICLES) as HelpArticleId[];

export const HELP_CENTER_PATH = '/help-center';

export function helpArticlePath(id: HelpArticleId): string {
  return `${HELP_CENTER_PATH}/${id}`;
}

/**
 * Which guide explains the page at a path: the longest matching prefix wins, so `/apps/backup`
 * opens the backup guide while `/apps` opens the one about its tiles. Pages no guide describes
 * (tasks, chats, the help center itself) have none and show no help button.
 */
const PAGE_ARTICLES: readonly (readonly [prefix: string, article: HelpArticleId])[] = [
  ['/order-analytics', 'first-steps'],
  ['/expenses', 'first-steps'],
  ['/expense-analysis', 'first-steps'],
  ['/settings', 'first-steps'],
  ['/settings/account', 'bill-and-get-paid'],
  ['/settings/security', 'users-roles'],
  ['/orders', 'take-order'],
  ['/merchants', 'take-order'],
  ['/designs', 'take-order'],
  ['/export-bill-review', 'bill-and-get-paid'],
  ['/billing', 'bill-and-get-paid'],
  ['/payments', 'bill-and-get-paid'],
  ['/customers', 'bill-and-get-paid'],
  ['/bank-details', 'bill-and-get-paid'],
  ['/workers', 'pay-workers'],
  ['/salary-management', 'pay-workers'],
  ['/users', 'users-roles'],
  ['/apps', 'backup-restore'],
  ['/apps/backup', 'backup-restore'],
  ['/apps/import', 'backup-restore'],
];

export function helpArticleFor(pathname: string): HelpArticleId | undefined {
  let best: { length: number; article: HelpArticleId } | undefined;
  for (const [prefix, article] of PAGE_ARTICLES) {
    const matches = pathname === prefix || pathname.startsWith(`${prefix}/`);
    if (matches && (!best || prefix.length > best.length))
      best = { length: prefix.length, article };
  }
  return best?.article;
}
