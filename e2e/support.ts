import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mailsTo, plainText } from './mail-server.ts';

/** Seeded by the server when SEED_DEMO=true (see playwright.config.ts). */
export const demoAccount = { email: 'demo@karkhana.app', password: 'karkhana-demo' } as const;

const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** An address no earlier run has registered, so sign-up never collides with old data. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${runId}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** A short suffix that keeps names created by one test apart from those of other tests and runs. */
export function uniqueSuffix(): string {
  return `${runId}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
}

// Mantine's password field has a visibility toggle whose label also mentions the password.
export const passwordField = (page: Page): Locator => page.getByLabel('Password', { exact: true });

export const emailField = (page: Page): Locator =>
  page.getByRole('textbox', { name: 'Email', exact: true });

/** Fills and submits the sign-in form on the current page. */
export async function submitSignIn(
  page: Page,
  account: { email: string; password: string } = demoAccount,
) {
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  await emailField(page).fill(account.email);
  await passwordField(page).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in with the demo account and waits for the signed-in home page. */
export async function signIn(
  page: Page,
  account: { email: string; password: string } = demoAccount,
) {
  await page.goto('/sign-in');
  await submitSignIn(page, account);
  await expect(page).toHaveURL((url) => url.pathname === '/order-analytics');
  await expect(mainNavigation(page)).toBeVisible();
}

/**
 * The sidebar. Its accessible name is translated with the rest of the UI, so outside English it is
 * found as the navigation landmark that holds the area links.
 */
export function mainNavigation(page: Page, name = 'Main navigation'): Locator {
  return page.getByRole('navigation', { name });
}

/**
 * Picks an entry of a labelled control that may be a native select, a combobox or a menu button.
 * The UI is free to choose any of those; the test only cares about the accessible names.
 */
export async function choose(page: Page, controlName: string, optionName: string) {
  const control = page
    .getByRole('combobox', { name: controlName, exact: true })
    .or(page.getByRole('button', { name: controlName, exact: true }))
    .first();
  await expect(control).toBeVisible();
  const nativeSelect = control.and(page.locator('select'));
  if ((await nativeSelect.count()) > 0) {
    await nativeSelect.selectOption({ label: optionName });
    return;
  }
  await control.click();
  const option = page
    .getByRole('option', { name: optionName, exact: true })
    .or(page.getByRole('menuitem', { name: optionName, exact: true }))
    .or(page.getByRole('menuitemradio', { name: optionName, exact: true }))
    .first();
  try {
    await option.click({ timeout: 5_000 });
  } catch (error) {
    // Mantine closes and re-renders its dropdown while it selects, so under load Playwright can
    // see the option vanish after the choice was already made; only a choice not made is an error.
    const chosen = await control.inputValue({ timeout: 1_000 }).catch(() => undefined);
    if (chosen !== optionName) throw error;
  }
}

export const toast = (page: Page, message: string): Locator =>
  page
    .getByRole('status')
    .filter({ hasText: message })
    .or(page.getByText(message, { exact: true }))
    .first();

type Messages = { [key: string]: string | Messages };

const localesDir = path.resolve(import.meta.dirname, '..', 'public', 'locales');

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const keyPath = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(keyPath, value);
    else for (const [nested, text] of flatten(value, keyPath)) entries.set(nested, text);
  }
  return entries;
}

function readMessages(language: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const file of readdirSync(path.join(localesDir, language)).filter((name) =>
    name.endsWith('.json'),
  )) {
    const namespace = file.replace(/\.json$/, '');
    const messages = JSON.parse(
      readFileSync(path.join(localesDir, language, file), 'utf8'),
    ) as Messages;
    for (const [key, text] of flatten(messages)) all.set(`${namespace}:${key}`, text);
  }
  return all;
}

/**
 * The translation shipped for an English UI text, looked up through the locale files so the tests
 * follow the translators' wording instead of repeating it. Fails when the text is not translated.
 */
export function translationOf(englishText: string, language: string): string {
  const english = readMessages('en');
  const translated = readMessages(language);
  const keys = [...english].filter(([, text]) => text === englishText).map(([key]) => key);
  expect(keys, `no English message reads "${englishText}"`).not.toHaveLength(0);
  const texts = keys
    .map((key) => translated.get(key))
    .filter((text): text is string => Boolean(text));
  expect(texts, `"${englishText}" has no ${language} translation`).not.toHaveLength(0);
  const text = texts[0]!;
  expect(text).not.toBe(englishText);
  return text;
}

/** The shipped text of one key (`namespace:dotted.key`) in a language, with `{{name}}` filled in. */
export function localeText(
  language: string,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const text = readMessages(language).get(key);
  expect(text, `${language} has no text for ${key}`).toBeTruthy();
  return text!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * Visible controls outside `coverSelector` that it covers: probed with elementFromPoint at both
 * ends of each control's middle line, so a failure names each hidden control.
 */
export async function controlsCoveredBy(page: Page, coverSelector: string): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const cover = document.querySelector(${JSON.stringify(coverSelector)});
    if (!cover) return [];
    const selector = 'a[href], button, input, select, textarea, [role="button"], [role="switch"], [role="combobox"], [role="checkbox"], [role="tab"], [role="menuitem"]';
    const covered = [];
    for (const element of document.querySelectorAll(selector)) {
      if (cover.contains(element) || element.closest('.skip-link, [aria-hidden="true"]')) continue;
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      const y = box.top + box.height / 2;
      if (y < 0 || y >= innerHeight) continue;
      for (const x of [box.left + 1, box.right - 1]) {
        if (x < 0 || x >= innerWidth) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && cover.contains(hit)) {
          const name = element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 30) || element.getAttribute('placeholder') || element.tagName;
          covered.push(name);
          break;
        }
      }
    }
    return covered;
  })()`);
}

