import { expect, test, type Page } from '@playwright/test';
import { DATA_PAGES, emailField, signIn, uniqueEmail } from './support.ts';

const MIN_TARGET_PX = 44;

/**
 * Every visible control and the size of what a finger can hit: the control itself, or for
 * visually hidden inputs (switches, checkboxes, radios) the label that wraps them. Inline links in
 * running text are exempt in WCAG 2.5.5; the app has none inside its controls' area.
 */
async function smallTargets(page: Page): Promise<string[]> {
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
      if (box.width + 0.5 < ${MIN_TARGET_PX} || box.height + 0.5 < ${MIN_TARGET_PX}) {
        const name = element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 30) || element.getAttribute('placeholder') || element.tagName;
        small.push(name + ' ' + Math.round(box.width) + 'x' + Math.round(box.height));
      }
    }
    return small;
  })()`);
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate<number>(
    `document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth`,
  );
}

test.describe('on a tablet with touch', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: false });

  test('every control on the orders pages is at least 44 px and nothing scrolls sideways', async ({
    page,
  }) => {
    await signIn(page);
    expect(await page.evaluate<boolean>(`matchMedia('(pointer: coarse)').matches`)).toBe(true);

    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.goto('/orders/create');
    await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
  });
});

test.describe('password recovery and the organization profile on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: false });

  test('every control is at least 44 px and nothing scrolls sideways', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    await emailField(page).fill(uniqueEmail('tablet'));
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    await signIn(page);
    await page.goto('/settings/account');
    await expect(page.getByRole('textbox', { name: 'Business name' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
  });
});

for (const width of [768, 820, 1024]) {
  test(`no page scrolls sideways at ${width} px`, async ({ page }) => {
    // Ten pages in one test: room for a slow runner.
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 1000 });
    await signIn(page);
    for (const route of DATA_PAGES) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
      expect(await horizontalOverflow(page), route).toBe(0);
    }
  });
}
