import { expect, test, type Page } from '@playwright/test';
import { postWithToken } from './browser-events.ts';
import {
  api,
  browserToday,
  emailField,
  finishSignUpFromMail,
  passwordField,
  toast,
  uniqueEmail,
  uniqueSuffix,
  installServiceWorker,
  makeBill,
  signIn,
} from './support.ts';

test.use({ serviceWorkers: 'allow' });

const QUEUED_TOAST = 'Saved on this device. It will be sent when the connection returns.';

/** A fresh organization, so the merchants the server holds afterwards are exactly this test's. */
async function signUpFreshOrganization(page: Page) {
  await page.goto('/sign-up');
  await page.getByRole('textbox', { name: 'Organization name' }).fill('Offline Zari Works');
  await page.getByRole('textbox', { name: 'Your name' }).fill('Kiran Desai');
  const email = uniqueEmail('offline-writes');
  await emailField(page).fill(email);
  await passwordField(page).fill('zari-work-2025');
  await page.getByRole('button', { name: 'Create account' }).click();
  await finishSignUpFromMail(page, email);
  await expect(page).toHaveURL((url) => url.pathname === '/order-analytics');
}

async function seedOrder(page: Page, suffix: string) {
  const { organizationId, token } = await page.evaluate<{ organizationId: string; token: string }>(
    `(() => {
      const { state } = JSON.parse(localStorage.getItem('auth'));
      return { organizationId: state.organization._id, token: state.token.accessToken };
    })()`,
  );
  const merchantId = await postWithToken(page, token, '/api/merchants', {
    organizationId,
    name: `Seeded Merchant ${suffix}`,
  });
  const designId = await postWithToken(page, token, '/api/designs', {
    organizationId,
    name: 'Paisley border',
    designCode: `PB-${suffix}`,
    rate: 120,
  });
  const orderId = await postWithToken(page, token, '/api/orders', {
    organizationId,
    merchantId,
    poNumber: `PO-${suffix}`,
    orderDate: '2026-01-15',
    designs: [{ designId, quantity: 10, rate: 120 }],
  });
  return { orderId, seededMerchant: `Seeded Merchant ${suffix}` };
}

