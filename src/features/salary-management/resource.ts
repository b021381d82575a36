import type { WorkerWages } from '../../../contract/worker-wages.ts';
import {
  workerSalary,
  workerSalaryCreate,
  workerSalaryListQuery,
  workerSalaryUpdate,
  type WorkerSalarySummary,
} from '../../../contract/worker-salaries.ts';
import { createResource } from '@/lib/resource-factory';
import type salaryTexts from '../../../public/locales/en/worker-salaries.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    'worker-salaries': typeof salaryTexts;
  }
}

export const workerSalaries = createResource({
  namespace: 'worker-salaries',
  schemas: {
    record: workerSalary,
    create: workerSalaryCreate,
    update: workerSalaryUpdate,
    listQuery: workerSalaryListQuery,
  },
  // The server records who made and changed an entry, so writes need the signed-in user.
  requireUser: true,
  offline: {
    forms: {
      create: '/salary-management/create',
      edit: (id) => `/salary-management/edit/${encodeURIComponent(id)}`,
    },
  },
  workingSet: { permission: 'salaries.read', firstPage: true },
});

export interface SalarySummaryParams {
  workerId?: string | undefined;
  year?: number | undefined;
  month?: number | undefined;
}

/** Keyed under `worker-salaries`, so every salary write refetches it with the list. */
export const salarySummary = workerSalaries.defineRead<WorkerSalarySummary, SalarySummaryParams>(
  'summary',
  {
    path: () => '/summary',
    searchParams: (params) => ({ ...params }),
    failure: 'worker-salaries:errors.summary',
  },
);

export interface WorkerWagesParams {
  /** `yyyy-MM`. */
  month: string;
  workerId?: string | undefined;
}

/**
 * Each worker's month: earned, paid, due. Keyed under `worker-salaries`, so a payment refetches
 * it, and production entries name `worker-salaries` among their related keys for the same reason.
 */
export const workerWages = workerSalaries.defineRead<WorkerWages, WorkerWagesParams>('wages', {
  path: () => '/worker-wages',
  absolute: true,
  searchParams: (params) => ({ ...params }),
  failure: 'worker-salaries:errors.wages',
  keepPrevious: true,
});
