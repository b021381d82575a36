import dayjs from 'dayjs';
import type { DuesReport, Statement } from '../../../contract/dues.ts';
import { payments } from '@/features/payments/resource';
import type { WorkingSetRead } from '@/lib/resource-registry';
import type duesTexts from '../../../public/locales/en/dues.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    dues: typeof duesTexts;
  }
}

/**
 * The dues book. Keyed under `payments`, and bills refresh `payments` too, so a payment or a bill
 * written anywhere refetches it.
 */
export const duesReport = payments.defineRead<DuesReport, { asOf?: string | undefined }>('dues', {
  path: () => '/reports/dues',
  absolute: true,
  // The server's day may not be the user's (UTC against India after midnight), and payments are
  // dated in the user's day: without a date the report is asked for as of the user's today.
  searchParams: ({ asOf }) => ({ asOf: asOf ?? dayjs().format('YYYY-MM-DD') }),
  failure: 'dues:errors.fetchDues',
  keepPrevious: true,
});

export interface StatementParams {
  merchantId: string;
  startDate: string;
  endDate: string;
}

/** A merchant's statement of account; keyed under `payments` like the dues book. */
export const merchantStatement = payments.defineRead<Statement, StatementParams>('statement', {
  path: ({ merchantId }) => `/merchants/${encodeURIComponent(merchantId)}/statement`,
  absolute: true,
  searchParams: ({ startDate, endDate }) => ({ startDate, endDate }),
  failure: 'dues:errors.fetchStatement',
  keepPrevious: true,
});

// Each merchant's balance, as the merchants page shows it.
export const workingSetReads = [
  { permission: 'dues.read', query: () => duesReport({}) },
] satisfies WorkingSetRead[];
