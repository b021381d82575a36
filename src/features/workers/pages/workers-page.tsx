import type { TFunction } from 'i18next';
import { CRUD_PERMISSIONS } from '../../../../contract/permissions.ts';
import { Group, Stack, Switch, Text } from '@mantine/core';
import { IconNeedleThread } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  WORKER_PAY_PERMISSION,
  WORKER_SORTABLE,
  type Worker,
} from '../../../../contract/workers.ts';
import type { DataTableColumn } from '@/components/data-table';
import { activeFilterField, type FilterField } from '@/components/filter-bar';
import { MoneyText } from '@/components/money-text';
import { nameColumn } from '@/components/list-columns';
import { Dash, PhoneCell } from '@/components/table-cells';
import { ResourceListPage, namedListTexts } from '@/components/resource-list-page';
import { resourceListProps } from '@/components/resource-list-props';
import { useFormatters } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useListParams } from '@/lib/use-list-params';
import { WorkerFormModal } from '../components/worker-form-modal';
import { workers } from '@/features/workers/resource';

const LIST_CONFIG = {
  filters: { search: { type: 'text' }, isActive: { type: 'boolean' } },
  sortable: WORKER_SORTABLE,
  defaultSort: '-createdAt',
} as const;

export default function WorkersPage() {
  const { t } = useTranslation('workers');
  const format = useFormatters();
  const list = useListParams(LIST_CONFIG);
  const query = useQuery(workers.queries.list(list.params));
  const remove = workers.useRemove();
  const update = workers.useUpdate();
  const togglingId = update.isPending ? update.variables?.input.id : undefined;
  // The server leaves pay out for roles that may not read it; so does the table.
  const canReadPay = useCan(WORKER_PAY_PERMISSION);

  const columns = useMemo<DataTableColumn<Worker>[]>(
    () => [
      nameColumn(t('columns.name'), (worker: Worker) => worker.designation),
      {
        key: 'phone',
        priority: 2,
        header: t('columns.phone'),
        nowrap: true,
        render: (worker) => <PhoneCell phone={worker.phone} />,
      },
      {
        key: 'joiningDate',
        priority: 3,
        header: t('columns.joiningDate'),
        sortField: 'joiningDate',
        nowrap: true,
        render: (worker) => format.date(worker.joiningDate),
      },
      ...(canReadPay ? [payColumn(t)] : []),
      {
        key: 'isActive',
        priority: 1,
        header: t('columns.status'),
        nowrap: true,
        render: (worker) => (
          <Group gap="xs" wrap="nowrap">
            <Switch
              size="sm"
              checked={worker.isActive}
              disabled={togglingId === worker._id}
              aria-label={t(worker.isActive ? 'actions.deactivate' : 'actions.activate', {
                name: worker.name,
              })}
              onChange={() =>
                update.mutate({
                  id: worker._id,
                  body: { isActive: !worker.isActive, version: worker.version },
                })
              }
            />
            {/* Plain words: a badge clips its label, and beside the switch it shrank to a bare dot. */}
            <Text size="sm" fw={500} c={worker.isActive ? 'teal.8' : 'dimmed'}>
              {worker.isActive ? t('status.active') : t('status.inactive')}
            </Text>
          </Group>
        ),
      },
      {
        key: 'createdAt',
        priority: 3,
        header: t('columns.created'),
        sortField: 'createdAt',
        nowrap: true,
        render: (worker) => format.date(worker.createdAt),
      },
    ],
    [t, format, togglingId, update, canReadPay],
  );

  const filterFields: FilterField[] = [
    { type: 'text', name: 'search', label: t('filters.search'), width: 300 },
    activeFilterField(t('filters.status'), t('status.active'), t('status.inactive'), 180),
  ];

  return (
    <ResourceListPage
      csvExport="/workers"
      permissions={CRUD_PERMISSIONS.workers}
      history={{ entity: 'worker', name: (worker) => worker.name }}
      texts={namedListTexts(t, (worker: Worker) => worker.name)}
      {...resourceListProps(workers, list, query)}
      emptyIcon={<IconNeedleThread size={28} stroke={1.5} aria-hidden />}
      columns={columns}
      filterFields={filterFields}
      remove={remove}
      renderForm={(worker, onClose) => (
        <WorkerFormModal key={worker?._id ?? 'new'} worker={worker} onClose={onClose} />
      )}
    />
  );
}

function payColumn(t: TFunction<'workers'>): DataTableColumn<Worker> {
  return {
    key: 'baseSalary',
    priority: 2,
    header: t('columns.baseSalary'),
    align: 'right',
    nowrap: true,
    render: (worker) =>
      worker.baseSalary == null ? (
        <Dash />
      ) : (
        <Stack gap={0} align="flex-end">
          <MoneyText amount={worker.baseSalary} size="sm" />
          {worker.salaryType ? (
            <Text size="xs" c="dimmed">
              {t(`salaryTypes.${worker.salaryType}`)}
            </Text>
          ) : null}
        </Stack>
      ),
  };
}