async function addMerchant(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add merchant' }).click();
  const form = page.getByRole('dialog', { name: 'Add merchant' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Phone' }).fill('9825012345');
  await form.getByRole('textbox', { name: 'City' }).fill('Surat');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
}

test('merchants created and an order edited offline survive a reload and reach the server once', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signUpFreshOrganization(page);
  await installServiceWorker(page);

  const suffix = uniqueSuffix();
  const { orderId, seededMerchant } = await seedOrder(page, suffix);
  // Seen once online, so the list, the form and its pick lists open from the cache offline. The
  // moves are in-app links: a full page load now could outrun the throttled save of the cache.
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await page.goto('/orders');
  await page.getByRole('link', { name: `PO-${suffix}` }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/orders/edit/${orderId}`);
  const notes = page.getByRole('textbox', { name: 'Notes' });
  await expect(notes).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'PO number' })).toHaveValue(`PO-${suffix}`);

  await navigation.getByRole('link', { name: 'Merchants', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);

  await context.setOffline(true);
  const names = ['Rangoli Textiles', 'Kesar Silk House', 'Moti Embroidery'].map(
    (name) => `${name} ${suffix}`,
  );
  for (const name of names) await addMerchant(page, name);
  await expect(toast(page, QUEUED_TOAST)).toBeVisible();

  const rows = page.getByRole('table').getByRole('row');
  const pendingRows = rows.filter({ hasText: 'Not sent yet' });
  await expect(pendingRows).toHaveCount(3);
  for (const name of names) await expect(pendingRows.filter({ hasText: name })).toHaveCount(1);
  // No server id yet, so there is nothing to edit or delete.
  await expect(page.getByRole('button', { name: `Edit ${names[0]}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '3 changes waiting to sync' })).toBeVisible();

  // Client-side navigation: the order page comes from the cache, not the network.
  await navigation.getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByRole('link', { name: `PO-${suffix}` }).click();
  await expect(notes).toBeVisible();
  await notes.fill('Gold zari on the border, pack in pairs');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/orders');
  await expect(page.getByRole('button', { name: '4 changes waiting to sync' })).toBeVisible();
  await navigation.getByRole('link', { name: 'Merchants', exact: true }).click();

  // The persisted copy is written with a throttle; give it time to reach IndexedDB.
  await page.waitForTimeout(1500);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  await expect(pendingRows).toHaveCount(3);
  await expect(page.getByRole('button', { name: '4 changes waiting to sync' })).toBeVisible();

  await context.setOffline(false);
  await expect(pendingRows).toHaveCount(0, { timeout: 15_000 });
  for (const name of names) await expect(rows.filter({ hasText: name })).toHaveCount(1);

  // What the server holds, not only what the page shows (the session cookie authenticates).
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/merchants?limit=50');
      const body = (await response.json()) as { data: { data: Array<{ name: string }> } };
      return body.data.data.map((merchant) => merchant.name).sort();
    })
    .toEqual([...names, seededMerchant].sort());
  // A late duplicate from a second replay would show up after the first check; look again.
  await page.waitForTimeout(1000);
  const response = await page.request.get('/api/merchants?limit=50');
  const body = (await response.json()) as { data: { totalCount: number } };
  expect(body.data.totalCount).toBe(4);

  const order = await page.request.get(`/api/orders/${orderId}`);
  const saved = (await order.json()) as { data: { notes: string | null; poNumber: string } };
  expect(saved.data).toMatchObject({
    notes: 'Gold zari on the border, pack in pairs',
    poNumber: `PO-${suffix}`,
  });
  const orders = await page.request.get('/api/orders?limit=50');
  expect(((await orders.json()) as { data: { totalCount: number } }).data.totalCount).toBe(1);
});

interface PaymentRead {
  _id: string;
  merchantId: string;
  paymentDate: string;
  amount: number;
  method: string;
  reference: string | null;
  tdsAmount: number;
  notes: string | null;
  version: number;
  allocations: { billNumber: string; amount: number }[];
}

/** A bill of its own and a ₹500 cash payment against it, with the payments register open on it. */
async function paymentToEdit(page: Page, label: string) {
  const suffix = uniqueSuffix();
  const { merchantId, merchantName, bill } = await makeBill(page, {
    merchantName: `${label} ${suffix}`,
    poPrefix: `${label.toUpperCase().replace(/\W/g, '')}/${suffix}`,
  });
  const payment = await api<PaymentRead>(page, 'POST', '/api/payments', {
    merchantId,
    paymentDate: await browserToday(page),
    amount: 500,
    method: 'cash',
  });
  await page.goto(`/payments?merchantId=${merchantId}`);
  const row = page.getByRole('row').filter({ hasText: merchantName });
  await expect(row).toContainText(`${bill.number}: ₹500.00`);
  return { suffix, merchantId, merchantName, bill, payment, row };
}

/** Opens the edit form of the register's only payment once its bills are read. */
async function openPaymentForm(page: Page, billNumber: string) {
  await page.getByRole('button', { name: /^Edit ₹[\d,.]+ from / }).click();
  const form = page.getByRole('dialog', { name: 'Edit payment' });
  await expect(form.getByRole('table', { name: 'Bills settled' })).toContainText(billNumber);
  return form;
}

/** Someone at another desk corrects the payment's notes, so its stored version moves on. */
async function changedElsewhere(page: Page, payment: PaymentRead) {
  const { _id, version, merchantId, paymentDate, amount, method, reference, tdsAmount } = payment;
  await api(page, 'PUT', `/api/payments/${_id}`, {
    ...{ merchantId, paymentDate, amount, method, reference, tdsAmount },
    notes: 'Counted again at the office',
    version,
  });
}

