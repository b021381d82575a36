import { Badge, Group, Text } from '@mantine/core';
import { IconChecklist, IconPencilPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobCard, JobCardListParams } from '../../../../contract/job-cards.ts';
import type { DataTableColumn, RowAction } from '@/components/data-table';
import { TitleCell } from '@/components/table-cells';
import { ResourceListPage, standardListTexts } from '@/components/resource-list-page';
import { resourceListProps } from '@/components/resource-list-props';
import { useFormatters } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { jobCards } from '@/features/tasks/resource';
import { useListParams } from '@/lib/use-list-params';
import { AssignWorkersModal } from '../components/assign-workers-modal';
import { CARD_LIST_CONFIG, useCardFilterFields } from '../components/card-filters';
import { cardName } from '../components/job-card-tile';
import { LogWorkModal } from '../components/log-work-modal';
import { MakeJobCardsModal } from '../components/make-job-cards-modal';
import { ProductionViews } from '../components/production-views';

const PERMISSIONS = { read: 'production.read', write: 'production.write' } as const;

/** `/tasks/list`: the job cards as a table, with the shared list page's filters and paging. */
export default function JobCardsListPage() {
  const { t } = useTranslation('production');
  const format = useFormatters();
  const list = useListParams(CARD_LIST_CONFIG);
  // The board's "show finished" switch means "all cards" here too.
  const { isDone: _done, ...params } = list.params;
  const query = useQuery(jobCards.queries.list(params as Partial<JobCardListParams>));
  const filterFields = useCardFilterFields({ withStage: true });
  const canWrite = useCan('production.write');
  const [logging, setLogging] = useState<JobCard | null>(null);

  const columns = useMemo<DataTableColumn<JobCard>[]>(
    () => [
      {
        key: 'card',
        priority: 1,
        header: t('columns.card'),
        sortField: 'poNumber',
        minWidth: 160,
        render: (card) => (
          <TitleCell
            title={`${card.order.poNumber} · ${card.design.designCode}`}
            detail={`${card.design.name} · ${t('card.quantity', { count: card.quantity })}`}
          />
        ),
      },
      {
        key: 'merchant',
        priority: 2,
        header: t('columns.merchant'),
        render: (card) => card.merchant.name,
      },
      {
        key: 'stage',
        priority: 1,
        header: t('columns.stage'),
        nowrap: true,
        render: (card) => (
          <Group gap={4}>
            <Text size="sm">{card.stage.name}</Text>
            {card.isDone ? (
              <Badge color="green" variant="light" size="sm">
                {t('card.done')}
              </Badge>
            ) : null}
          </Group>
        ),
      },
      {
        key: 'workers',
        priority: 3,
        header: t('columns.workers'),
        render: (card) =>
          card.workers.length ? (
            card.workers.map((worker) => worker.name).join(', ')
          ) : (
            <Text component="span" size="sm" c="dimmed">
              {t('card.noWorkers')}
            </Text>
          ),
      },
      {
        key: 'dueDate',
        priority: 2,
        header: t('columns.dueDate'),
        sortField: 'dueDate',
        nowrap: true,
        render: (card) => (
          <Group gap={4} wrap="nowrap">
            <Text size="sm">{card.dueDate ? format.date(card.dueDate) : '—'}</Text>
            {card.isOverdue ? (
              <Badge color="red" size="sm">
                {t('card.overdue')}
              </Badge>
            ) : null}
          </Group>
        ),
      },
      {
        key: 'progress',
        priority: 1,
        header: t('columns.progress'),
        sortField: 'piecesLeft',
        align: 'right',
        nowrap: true,
        render: (card) =>
          `${format.number(card.piecesDone)} / ${format.number(card.piecesRejected)} / ${format.number(card.piecesLeft)}`,
      },
    ],
    [t, format],
  );

  const extraRowActions = useMemo<RowAction<JobCard>[]>(
    () =>
      canWrite
        ? [
            {
              label: (card) => t('card.logWorkOn', { name: cardName(card) }),
              tooltip: t('card.logWork'),
              icon: <IconPencilPlus size={18} aria-hidden />,
              onClick: setLogging,
            },
          ]
        : [],
    [canWrite, t],
  );

  return (
    <>
      <ResourceListPage
        permissions={PERMISSIONS}
        texts={{
          ...standardListTexts(t),
          title: t('listTitle'),
          description: t('listDescription'),
          edit: (card) => t('card.assignOn', { name: cardName(card) }),
          empty: {
            title: t('board.empty'),
            filtered: t('board.empty'),
            initial: t('make.description'),
          },
        }}
        {...resourceListProps(jobCards, list, query)}
        emptyIcon={<IconChecklist size={28} stroke={1.5} aria-hidden />}
        columns={columns}
        filterFields={filterFields}
        history={{ entity: 'jobCard', name: cardName }}
        extraRowActions={extraRowActions}
        headerActions={<ProductionViews />}
        renderForm={(card, onClose) =>
          card ? (
            <AssignWorkersModal card={card} onClose={onClose} />
          ) : (
            <MakeJobCardsModal opened onClose={onClose} />
          )
        }
      />
      {logging ? <LogWorkModal card={logging} onClose={() => setLogging(null)} /> : null}
    </>
  );
}
