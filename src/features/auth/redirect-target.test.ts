import { describe, expect, it } from 'vitest';
import { safeRedirectTarget, signInPathFor } from './redirect-target';

describe('safeRedirectTarget', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeRedirectTarget('/merchants?page=2&name=Laxmi#top')).toBe(
      '/merchants?page=2&name=Laxmi#top',
    );
  });

  it.each([
    [null],
    [''],
    ['//evil.com'],
    ['//evil.com/merchants'],
    ['/\\evil.com'],
    ['https://evil.com/'],
    ['javascript:alert(1)'],
    ['merchants'],
    ['/sign-in?redirect=/orders'],
  ])('sends %s to the home page instead', (target) => {
    expect(safeRedirectTarget(target)).toBe('/order-analytics');
  });
});

describe('signInPathFor', () => {
  it('encodes the path and query as one redirect parameter', () => {
    const url = new URL(signInPathFor('/orders?status=pending&page=2'), 'https://app.test');
    expect(url.pathname).toBe('/sign-in');
    expect(url.searchParams.get('redirect')).toBe('/orders?status=pending&page=2');
  });
});
