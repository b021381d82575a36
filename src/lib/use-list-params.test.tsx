import { act, renderHook } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestWrapper } from '@/test/render';
import { FILTER_DEBOUNCE_MS, parseFilter, readListParams, useListParams } from './use-list-params';

const config = {
  filters: {
    name: { type: 'text' },
    isActive: { type: 'boolean' },
    status: { type: 'select', options: ['pending', 'completed'] },
    startDate: { type: 'date' },
    endDate: { type: 'date' },
    month: { type: 'integer', min: 1, max: 12 },
  },
  sortable: ['name', 'createdAt'],
  defaultSort: '-createdAt',
} as const;

function renderListParams(route = '/list') {
  const { wrapper } = createTestWrapper({ route });
  return renderHook(
    () => {
      const location = useLocation();
      return { list: useListParams(config), url: `${location.pathname}${location.search}` };
    },
    { wrapper },
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useListParams', () => {
  it('starts at page 1 with 10 rows and the default sort', () => {
    const { result } = renderListParams();
    expect(result.current.list.params).toEqual({ page: 1, limit: 10 });
    expect(result.current.list.sort).toBe('-createdAt');
    expect(result.current.list.isDefault).toBe(true);
  });

  it('reads valid values from the URL', () => {
    const { result } = renderListParams(
      '/list?page=3&limit=50&sort=name&name=lax&isActive=false&status=pending&startDate=2025-02-28&month=12',
    );
    expect(result.current.list.params).toEqual({
      page: 3,
      limit: 50,
      sort: 'name',
      name: 'lax',
      isActive: false,
      status: 'pending',
      startDate: '2025-02-28',
      month: 12,
    });
  });

  it('falls back to defaults for values the API would reject', () => {
    const { result } = renderListParams(
      '/list?page=-2&limit=37&sort=password&isActive=yes&status=lost&startDate=2025-02-30&month=13',
    );
    expect(result.current.list.params).toEqual({ page: 1, limit: 10 });
    expect(result.current.list.sort).toBe('-createdAt');
    const { result: zero } = renderListParams('/list?page=0&limit=abc');
    expect(zero.current.list.params).toEqual({ page: 1, limit: 10 });
  });

  it('changes the page without touching anything else', () => {
    const { result } = renderListParams('/list?status=pending');
    act(() => result.current.list.setPage(4));
    expect(result.current.url).toBe('/list?status=pending&page=4');
    expect(result.current.list.page).toBe(4);
  });

  it('goes back to page 1 when a filter, the sort or the page size changes', () => {
    const { result } = renderListParams('/list?page=5');
    act(() => result.current.list.setFilter('status', 'completed'));
    expect(result.current.url).toBe('/list?status=completed');

    act(() => result.current.list.setPage(2));
    act(() => result.current.list.toggleSort('name'));
    expect(result.current.url).toBe('/list?status=completed&sort=name');

    act(() => result.current.list.setPage(2));
    act(() => result.current.list.setLimit(20));
    expect(result.current.url).toBe('/list?status=completed&sort=name&limit=20');
    expect(result.current.list.page).toBe(1);
  });

  it('toggles a column ascending, then descending; the default sort stays out of the URL', () => {
    const { result } = renderListParams();
    act(() => result.current.list.toggleSort('name'));
    expect(result.current.list.sort).toBe('name');
    act(() => result.current.list.toggleSort('name'));
    expect(result.current.list.sort).toBe('-name');
    expect(result.current.url).toBe('/list?sort=-name');
    act(() => result.current.list.toggleSort('createdAt'));
    expect(result.current.list.sort).toBe('createdAt');
    act(() => result.current.list.toggleSort('createdAt'));
    expect(result.current.list.sort).toBe('-createdAt');
    expect(result.current.url).toBe('/list');
  });

  it('debounces text filters before they reach the URL and the params', () => {
    vi.useFakeTimers();
    const { result } = renderListParams('/list?page=3');
    act(() => result.current.list.setFilter('name', 'p'));
    act(() => result.current.list.setFilter('name', 'pa'));
    act(() => result.current.list.setFilter('name', 'pat'));
    expect(result.current.list.inputValues.name).toBe('pat');
    expect(result.current.list.params.name).toBeUndefined();
    expect(result.current.url).toBe('/list?page=3');

    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS - 1);
    });
    expect(result.current.url).toBe('/list?page=3');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.url).toBe('/list?name=pat');
    expect(result.current.list.params).toEqual({ page: 1, limit: 10, name: 'pat' });
  });

  it('clears a text filter when emptied', () => {
    vi.useFakeTimers();
    const { result } = renderListParams('/list?name=pat');
    act(() => result.current.list.setFilter('name', ''));
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS);
    });
    expect(result.current.url).toBe('/list');
  });

  it('reset() restores every default, including text still being typed', () => {
    vi.useFakeTimers();
    const { result } = renderListParams(
      '/list?page=2&limit=50&sort=name&status=pending&other=keep',
    );
    act(() => result.current.list.setFilter('name', 'abc'));
    act(() => result.current.list.reset());
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS * 2);
    });
    expect(result.current.url).toBe('/list?other=keep');
    expect(result.current.list.inputValues).toEqual({});
    expect(result.current.list.isDefault).toBe(true);
  });

  it('clampPage moves to the last existing page', () => {
    const { result } = renderListParams('/list?page=9');
    act(() => result.current.list.clampPage(3));
    expect(result.current.list.page).toBe(3);
    act(() => result.current.list.clampPage(0));
    expect(result.current.list.page).toBe(3);
  });
});

