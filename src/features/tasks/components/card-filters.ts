import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { JOB_CARD_DUE_WINDOWS, JOB_CARD_SORTABLE } from '../../../../contract/job-cards.ts';
import type { FilterField } from '@/components/filter-bar';
import { merchants as merchantsResource } from '@/features/merchants/resource';
import { productionStages } from '@/features/tasks/resource';
import { workers as workersResource } from '@/features/workers/resource';

/** The URL state of both views, so switching between them keeps the filters. */
export const CARD_LIST_CONFIG = {
  filters: {
    stageId: { type: 'id' },
    workerId: { type: 'id' },
    merchantId: { type: 'id' },
    orderId: { type: 'id' },
    overdue: { type: 'boolean' },
    due: { type: 'select', options: JOB_CARD_DUE_WINDOWS },
    isDone: { type: 'boolean' },
    search: { type: 'text' },
  },
  sortable: JOB_CARD_SORTABLE,
  defaultSort: '-createdAt',
} as const;

/** Worker, merchant and lateness (and, for the list, the stage) as filter fields. */
export function useCardFilterFields({ withStage }: { withStage: boolean }): FilterField[] {
  const { t } = useTranslation('production');
  const workers = useQuery(workersResource.queries.all());
  const merchants = useQuery(merchantsResource.queries.all());
  const stages = useQuery({ ...productionStages.queries.list(), enabled: withStage });
  const fields: FilterField[] = [
    { type: 'text', name: 'search', label: t('filters.search'), width: 220 },
    {
      type: 'select',
      name: 'workerId',
      label: t('filters.worker'),
      searchable: true,
      width: 200,
      options: (workers.data ?? []).map((worker) => ({ value: worker._id, label: worker.name })),
    },
    {
      type: 'select',
      name: 'merchantId',
      label: t('filters.merchant'),
      searchable: true,
      width: 200,
      options: (merchants.data ?? []).map((merchant) => ({
        value: merchant._id,
        label: merchant.name,
      })),
    },
    {
      type: 'boolean',
      name: 'overdue',
      label: t('filters.overdue'),
      trueLabel: t('filters.overdueOnly'),
      falseLabel: t('filters.onTime'),
      width: 160,
    },
    {
      type: 'select',
      name: 'due',
      label: t('filters.due'),
      width: 170,
      options: JOB_CARD_DUE_WINDOWS.map((window) => ({
        value: window,
        label: t(`filters.dueWindow.${window}`),
      })),
    },
  ];
  if (withStage) {
    fields.splice(1, 0, {
      type: 'select',
      name: 'stageId',
      label: t('filters.stage'),
      width: 190,
      options: (stages.data ?? []).map((stage) => ({ value: stage._id, label: stage.name })),
    });
  }
  return fields;
}
