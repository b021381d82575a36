import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoAccount, signIn, uniqueSuffix } from './support.ts';

const staffAccount = { email: 'staff@karkhana.app', password: demoAccount.password } as const;

/** A bearer token of `account`, for setting up data without going through the screens. */
async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { token: { accessToken: string } } }).data.token
    .accessToken;
}

async function post(request: APIRequestContext, token: string, url: string, data: unknown) {
  const response = await request.post(url, {
    data,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

/** An order of this run's own merchant, so the thread starts empty. */
async function createOrder(request: APIRequestContext, token: string, suffix: string) {
  const merchantId = await post(request, token, '/api/merchants', { name: `Notes ${suffix}` });
  const designs = await request.get('/api/designs/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  const designId = ((await designs.json()) as { data: { data: { _id: string }[] } }).data.data[0]
    ?._id;
  const poNumber = `NOTE/${suffix}`.slice(0, 40);
  const orderId = await post(request, token, '/api/orders', {
    merchantId,
    poNumber,
    orderDate: '2026-11-20',
    designs: [{ designId, quantity: 100, rate: 12 }],
  });
  return { merchantId, orderId, poNumber };
}

const inboxRows = (page: Page) => page.getByTestId('inbox-thread');

test('a note mentioning the staff user reaches their inbox on top, and reading it clears it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const suffix = uniqueSuffix();
  const ownerToken = await tokenOf(request, demoAccount);
  const { merchantId, orderId, poNumber } = await createOrder(request, ownerToken, suffix);

  // The owner writes on the order, picking the staff user from the @ picker.
  await signIn(page);
  await page.goto(`/orders/edit/${orderId}`);
  const notes = page.getByRole('region', { name: 'Notes' });
  await expect(notes.getByText(/No notes yet/)).toBeVisible();
  // The thread sits below the order form; the user scrolls down to it, so the @ picker that
  // opens above the box has the room a person would see.
  await notes.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 300);
  const box = notes.getByRole('textbox', { name: 'Write a note' });
  await box.fill('Rate ₹12 a piece agreed. ');
  await box.pressSequentially('@Demo St');
  await page.getByRole('option', { name: 'Demo Staff' }).click();
  await expect(box).toHaveValue('Rate ₹12 a piece agreed. @Demo Staff ');
  await box.pressSequentially('please count the 20 rejected pieces');
  await notes.getByRole('button', { name: 'Send' }).click();
  const noteText = 'Rate ₹12 a piece agreed. @Demo Staff please count the 20 rejected pieces';
  await expect(notes.getByTestId('note-body').filter({ hasText: noteText })).toBeVisible();
  await expect(box).toHaveValue('');

  // A newer thread that does not mention staff: the mention must still come first.
  await post(request, ownerToken, '/api/notes', {
    subjectType: 'merchant',
    subjectId: merchantId,
    body: 'Pays on the 10th of every month',
  });

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  try {
    await signIn(staff, staffAccount);
    await staff.goto('/chats');
    await expect(staff.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();
    const first = inboxRows(staff).first();
    await expect(first).toContainText(`Order ${poNumber}`);
    await expect(first).toContainText('Mentions you');
    await expect(first).toContainText('1 unread');
    const merchantRow = inboxRows(staff).filter({ hasText: `Merchant Notes ${suffix}` });
    await expect(merchantRow).toContainText('1 unread');
    await expect(merchantRow).not.toContainText('Mentions you');

    await first.click();
    await expect(staff).toHaveURL(new RegExp(`/chats/order/${orderId}$`));
    const thread = staff.getByRole('log', { name: 'Notes' });
    await expect(thread.getByText(noteText)).toBeVisible();
    await expect(thread.getByText('Mentions you')).toBeVisible();

    // Read now: the row loses its unread count and its mention badge, and the thread drops down.
    const orderRow = inboxRows(staff).filter({ hasText: `Order ${poNumber}` });
    await expect(orderRow).not.toContainText('unread');
    await expect(orderRow).not.toContainText('Mentions you');
    await expect(inboxRows(staff).first()).not.toContainText(`Order ${poNumber}`);

    // And it stays read after a reload.
    await staff.goto('/chats');
    await expect(inboxRows(staff).filter({ hasText: `Order ${poNumber}` })).not.toContainText(
      'unread',
    );
  } finally {
    await staffContext.close();
  }
});

test('a reply appears in the open thread without a reload', async ({ page, request }) => {
  test.setTimeout(60_000);
  const suffix = uniqueSuffix();
  const ownerToken = await tokenOf(request, demoAccount);
  const { orderId } = await createOrder(request, ownerToken, suffix);
  await signIn(page);
  await page.goto(`/chats/order/${orderId}`);
  const thread = page.getByRole('log', { name: 'Notes' });
  await expect(page.getByText(/^No notes yet\. Write/)).toBeVisible();
  const staffToken = await tokenOf(request, staffAccount);
  await post(request, staffToken, '/api/notes', {
    subjectType: 'order',
    subjectId: orderId,
    body: 'Packed and ready for dispatch',
  });
  // The open thread asks for news every 10 seconds.
  await expect(thread.getByText('Packed and ready for dispatch')).toBeVisible({ timeout: 20_000 });
});