/** The signed-in pages with their own data, checked for layout and accessibility. */
export const DATA_PAGES = [
  '/order-analytics',
  '/orders',
  '/orders/create',
  '/merchants',
  '/designs',
  '/workers',
  '/salary-management',
  '/expenses',
  '/expense-analysis',
  '/bank-details',
  '/chats',
] as const;

/** Every list page built on the shared data table, plus the dues book. */
export const LIST_PAGES = [
  '/orders',
  '/merchants',
  '/designs',
  '/workers',
  '/salary-management',
  '/expenses',
  '/bank-details',
  '/billing',
  '/payments',
  '/customers',
  '/users',
  '/tasks/list',
  '/settings/activity',
] as const;

/**
 * Reloads until the service worker controls the page: before that, going offline leaves a reload
 * with no shell to load. Scripts are passed as source text: the e2e project compiles without the DOM library.
 */
export async function installServiceWorker(page: Page) {
  await page.evaluate(`navigator.serviceWorker.ready.then(() => true)`);
  await page.reload();
  await expect
    .poll(() => page.evaluate<boolean>(`navigator.serviceWorker.controller !== null`))
    .toBe(true);
}

const MIN_TARGET_PX = 44;

/**
 * Every visible control and the size of what a finger can hit: the control itself, or for
 * visually hidden inputs (switches, checkboxes, radios) the label that wraps them. Inline links in
 * running text are exempt in WCAG 2.5.5; the app has none inside its controls' area.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const selector = 'a[href], button, input, select, textarea, [role="button"], [role="switch"], [role="combobox"], [role="checkbox"], [role="radio"], [role="tab"], [role="menuitem"], [tabindex="0"]';
    const small = [];
    for (const element of document.querySelectorAll(selector)) {
      if (element.closest('[aria-hidden="true"], .skip-link, [inert]')) continue;
      if (element.getAttribute('type') === 'hidden') continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const hiddenInput = element.tagName === 'INPUT' && (Number(style.opacity) === 0 || box.width <= 1);
      if (hiddenInput) {
        const label = element.closest('label') ?? (element.id ? document.querySelector('label[for="' + element.id + '"]') : null);
        if (!label) continue;
        box = label.getBoundingClientRect();
      }
      // A visible checkbox's label toggles it too: the target is the larger of the two boxes.
      const toggle = element.tagName === 'INPUT' && ['checkbox', 'radio'].includes(element.getAttribute('type'));
      const toggleLabel = toggle && element.id ? document.querySelector('label[for="' + element.id + '"]') : null;
      if (!hiddenInput && toggleLabel) {
        const labelBox = toggleLabel.getBoundingClientRect();
        box = { width: Math.max(box.width, labelBox.width), height: Math.max(box.height, labelBox.height) };
      }
      if (box.width + 0.5 < ${MIN_TARGET_PX} || box.height + 0.5 < ${MIN_TARGET_PX}) {
        const name = element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 30) || element.getAttribute('placeholder') || element.tagName;
        small.push(name + ' ' + Math.round(box.width) + 'x' + Math.round(box.height));
      }
    }
    return small;
  })()`);
}

/**
 * Mantine's Select scrolls its option list inside a box that takes no focus: the options are
 * reached from the combobox with the arrow keys (aria-activedescendant), so the rule that a
 * scrolling region be focusable does not apply there. Everywhere else it holds.
 */
