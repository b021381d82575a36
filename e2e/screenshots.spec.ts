import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { docsScreenshotPath as screenshotPath } from './pictures.ts';
import { emailField, localeText, signIn, uniqueEmail } from './support.ts';

// Run alone with `npm run screenshots`; the images illustrate the README and the docs.
test.describe('documentation screenshots', { tag: '@screenshots' }, () => {
  type Theme = 'light' | 'dark';
  type Language = 'en' | 'gu' | 'hi';

  /**
   * Uses the storage keys the app itself reads, so the first paint is already in that look. Pages
   * start in English (the sign-in helper reads English labels); `switchLanguage` changes it later.
   */
  async function useTheme(page: Page, theme: Theme) {
    await page.emulateMedia({ colorScheme: theme });
    await page.addInitScript((themeValue) => {
      localStorage.setItem('vite-ui-theme', themeValue);
      if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
    }, theme);
  }

  async function switchLanguage(page: Page, language: Language) {
    await page.evaluate((value) => localStorage.setItem('language', value), language);
  }

  async function settle(page: Page) {
    await page.waitForLoadState('networkidle');
    // A string expression: the e2e TypeScript project has no DOM typings.
    await page.evaluate('document.fonts.ready.then(() => true)');
  }

  async function capture(page: Page, testInfo: TestInfo, name: string) {
    await settle(page);
    await page.screenshot({ path: screenshotPath(testInfo, name), animations: 'disabled' });
  }

  test('sign-in and sign-up', async ({ page }, testInfo) => {
    await useTheme(page, 'light');
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    await capture(page, testInfo, 'sign-in');

    await page.goto('/sign-up');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await capture(page, testInfo, 'sign-up');
  });

  test('password recovery: the email and the code steps', async ({ page }, testInfo) => {
    await useTheme(page, 'light');
    await page.goto('/forgot-password');
    await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
    await capture(page, testInfo, 'forgot-password');

    // An address without an account: the page reads the same, and nobody is mailed.
    await emailField(page).fill(uniqueEmail('screenshot'));
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter the code' })).toBeVisible();
    await capture(page, testInfo, 'otp');
  });

  test('billing desk and bill register, en and gu', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 1000 });
    await useTheme(page, 'light');
    await signIn(page);
    await page.goto('/export-bill-review');
    await expect(page.getByRole('heading', { level: 1, name: 'Export bill review' })).toBeVisible();
    // The demo book has finished orders left unbilled; two of the first merchant's are picked.
    const orders = page.getByRole('checkbox', { name: /^Bill / });
    await expect(orders.first()).toBeVisible();
    for (const order of await orders.all()) {
      if ((await page.getByRole('checkbox', { checked: true }).count()) >= 2) break;
      await order.check();
    }
    await expect(page.getByRole('button', { name: 'Make bill' })).toBeVisible();
    await capture(page, testInfo, 'billing-desk');

    await page.goto('/billing');
    await expect(page.getByRole('link', { name: 'Download CSV' })).toBeVisible();
    await capture(page, testInfo, 'bills-register');

    await switchLanguage(page, 'gu');
    await page.reload();
    await expect(
      page.getByRole('link', { name: localeText('gu', 'bills:downloadCsv') }),
    ).toBeVisible();
    await capture(page, testInfo, 'bills-register-gu');
  });

  test('organization profile, en and gu', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 1400 });
    await useTheme(page, 'light');
    await signIn(page);
    await page.goto('/settings/account');
    await expect(page.getByRole('textbox', { name: 'Business name' })).toBeVisible();
    await capture(page, testInfo, 'organization-profile');

    await switchLanguage(page, 'gu');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'gu');
    await expect(
      page.getByRole('textbox', { name: localeText('gu', 'organization:fields.name') }),
    ).toBeVisible();
    await capture(page, testInfo, 'organization-profile-gu');
  });

  for (const language of ['en', 'gu'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`merchants, ${language}, ${theme}`, async ({ page }, testInfo) => {
        await useTheme(page, theme);
        await signIn(page);
        await switchLanguage(page, language);
        await page.goto('/merchants');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('table')).toBeVisible();
        await capture(page, testInfo, `merchants-${language}-${theme}`);
      });
    }
  }

  test('merchants on a tablet', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await useTheme(page, 'light');
    await signIn(page);
    await page.goto('/merchants');
    await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await capture(page, testInfo, 'merchants-tablet');
  });

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['tablet', { width: 820, height: 1180 }],
  ] as const) {
    test(`payments, the record-payment form, the dues book and a statement, ${label}`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await useTheme(page, 'light');
      await signIn(page);
      await page.goto('/payments');
      await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Payments' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Totals of the filtered payments' }),
      ).toBeVisible();
      await capture(page, testInfo, `payments-${label}`);

      // The merchant who owes most, so the form shows open bills to split over.
      await page.goto('/customers');
      const statementLinks = page.getByRole('link', { name: /^Open the statement of / });
      await expect(statementLinks.first()).toBeVisible();
      const owing = ((await statementLinks.first().textContent()) ?? '').trim();
      await capture(page, testInfo, `customers-${label}`);

      await page.goto('/payments');
      await page.getByRole('button', { name: 'Record payment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record payment' });
      await dialog.getByRole('combobox', { name: /^Merchant/ }).fill(owing);
      await page.getByRole('option', { name: owing, exact: true }).click();
      await expect(dialog.getByRole('table', { name: 'Bills settled' })).toBeVisible();
      await dialog.getByRole('textbox', { name: /^Amount received/ }).fill('25000');
      await dialog.getByRole('textbox', { name: /^TDS deducted/ }).fill('500');
      await capture(page, testInfo, `payment-form-${label}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Discard' }).click();

      await page.goto('/customers');
      await statementLinks.first().click();
      await expect(page.getByRole('table', { name: 'Entries of the statement' })).toBeVisible();
      await capture(page, testInfo, `statement-${label}`);
    });
  }

  test.describe('a tablet with touch, 820 x 1180', () => {
    test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });
    for (const language of ['en', 'gu'] as const) {
      test(`orders and the order form on a tablet, ${language}`, async ({ page }, testInfo) => {
        await useTheme(page, 'light');
        await signIn(page);
        await switchLanguage(page, language);
        await page.goto('/orders');
        await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
        await capture(page, testInfo, `tablet-orders-${language}`);
        await page.goto('/orders/create');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await capture(page, testInfo, `tablet-order-create-${language}`);
      });
    }

    test('the production board and shift entry on a tablet', async ({ page }, testInfo) => {
      await useTheme(page, 'light');
      await signIn(page);
      await page.goto('/tasks');
      await expect(page.getByRole('region', { name: 'Production board' })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await capture(page, testInfo, 'tablet-production-board');

      await page.getByRole('link', { name: 'Shift entry' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Shift entry' })).toBeVisible();
      // Options of the list box, not of the language picker's native select.
      const firstOption = page.getByRole('listbox').getByRole('option').first();
      await page.getByRole('combobox', { name: 'Worker' }).click();
      await firstOption.click();
      for (const pieces of ['36', '18']) {
        await page.getByRole('combobox', { name: 'Add another open card' }).click();
        await firstOption.click();
        await page
          .getByRole('textbox', { name: /^Pieces done, / })
          .last()
          .fill(pieces);
      }
      await page
        .getByRole('textbox', { name: /^Rejected, / })
        .first()
        .fill('2');
      await page.getByRole('heading', { level: 1, name: 'Shift entry' }).click();
      await capture(page, testInfo, 'tablet-shift-entry');
    });

    test('the production board on a tablet, gu', async ({ page }, testInfo) => {
      await useTheme(page, 'light');
      await signIn(page);
      await switchLanguage(page, 'gu');
      await page.goto('/tasks');
      await expect(
        page.getByRole('heading', { level: 1, name: localeText('gu', 'production:title') }),
      ).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await capture(page, testInfo, 'tablet-production-board-gu');
    });
  });

  test('the header offline with a change waiting, hi, tablet', async ({
    page,
    context,
  }, testInfo) => {
    await page.setViewportSize({ width: 820, height: 600 });
    await useTheme(page, 'light');
    await signIn(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await page.goto('/merchants');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await context.setOffline(true);
    const hi = (key: string) => localeText('hi', key);
    await page.getByRole('button', { name: hi('merchants:add') }).click();
    const form = page.getByRole('dialog', { name: hi('merchants:add') });
    await form.getByRole('textbox', { name: hi('merchants:fields.name') }).fill('Offline Traders');
    await form.getByRole('button', { name: hi('ui:actions.save') }).click();
    await expect(form).toBeHidden();
    // Past the "saved on this device" toast.
    await page.waitForTimeout(4500);
    await page.screenshot({
      path: screenshotPath(testInfo, 'tablet-header-offline-hi'),
      animations: 'disabled',
    });
    await context.setOffline(false);
  });

  const areaPages = [
    { path: '/order-analytics', name: 'order-analytics', heading: 'Order analytics' },
    { path: '/orders', name: 'orders', heading: 'Orders' },
    { path: '/orders/create', name: 'order-create', heading: 'New order' },
    { path: '/designs', name: 'designs', heading: 'Designs' },
    { path: '/bank-details', name: 'bank-details', heading: 'Bank details' },
    { path: '/workers', name: 'workers', heading: 'Workers' },
    { path: '/salary-management', name: 'salaries', heading: 'Salaries' },
    { path: '/expenses', name: 'expenses', heading: 'Expenses' },
    { path: '/expense-analysis', name: 'expense-analysis', heading: 'Expense analysis' },
  ];

  test('every area with the demo data', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await useTheme(page, 'light');
    await signIn(page);
    for (const area of areaPages) {
      await page.goto(area.path);
      await expect(page.getByRole('heading', { level: 1, name: area.heading })).toBeVisible();
      await capture(page, testInfo, area.name);
    }
  });

  test('users and own settings', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await useTheme(page, 'light');
    await signIn(page);
    const pages = [
      { path: '/users', name: 'users', heading: 'Users' },
      { path: '/settings', name: 'settings-profile', heading: 'Settings' },
      { path: '/settings/notifications', name: 'settings-notifications', heading: 'Settings' },
      { path: '/settings/security', name: 'settings-security', heading: 'Settings' },
    ];
    for (const target of pages) {
      await page.goto(target.path);
      await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
      await capture(page, testInfo, target.name);
    }
    await page.goto('/users');
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Meena Shah');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('meena@example.com');
    await dialog.getByRole('button', { name: 'Generate a temporary password' }).click();
    await capture(page, testInfo, 'users-add');
  });

  test('the history of a record and the activity view', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await useTheme(page, 'light');
    await signIn(page);
    await page.goto('/merchants');
    const addForm = page.getByRole('dialog', { name: 'Add merchant' });
    await page.getByRole('button', { name: 'Add merchant' }).click();
    await addForm.getByRole('textbox', { name: 'Name', exact: true }).fill('Kiran Sarees');
    await addForm.getByRole('textbox', { name: 'City' }).fill('Surat');
    await addForm.getByRole('button', { name: 'Save' }).click();
    await expect(addForm).toBeHidden();
    await page.getByRole('textbox', { name: 'Search by name' }).fill('Kiran Sarees');
    await page.getByRole('button', { name: 'Edit Kiran Sarees' }).click();
    const editForm = page.getByRole('dialog', { name: 'Edit merchant' });
    await editForm.getByRole('textbox', { name: 'City' }).fill('Ahmedabad');
    await editForm.getByRole('textbox', { name: 'Phone' }).fill('9825012345');
    await editForm.getByRole('button', { name: 'Save' }).click();
    await expect(editForm).toBeHidden();
    // The picture is of the drawer, not of the save toasts over it.
    await expect(page.getByText('Merchant updated successfully')).toBeHidden({ timeout: 15_000 });
    await page.getByRole('button', { name: 'History of Kiran Sarees' }).click();
    await expect(page.getByRole('dialog', { name: 'History of Kiran Sarees' })).toContainText(
      'Ahmedabad',
    );
    await capture(page, testInfo, 'history-drawer');
    await page.goto('/settings/activity');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('table')).toContainText('City, Phone');
    await capture(page, testInfo, 'settings-activity');
  });

  test.describe("notes: the inbox and an order's notes", () => {
    async function tokenOf(page: Page, email: string) {
      const response = await page.request.post('/api/auth/login', {
        data: { email, password: 'karkhana-demo' },
      });
      return ((await response.json()) as { data: { token: { accessToken: string } } }).data.token
        .accessToken;
    }

    async function send(page: Page, token: string, url: string, data: unknown) {
      const response = await page.request.post(url, {
        data,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: { _id: string } }).data._id;
    }

    /** An order with a short conversation between the owner, the admin and the staff. */
    async function conversation(page: Page) {
      const owner = await tokenOf(page, 'demo@karkhana.app');
      const admin = await tokenOf(page, 'admin@karkhana.app');
      const staff = await tokenOf(page, 'staff@karkhana.app');
      const people = await page.request.get('/api/notes/people', {
        headers: { authorization: `Bearer ${owner}` },
      });
      const team = ((await people.json()) as { data: { data: { _id: string; name: string }[] } })
        .data.data;
      const idOf = (name: string) => team.find((person) => person.name === name)?._id;
      const orders = await page.request.get('/api/orders?limit=3&sort=-createdAt', {
        headers: { authorization: `Bearer ${owner}` },
      });
      const [first, second] = (
        (await orders.json()) as {
          data: { data: { _id: string; merchantId: string; poNumber: string }[] };
        }
      ).data.data;
      if (!first || !second) throw new Error('the demo data should have orders');
      const order = { subjectType: 'order', subjectId: first._id };
      const existing = await page.request.get(
        `/api/notes?subjectType=order&subjectId=${first._id}`,
        { headers: { authorization: `Bearer ${owner}` } },
      );
      // The desktop and tablet pictures show the same conversation, written once.
      if (((await existing.json()) as { data: { data: unknown[] } }).data.data.length > 0) {
        return first;
      }
      await send(page, staff, '/api/notes', {
        ...order,
        body: 'Merchant called: rate stays ₹12 a piece, delivery moved to Friday.',
      });
      await send(page, owner, '/api/notes', {
        ...order,
        body: 'Fine. @Demo Admin please update the delivery date on the order.',
        mentions: [idOf('Demo Admin')],
      });
      await send(page, admin, '/api/notes', {
        ...order,
        body: 'Done. @Demo Staff 20 pieces came back rejected from the last lot, please recount.',
        mentions: [idOf('Demo Staff')],
      });
      await send(page, staff, '/api/notes', {
        subjectType: 'merchant',
        subjectId: second.merchantId,
        body: 'Pays by cheque on the 10th; ask for the GST copy with the bill.',
      });
      await send(page, admin, '/api/notes', {
        subjectType: 'order',
        subjectId: second._id,
        body: '@Demo Owner the thread colours for this lot are out of stock, shall we substitute?',
        mentions: [idOf('Demo Owner')],
      });
      return first;
    }

    for (const device of ['desktop', 'tablet'] as const) {
      test(`inbox and order notes, ${device}`, async ({ page }, testInfo) => {
        test.setTimeout(120_000);
        if (device === 'tablet') await page.setViewportSize({ width: 820, height: 1180 });
        await useTheme(page, 'light');
        const order = await conversation(page);
        await signIn(page);
        const suffix = device === 'tablet' ? '-tablet' : '';
        await page.goto('/chats');
        await expect(page.getByTestId('inbox-thread').first()).toBeVisible();
        await capture(page, testInfo, `notes-inbox${suffix}`);
        await page.goto(`/chats/order/${order._id}`);
        await expect(page.getByRole('log', { name: 'Notes' })).toBeVisible();
        await capture(page, testInfo, `notes-thread${suffix}`);
        await page.goto(`/orders/edit/${order._id}`);
        const panel = page.getByRole('region', { name: 'Notes' });
        await expect(panel.getByTestId('note').first()).toBeVisible();
        const box = panel.getByRole('textbox', { name: 'Write a note' });
        await box.scrollIntoViewIfNeeded();
        await box.pressSequentially('Checked. @Dem');
        await expect(page.getByRole('option', { name: 'Demo Admin' })).toBeVisible();
        await settle(page);
        await panel.screenshot({
          path: screenshotPath(testInfo, `notes-order${suffix}`),
          animations: 'disabled',
        });
      });
    }
  });

  test('users on a tablet', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    await useTheme(page, 'light');
    await signIn(page);
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await capture(page, testInfo, 'users-tablet');
  });

  test('help center, this device and apps', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await useTheme(page, 'light');
    await signIn(page);
    for (const [width, height, suffix] of [
      [1280, 900, ''],
      [820, 1180, '-tablet'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await switchLanguage(page, 'en');
      await page.goto('/help-center');
      await expect(page.getByRole('region', { name: 'This device' })).toBeVisible();
      await expect(page.getByText('Storage used')).toBeVisible();
      await capture(page, testInfo, `help-center-device${suffix}`);

      await page.goto('/apps');
      await expect(page.getByRole('region', { name: 'Email' }).getByText('Set up')).toBeVisible();
      await expect(
        page.getByRole('switch', { name: 'Offer Share on WhatsApp on bills' }),
      ).toBeVisible();
      await capture(page, testInfo, `apps${suffix}`);

      for (const [language, article] of [
        ['gu', 'take-order'],
        ['hi', 'bill-and-get-paid'],
      ] as const) {
        await page.evaluate((value) => localStorage.setItem('language', value), language);
        await page.goto(`/help-center/${article}`);
        await expect(
          page.getByRole('heading', {
            level: 2,
            name: localeText(language, `help:articles.${article}.title`),
          }),
        ).toBeVisible();
        await capture(page, testInfo, `help-article-${language}${suffix}`);
      }
    }
    await switchLanguage(page, 'en');
  });

  test('import preview and the backup page', async ({ page }, testInfo) => {
    await useTheme(page, 'light');
    await page.setViewportSize({ width: 1280, height: 1320 });
    await signIn(page);
    await page.goto('/apps/import');
    const rows = [
      'Name,Contact person,Phone,Email,City,GSTIN',
      'Shree Ambika Silk,Ramesh Patel,+91 98250 11111,ambika@example.com,Surat,',
      'Laxmi Sarees,Kiran Shah,+91 98250 22222,,Ahmedabad,',
      ',Mehul Desai,,,Surat,',
      'Om Textiles,Nita Joshi,+91 98250 33333,om-at-example,Vadodara,',
      'Laxmi Sarees,Kiran Shah,,,Ahmedabad,',
      'Radhe Fabrics,Bhavin Modi,+91 98250 44444,,Rajkot,',
    ];
    await page.locator('input[type="file"]').setInputFiles({
      name: 'merchants.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${rows.join('\n')}\n`),
    });
    await expect(page.getByTestId('import-summary')).toBeVisible();
    await capture(page, testInfo, 'import-preview');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/apps/backup');
    await expect(page.getByRole('heading', { level: 1, name: 'Backup and restore' })).toBeVisible();
    await capture(page, testInfo, 'backup');
  });

  test('not-found page', async ({ page }, testInfo) => {
    await useTheme(page, 'light');
    await page.goto('/no-such-page');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Oops! Page Not Found!' }),
    ).toBeVisible();
    await capture(page, testInfo, 'not-found');
  });
});
