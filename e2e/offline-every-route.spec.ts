import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { localeText, signIn, installServiceWorker } from './support.ts';

test.use({ serviceWorkers: 'allow' });

const NEVER_SEEN_ID = '00000000-0000-4000-8000-000000000000';

// Every signed-in route (src/app/area-routes.ts and the settings pages), by its address.
const ROUTES = [
  '/order-analytics',
  '/orders',
  '/orders/create',
  `/orders/edit/${NEVER_SEEN_ID}`,
  '/export-bill-review',
  '/merchants',
  '/designs',
  '/customers',
  '/workers',
  '/salary-management',
  '/salary-management/create',
  `/salary-management/edit/${NEVER_SEEN_ID}`,
  '/users',
  '/expenses',
  '/expense-analysis',
  '/bank-details',
  '/payments',
  '/billing',
  '/billing/gstr1',
  '/tasks',
  '/chats',
  '/apps',
  '/help-center',
  '/settings',
  '/settings/appearance',
  '/settings/notifications',
  '/settings/security',
];

// Every list's first page is kept for offline use once signed in; another page size is a list
// this test never loads online, and offline it must say so, not spin.
const NEVER_LOADED_LISTS = ['/merchants', '/designs', '/workers', '/expenses', '/users'].map(
  (route) => `${route}?limit=20`,
);

async function signInAndInstall(page: Page) {
  await signIn(page);
  await installServiceWorker(page);
  // The persisted session and cache are written with a throttle; let them reach IndexedDB.
  await page.waitForTimeout(1500);
}

async function installAndGoOffline(page: Page, context: BrowserContext) {
  await signInAndInstall(page);
  await context.setOffline(true);
}

for (const language of ['en', 'gu', 'hi'] as const) {
  test(`offline, every route loads as a page in ${language}`, async ({ page, context }) => {
    test.setTimeout(180_000);
    await installAndGoOffline(page, context);
    // Chosen after signing in (the sign-in helpers speak English); read on every load below.
    await page.evaluate(`localStorage.setItem('language', '${language}')`);

    const unavailable = localeText(language, 'ui:offlineUnavailable.title');
    const crashed = localeText(language, 'common:errorView.title');
    for (const route of [...ROUTES, ...NEVER_LOADED_LISTS]) {
      await page.goto(route);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading, route).toBeVisible();
      await expect(page.getByRole('heading', { name: crashed }), route).toHaveCount(0);
      const name = (await heading.innerText()).trim();
      expect(name, route).not.toBe('');
      await expect(page, route).toHaveTitle(`${name} · Karkhana`);
      // Nothing left loading for ever: skeletons and busy tables settle offline.
      await expect(page.locator('main [aria-busy="true"]'), route).toHaveCount(0, {
        timeout: 8000,
      });
      if (NEVER_LOADED_LISTS.includes(route)) {
        await expect(page.getByText(unavailable, { exact: true }), route).toBeVisible();
      }
      await expect(page.locator('html'), route).toHaveAttribute('lang', language);
    }
    await context.setOffline(false);
  });
}

test('offline, a never-loaded list comes back by itself once the network returns', async ({
  page,
  context,
}) => {
  await installAndGoOffline(page, context);
  await page.goto('/designs?limit=20');
  const unavailable = page.getByText('Not available offline yet', { exact: true });
  await expect(unavailable).toBeVisible();
  await context.setOffline(false);
  // The browser's "online" event makes the app ask the server at once; nobody has to press Retry.
  await expect(unavailable).toBeHidden();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
});

test('with the server down, Retry brings a never-loaded list back as soon as it answers', async ({
  page,
  context,
}) => {
  await signInAndInstall(page);
  let probeFailed: (() => void) | undefined;
  await context.route('**/api/**', async (route) => {
    await route.abort('connectionrefused');
    if (new URL(route.request().url()).pathname === '/api/health') probeFailed?.();
  });
  await page.goto('/designs?limit=20');
  const unavailable = page.getByText('Not available offline yet', { exact: true });
  await expect(unavailable).toBeVisible();
  // Right after a background probe has failed the next one is seconds away (they back off from
  // 2 s), so from here only Retry can bring the list back quickly.
  await new Promise<void>((resolve) => (probeFailed = resolve));
  await context.unroute('**/api/**');
  await page.getByRole('button', { name: 'Retry' }).click({ timeout: 1_500 });
  await expect(unavailable).toBeHidden({ timeout: 1_500 });
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
});

test('with the server down but the network up, every route still loads as a page', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInAndInstall(page);
  // The browser still reports a network; only the API stops answering.
  await context.route('**/api/**', (route) => route.abort('connectionrefused'));

  for (const route of [...ROUTES, ...NEVER_LOADED_LISTS]) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }), route).toBeVisible();
    await expect(page.locator('main [aria-busy="true"]'), route).toHaveCount(0, { timeout: 8000 });
    if (NEVER_LOADED_LISTS.includes(route)) {
      await expect(
        page.getByText('Not available offline yet', { exact: true }),
        route,
      ).toBeVisible();
    }
  }
  await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toBeVisible();
});