const NOT_APPLICABLE = [{ rule: 'scrollable-region-focusable', within: '.mantine-Select-options' }];

/** What axe finds against WCAG 2.1 AA on the page as it stands, a line per rule. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found: string[] = [];
  for (const violation of results.violations) {
    const within = NOT_APPLICABLE.find((entry) => entry.rule === violation.id)?.within;
    const nodes = [];
    for (const node of violation.nodes) {
      const target = node.target.join(' ');
      const exempt =
        within !== undefined &&
        (await page.evaluate<boolean>(
          `Boolean(document.querySelector(${JSON.stringify(target)})?.closest(${JSON.stringify(within)}))`,
        ));
      if (!exempt) nodes.push(target);
    }
    if (nodes.length > 0) found.push(`${violation.id}: ${nodes.slice(0, 3).join(' | ')}`);
  }
  return found;
}

export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate<number>(
    `document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth`,
  );
}

/**
 * The plain text of the newest mail the app sent to `to`, once more than `after` mails have
 * reached that address (pass the count seen before an action to wait for the mail it sends).
 */
export async function readMail(
  to: string,
  { after = 0 }: { after?: number } = {},
): Promise<string> {
  await expect
    .poll(() => mailsTo(to).length, { message: `a mail to ${to}`, timeout: 20_000 })
    .toBeGreaterThan(after);
  const mails = mailsTo(to);
  return plainText(mails[mails.length - 1]!.raw);
}

/** How many mails the app has sent to `to` so far. */
export function mailCount(to: string): number {
  return mailsTo(to).length;
}

/** The sign-up confirmation code in a mail (`ABCDE-FGHJK`). */
export function signUpCodeIn(text: string): string {
  const code = /\b([A-Z0-9]{5}-[A-Z0-9]{5})\b/.exec(text)?.[1];
  expect(code, `no sign-up code in: ${text}`).toBeTruthy();
  return code!;
}

/** The 6-digit password-recovery code in a mail. */
export function resetCodeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, `no recovery code in: ${text}`).toBeTruthy();
  return code!;
}

/** A sign-up submitted on the page waits for the mailed code; this enters it. */
export async function finishSignUpFromMail(page: Page, email: string) {
  await expect(page.getByText(/Check your email to finish signing up/)).toBeVisible();
  const code = signUpCodeIn(await readMail(email));
  await page.getByRole('textbox', { name: 'Code from the email' }).fill(code);
  await page.getByRole('button', { name: 'Finish sign-up' }).click();
}