describe('readListParams', () => {
  it.each([
    '/list',
    '/list?page=3&limit=50&sort=name&name=lax&isActive=false&status=pending&startDate=2025-02-28&month=12',
    '/list?page=-2&limit=37&sort=password&isActive=yes&status=lost&startDate=2025-02-30&month=13',
    '/list?sort=-createdAt&name=%20&unknown=1',
  ])('reads %s as the list page does', (route) => {
    const { result } = renderListParams(route);
    const search = new URLSearchParams(route.split('?')[1] ?? '');
    expect(readListParams(config, search)).toEqual(result.current.list.params);
  });
});

describe('a date range that ends before it starts', () => {
  it('is left out of the request until it is mended, and kept in the inputs', () => {
    const { result } = renderListParams('/list?startDate=2025-03-10&endDate=2025-03-01&month=3');
    expect(result.current.list.params).toEqual({ page: 1, limit: 10, month: 3 });
    expect(result.current.list.inputValues).toMatchObject({
      startDate: '2025-03-10',
      endDate: '2025-03-01',
    });
    act(() => result.current.list.setFilter('endDate', '2025-03-31'));
    expect(result.current.list.params).toMatchObject({
      startDate: '2025-03-10',
      endDate: '2025-03-31',
    });
  });

  it('keeps a one-day range', () => {
    const search = new URLSearchParams('startDate=2025-03-10&endDate=2025-03-10');
    expect(readListParams(config, search)).toMatchObject({
      startDate: '2025-03-10',
      endDate: '2025-03-10',
    });
  });
});

describe('a list without sortable columns', () => {
  it('takes no sort from the URL, not even a bare minus', () => {
    const { wrapper } = createTestWrapper({ route: '/list?sort=-' });
    const { result } = renderHook(() => useListParams({ filters: {}, sortable: [] }), { wrapper });
    expect(result.current.params).toEqual({ page: 1, limit: 10 });
  });
});

describe('parseFilter', () => {
  it('accepts only what the API accepts', () => {
    expect(parseFilter({ type: 'id' }, '0190a1b2-0000-7000-8000-000000000001')).toBe(
      '0190a1b2-0000-7000-8000-000000000001',
    );
    expect(parseFilter({ type: 'id' }, 'nope')).toBeUndefined();
    expect(parseFilter({ type: 'amount' }, '12.5')).toBe(12.5);
    expect(parseFilter({ type: 'amount' }, '12.555')).toBeUndefined();
    expect(parseFilter({ type: 'text' }, '   ')).toBeUndefined();
    expect(parseFilter({ type: 'boolean' }, 'true')).toBe(true);
  });
});
