import { expect, test, type Page } from '@playwright/test';
import { postWithToken } from './browser-events.ts';
import { choose, signIn, smallTargets, toast, uniqueSuffix } from './support.ts';

const QUEUED_TOAST = 'Saved on this device. It will be sent when the connection returns.';

async function session(page: Page) {
  return page.evaluate<{ organizationId: string; token: string }>(
    `(() => {
      const { state } = JSON.parse(localStorage.getItem('auth'));
      return { organizationId: state.organization._id, token: state.token.accessToken };
    })()`,
  );
}

test.describe('the shop floor on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: false });

  test('pieces logged offline by two workers reach the cards and the wages, and the balance is paid', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const suffix = uniqueSuffix();
    const po = `PO-FLOOR-${suffix}`;
    await signIn(page);
    const { organizationId, token } = await session(page);
    const merchantId = await postWithToken(page, token, '/api/merchants', {
      organizationId,
      name: `Floor Merchant ${suffix}`,
    });
    const butta = await postWithToken(page, token, '/api/designs', {
      organizationId,
      name: `Mango butta ${suffix}`,
      designCode: `MB-${suffix}`,
      rate: 2.5,
    });
    const border = await postWithToken(page, token, '/api/designs', {
      organizationId,
      name: `Peacock border ${suffix}`,
      designCode: `PB-${suffix}`,
      rate: 4,
    });
    const workers = [`Kiran Patel ${suffix}`, `Meena Solanki ${suffix}`];
    const workerIds: string[] = [];
    for (const name of workers) {
      workerIds.push(
        await postWithToken(page, token, '/api/workers', {
          organizationId,
          name,
          joiningDate: '2024-04-01',
          salaryType: 'piece_rate',
          baseSalary: 3,
        }),
      );
    }
    const orderId = await postWithToken(page, token, '/api/orders', {
      organizationId,
      merchantId,
      poNumber: po,
      orderDate: '2026-01-15',
      designs: [
        { designId: butta, quantity: 100, rate: 20 },
        { designId: border, quantity: 60, rate: 35 },
      ],
    });

    // Make the order's job cards from its page and open them.
    await page.goto(`/orders/edit/${orderId}`);
    await page.getByRole('button', { name: 'Make job cards' }).click();
    await expect(toast(page, '2 job cards made')).toBeVisible();
    await page.getByRole('link', { name: 'Job cards', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Job cards' })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);

    // The board: the butta card moves on to machine embroidery, the border stays at punching.
    await page.goto(`/tasks?search=${encodeURIComponent(po)}`);
    const buttaCard = page.getByRole('article', { name: `${po}, Mango butta ${suffix}` });
    const borderCard = page.getByRole('article', { name: `${po}, Peacock border ${suffix}` });
    await expect(buttaCard).toBeVisible();
    await buttaCard
      .getByRole('button', { name: `Next: move ${po} MB-${suffix} to Machine embroidery` })
      .click();
    await expect(
      page.getByRole('region', { name: /^Machine embroidery: / }).getByRole('article', {
        name: `${po}, Mango butta ${suffix}`,
      }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: /^Design punching: / })).toContainText(
      `Peacock border ${suffix}`,
    );
    expect(await smallTargets(page)).toEqual([]);

    // Shift entry, opened online; the floor's network then drops.
    await page.getByRole('link', { name: 'Shift entry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shift entry' })).toBeVisible();
    await choose(page, 'Worker', workers[0]!);
    await expect(
      page.getByText('No open job card is assigned to this worker. Add one below.'),
    ).toBeVisible();
    await context.setOffline(true);

    await choose(
      page,
      'Add another open card',
      `${po} MB-${suffix} · Mango butta ${suffix} · Machine embroidery`,
    );
    const buttaRow = page.getByRole('listitem', { name: `${po} MB-${suffix}` });
    await buttaRow.getByRole('textbox', { name: `Pieces done, ${po} MB-${suffix}` }).fill('40');
    await buttaRow.getByRole('textbox', { name: `Rejected, ${po} MB-${suffix}` }).fill('2');
    await expect(page.getByTestId('shift-total')).toHaveText('40 pieces, ₹100.00');
    expect(await smallTargets(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save shift' }).click();
    await expect(toast(page, QUEUED_TOAST)).toBeVisible();
    await expect(buttaRow).toHaveCount(0);

    await choose(page, 'Worker', workers[1]!);
    await choose(
      page,
      'Add another open card',
      `${po} PB-${suffix} · Peacock border ${suffix} · Design punching`,
    );
    const borderRow = page.getByRole('listitem', { name: `${po} PB-${suffix}` });
    await borderRow.getByRole('textbox', { name: `Pieces done, ${po} PB-${suffix}` }).fill('30');
    await page.getByRole('button', { name: 'Save shift' }).click();
    await expect(page.getByRole('button', { name: '2 changes waiting to sync' })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: /changes? waiting to sync/ })).toHaveCount(0, {
      timeout: 20_000,
    });

    // Each shift reached the server once: the cards count exactly these pieces.
    await page.goto(`/tasks?search=${encodeURIComponent(po)}`);
    await expect(buttaCard.getByTestId('card-counts')).toHaveText('Done 40 · Rejected 2 · Left 58');
    await expect(borderCard.getByTestId('card-counts')).toHaveText(
      'Done 30 · Rejected 0 · Left 30',
    );

    // Wages: 40 × ₹2.50 earned, nothing paid yet; then the balance is paid.
    await page.goto(`/salary-management?workerId=${workerIds[0]}`);
    const wages = page.getByRole('table', { name: 'Wages by worker' });
    const kiran = wages.getByTestId(`wages-${workerIds[0]}`);
    await expect(kiran.getByRole('cell')).toHaveText([
      new RegExp(`^Kiran Patel ${suffix}`),
      '40',
      '₹100.00',
      '₹0.00',
      '₹100.00',
      'Pay the balance',
    ]);
    await kiran
      .getByRole('link', { name: `Pay the balance: Kiran Patel ${suffix}, ₹100.00` })
      .click();
    const form = page.getByRole('form', { name: 'Record payment' });
    await expect(form.getByRole('textbox', { name: 'Amount' })).toHaveValue('100');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/salary-management');
    await page.goto(`/salary-management?workerId=${workerIds[0]}`);
    await expect(kiran.getByRole('cell').nth(4)).toHaveText('₹0.00');
    await expect(kiran.getByRole('link', { name: /Pay .* the balance/ })).toHaveCount(0);
    const meena = wages.getByTestId(`wages-${workerIds[1]}`);
    await expect(meena).toHaveCount(0);
  });
});
