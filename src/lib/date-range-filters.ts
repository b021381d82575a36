/**
 * The URL state of a list's date range: every list query that takes one names its ends
 * `startDate` and `endDate` (the field is `dateRangeFilterField`).
 */
export const DATE_RANGE_FILTERS = {
  startDate: { type: 'date' },
  endDate: { type: 'date' },
} as const;