/** Creates an organization and its owner through the API, confirming the address by mail. */
export async function registerAccount(
  request: APIRequestContext,
  body: { organizationName: string; name: string; email: string; password: string },
) {
  const registered = await request.post('/api/auth/register', { data: body });
  expect(registered.status(), await registered.text()).toBe(202);
  const code = signUpCodeIn(await readMail(body.email));
  const confirmed = await request.post('/api/auth/register/confirm', {
    data: { email: body.email, code, password: body.password },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
}

/**
 * A JSON API call with the session of the page's browser context and its CSRF token, for the data
 * a test sets up or reads back; fails the test on an error status.
 */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(url, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** The browser's day (India), the day the app's forms date a record with, as yyyy-MM-dd. */
export function browserToday(page: Page): Promise<string> {
  return page.evaluate<string>('new Date().toLocaleDateString("en-CA")');
}

export interface MadeOrder {
  _id: string;
  poNumber: string;
  version: number;
  status: string;
}

/** The steps an order takes from pending; completing goes past its job cards. */
const ORDER_MOVES: Record<'pending' | 'in_progress' | 'completed', string[]> = {
  pending: [],
  in_progress: ['in_progress'],
  completed: ['in_progress', 'completed'],
};

/**
 * Orders of `merchantId` through the API, one per quantity of the demo's first design at ₹45,
 * numbered `{poPrefix}/1`, `{poPrefix}/2`…, each moved on to `status`.
 */
export async function makeOrders(
  page: Page,
  {
    merchantId,
    poPrefix,
    quantities = [10, 20],
    status = 'completed',
    orderDate,
  }: {
    merchantId: string;
    poPrefix: string;
    quantities?: number[];
    status?: keyof typeof ORDER_MOVES;
    orderDate?: string;
  },
): Promise<MadeOrder[]> {
  const designs = await api<{ data: { _id: string }[] }>(page, 'GET', '/api/designs/all');
  const design = designs.data[0];
  if (!design) throw new Error('the demo account has designs');
  const date = orderDate ?? (await browserToday(page));
  const orders: MadeOrder[] = [];
  for (const [index, quantity] of quantities.entries()) {
    let order = await api<MadeOrder>(page, 'POST', '/api/orders', {
      merchantId,
      poNumber: `${poPrefix}/${index + 1}`,
      orderDate: date,
      designs: [{ designId: design._id, quantity, rate: 45 }],
    });
    for (const next of ORDER_MOVES[status]) {
      order = await api<MadeOrder>(page, 'PUT', `/api/orders/${order._id}/status`, {
        status: next,
        version: order.version,
        ...(next === 'completed' ? { force: true } : {}),
      });
    }
    orders.push(order);
  }
  return orders;
}

/** A merchant of its own, so a test's figures stay apart from the demo's and other tests'. */
export async function makeMerchant(
  page: Page,
  body: { name: string; phone?: string },
): Promise<{ merchantId: string; merchantName: string }> {
  const merchant = await api<{ _id: string }>(page, 'POST', '/api/merchants', body);
  return { merchantId: merchant._id, merchantName: body.name };
}

export interface MadeBill {
  _id: string;
  number: string;
  totalAmount: number;
  paidAmount: number;
  balance: number;
  status: string;
  version: number;
}

/**
 * A new merchant with one bill made from two finished orders (10 and 20 pieces at ₹45, numbered
 * `{poPrefix}/1` and `/2`), dated the browser's day, as the billing desk would make it.
 */
export async function makeBill(
  page: Page,
  { merchantName, poPrefix, phone }: { merchantName: string; poPrefix: string; phone?: string },
) {
  const { merchantId } = await makeMerchant(page, {
    name: merchantName,
    ...(phone ? { phone } : {}),
  });
  const today = await browserToday(page);
  const orders = await makeOrders(page, { merchantId, poPrefix, orderDate: today });
  const bill = await api<MadeBill>(page, 'POST', '/api/bills', {
    merchantId,
    orderIds: orders.map((order) => order._id),
    billDate: today,
  });
  return { merchantId, merchantName, orders, bill };
}
