import { expect, test } from '@playwright/test';
import { offerInstall } from './browser-events.ts';
import { signIn } from './support.ts';

test.use({ serviceWorkers: 'allow' });

test('the service worker registers at /sw.js with scope /', async ({ page }) => {
  await page.goto('/sign-in');
  // Passed as source text: the e2e project compiles without the DOM library.
  const registration = await page.evaluate<{ scope: string; script: string }>(`
    navigator.serviceWorker.ready.then((ready) => ({
      scope: ready.scope,
      script: ready.active ? ready.active.scriptURL : '',
    }))
  `);
  expect(new URL(registration.script).pathname).toBe('/sw.js');
  expect(new URL(registration.scope).pathname).toBe('/');
});

test('a synthetic install event shows the card after about 3 s; "Not now" hides it for the session', async ({
  page,
}) => {
  await signIn(page);
  const firedAt = Date.now();
  await offerInstall(page);
  const card = page.getByRole('region', { name: 'Install Karkhana' });
  await expect(card).toBeHidden();
  await expect(card).toBeVisible({ timeout: 6000 });
  expect(Date.now() - firedAt).toBeGreaterThanOrEqual(2900);
  await expect(
    card.getByText('Get the full app experience with offline access and faster loading.'),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Not now' }).click();
  await expect(card).toBeHidden();
  expect(
    await page.evaluate<string | null>(`sessionStorage.getItem('pwa-install-dismissed')`),
  ).toBe('true');
});
