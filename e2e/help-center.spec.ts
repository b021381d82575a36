import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  demoAccount,
  horizontalOverflow,
  installServiceWorker,
  localeText,
  mailCount,
  readMail,
  signIn,
  smallTargets,
} from './support.ts';

test.describe('help center offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a guide never opened before reads offline, in Gujarati, and its search works', async ({
    page,
    context,
  }) => {
    await signIn(page);
    await installServiceWorker(page);
    // The persisted session is written with a throttle; let it reach IndexedDB.
    await page.waitForTimeout(1500);
    await context.setOffline(true);
    await page.evaluate(`localStorage.setItem('language', 'gu')`);

    await page.goto('/help-center/take-order');
    const article = page.getByRole('article');
    await expect(
      article.getByRole('heading', {
        level: 2,
        name: localeText('gu', 'help:articles.take-order.title'),
      }),
    ).toBeVisible();
    await expect(article.getByRole('heading', { level: 3 })).toHaveCount(4);

    await page.getByRole('searchbox', { name: localeText('gu', 'help:search.label') }).fill('પગાર');
    const guides = page.getByRole('navigation', { name: localeText('gu', 'help:articleList') });
    await expect(
      guides.getByRole('link', { name: localeText('gu', 'help:articles.pay-workers.title') }),
    ).toBeVisible();
    await expect(
      guides.getByRole('link', { name: localeText('gu', 'help:articles.install-app.title') }),
    ).toHaveCount(0);
    await context.setOffline(false);
  });
});

test('the owner sends a test mail from Apps and it arrives', async ({ page }) => {
  await signIn(page);
  await page.goto('/apps');
  await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
  const email = page.getByRole('region', { name: 'Email' });
  await expect(email.getByText('Set up')).toBeVisible();
  const before = mailCount(demoAccount.email);
  await email.getByRole('button', { name: 'Send test mail' }).click();
  await expect(page.getByText(`Test mail sent to ${demoAccount.email}`)).toBeVisible();
  // The mail is in the account's own language, which other tests may have switched; the
  // business's name is in every language's text.
  expect(await readMail(demoAccount.email, { after: before })).toContain('Shree Ganesh Textiles');
});

test('the page header opens the guide of its page', async ({ page }) => {
  await signIn(page);
  await page.goto('/orders');
  await page.getByRole('link', { name: 'Help for this page' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/help-center/take-order');
  await expect(page.getByRole('heading', { level: 2, name: 'Take an order' })).toBeVisible();
});

test.describe('on a tablet with touch', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: false });

  test('the help center and Apps have finger-sized targets and no sideways scroll', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/help-center/bill-and-get-paid');
    await expect(page.getByRole('heading', { level: 2, name: 'Bill and get paid' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole('searchbox', { name: 'Search the help' }).fill('whatsapp');
    await expect(page.getByText(/guides? found/)).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);

    await page.goto('/apps');
    await expect(
      page.getByRole('switch', { name: 'Offer Share on WhatsApp on bills' }),
    ).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.goto('/orders');
    await expect(page.getByRole('link', { name: 'Help for this page' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
  });
});

test('the help center, a guide and Apps have no WCAG 2.1 AA violations', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  const pages = [
    { route: '/help-center', ready: page.getByText('Storage used') },
    { route: '/help-center/users-roles?q=password', ready: page.getByRole('article') },
    {
      route: '/apps',
      ready: page.getByRole('switch', { name: 'Offer Share on WhatsApp on bills' }),
    },
  ];
  for (const { route, ready } of pages) {
    await page.goto(route);
    await expect(ready).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`,
      ),
      route,
    ).toEqual([]);
  }
});
