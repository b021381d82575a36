import { expect, type Page } from '@playwright/test';

/**
 * Fires the `beforeinstallprompt` Chromium sends when the app may be installed (a headless run
 * never sends it), with a prompt the user dismisses.
 */
export async function offerInstall(page: Page) {
  await page.evaluate(`{
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  }`);
}

/** Creates through the API with the signed-in user's token and returns the new record's id. */
export async function postWithToken(
  page: Page,
  token: string,
  path: string,
  body: object,
): Promise<string> {
  const response = await page.request.post(path, {
    data: body,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}