test('a payment edited offline is kept on this device and saved when the network returns', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await installServiceWorker(page);
  const { suffix, bill, payment, row } = await paymentToEdit(page, 'Offline payment');
  const form = await openPaymentForm(page, bill.number);

  await context.setOffline(true);
  await form.getByRole('textbox', { name: /^Amount received/ }).fill('650');
  await form.getByRole('textbox', { name: /^Reference/ }).fill(`UTR${suffix}`);
  await expect(form.getByRole('textbox', { name: `Amount applied to ${bill.number}` })).toHaveValue(
    '650',
  );
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, QUEUED_TOAST)).toBeVisible();
  await expect(form).toBeHidden();
  const pending = page.getByRole('button', { name: '1 change waiting to sync' });
  await expect(pending).toBeVisible();

  // Still there after a reload offline, named for what it is.
  await page.waitForTimeout(1500);
  await page.reload();
  await expect(pending).toBeVisible();
  await pending.click();
  const change = page.getByTestId('pending-change');
  await expect(change).toContainText('Payment changed');
  await expect(change).toContainText('Waiting for the network');
  await page.keyboard.press('Escape');

  await context.setOffline(false);
  await expect(pending).toBeHidden({ timeout: 20_000 });
  await expect(row).toContainText(`${bill.number}: ₹650.00`);
  await expect(row).toContainText(`UTR${suffix}`);
  const saved = await api<PaymentRead>(page, 'GET', `/api/payments/${payment._id}`);
  expect(saved).toMatchObject({
    amount: 650,
    reference: `UTR${suffix}`,
    version: payment.version + 1,
    allocations: [{ billNumber: bill.number, amount: 650 }],
  });
});

test('a payment saved over a newer copy keeps what was typed, online in the form and offline in the queue', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const { suffix, bill, payment, row } = await paymentToEdit(page, 'Stale payment');

  // Online: the form stays open with the typed values beside the other person's.
  let form = await openPaymentForm(page, bill.number);
  await changedElsewhere(page, payment);
  await form.getByRole('textbox', { name: /^Amount received/ }).fill('550');
  await form.getByRole('textbox', { name: /^Reference/ }).fill(`CHQ${suffix}`);
  await form.getByRole('button', { name: 'Save' }).click();
  const conflict = page.getByRole('dialog', { name: 'Someone else saved this record first' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByRole('row').filter({ hasText: 'Notes' })).toContainText(
    'Counted again at the office',
  );
  await conflict.getByRole('button', { name: 'Close' }).click();
  await expect(form.getByRole('textbox', { name: /^Amount received/ })).toHaveValue('550');
  await expect(form.getByRole('textbox', { name: /^Reference/ })).toHaveValue(`CHQ${suffix}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(form).toBeHidden();
  await expect(row).toContainText(`${bill.number}: ₹550.00`);

  // Offline: the refused change stays queued with its values until the user decides.
  const current = await api<PaymentRead>(page, 'GET', `/api/payments/${payment._id}`);
  expect(current).toMatchObject({ amount: 550, reference: `CHQ${suffix}` });
  form = await openPaymentForm(page, bill.number);
  await context.setOffline(true);
  await form.getByRole('textbox', { name: /^Reference/ }).fill(`NEFT${suffix}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await changedElsewhere(page, current);
  await context.setOffline(false);
  const pending = page.getByRole('button', { name: '1 change waiting to sync' });
  await pending.click();
  const change = page.getByTestId('pending-change');
  await expect(change).toContainText('Changed by someone else', { timeout: 20_000 });
  await change.getByRole('button', { name: 'Overwrite with mine' }).click();
  await expect(page.getByText('Everything is synced.')).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(row).toContainText(`NEFT${suffix}`);
  const saved = await api<PaymentRead>(page, 'GET', `/api/payments/${payment._id}`);
  expect(saved).toMatchObject({ amount: 550, reference: `NEFT${suffix}` });
});
