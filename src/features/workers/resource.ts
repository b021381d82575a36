import { workerSchemas } from '../../../contract/workers.ts';
import { createResource } from '@/lib/resource-factory';
import type workerTexts from '../../../public/locales/en/workers.json';

export const workers = createResource({
  namespace: 'workers',
  schemas: workerSchemas,
  // Salary entries embed the worker's name and the summary groups by it.
  related: ['worker-salaries'],
  // The spec keeps a worker's deletion silent.
  messages: { deleted: null },
  offline: { page: '/workers' },
  workingSet: { permission: 'workers.read', pickList: true, firstPage: true },
});

declare module '@/lib/translation-resources' {
  interface AppResources {
    workers: typeof workerTexts;
  }
}
