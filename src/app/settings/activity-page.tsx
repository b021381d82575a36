import { Drawer, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ENTITIES, type AuditEntry } from '../../../contract/audit.ts';
import {
  AuditEntryItem,
  AUDIT_NAMESPACES,
  exactTime,
  relativeTime,
  useAuditTexts,
} from '@/components/audit-entry';
import { DataTable, type DataTableColumn, type RowAction } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { FilterBar, type FilterField } from '@/components/filter-bar';
import { HistoryDrawer } from '@/components/history-drawer';
import { tableQueryState } from '@/components/query-state';
import { ListPaginationBar } from '@/components/pagination-bar';
import { auditLog, type AuditLogParams } from '@/features/settings/resource';
import { users } from '@/features/users/resource';
import { useListParams } from '@/lib/use-list-params';

const LIST_CONFIG = {
  filters: {
    userId: { type: 'id' },
    entity: { type: 'select', options: AUDIT_ENTITIES },
    startDate: { type: 'date' },
    endDate: { type: 'date' },
  },
  sortable: ['at'],
  defaultSort: '-at',
} as const;

/** `/settings/activity`: every entry of the audit trail, filtered by person, area and dates. */
export default function ActivityPage() {
  const { t } = useTranslation(AUDIT_NAMESPACES);
  const texts = useAuditTexts();
  const list = useListParams(LIST_CONFIG);
  const query = useQuery(auditLog.queries.list(list.params as AuditLogParams));
  const team = useQuery(users.queries.all());
  const [selected, setSelected] = useState<AuditEntry | null>(null);

  const { clampPage } = list;
  const totalPages = query.data?.totalPages;
  useEffect(() => {
    if (totalPages !== undefined) clampPage(totalPages);
  }, [clampPage, totalPages]);

  const columns = useMemo<DataTableColumn<AuditEntry>[]>(
    () => [
      {
        key: 'at',
        priority: 1,
        header: t('audit:columns.at'),
        sortField: 'at',
        nowrap: true,
        render: (entry) => (
          <Stack gap={0}>
            <Text size="sm" component="time" dateTime={entry.at}>
              {relativeTime(entry.at, texts.language)}
            </Text>
            <Text size="xs" c="dimmed">
              {exactTime(entry.at, texts.language)}
            </Text>
          </Stack>
        ),
      },
      {
        key: 'user',
        priority: 2,
        header: t('audit:columns.user'),
        minWidth: 140,
        render: (entry) => texts.authorName(entry),
      },
      {
        key: 'action',
        priority: 1,
        header: t('audit:columns.action'),
        nowrap: true,
        render: (entry) => texts.actionLabel(entry),
      },
      {
        key: 'entity',
        priority: 1,
        header: t('audit:columns.entity'),
        nowrap: true,
        render: (entry) => texts.entityLabel(entry.entity),
      },
      {
        key: 'changes',
        priority: 2,
        header: t('audit:columns.changes'),
        minWidth: 200,
        render: (entry) => {
          const fields = Object.keys(entry.changes);
          return fields.length === 0
            ? t('audit:changes.none')
            : fields.map((field) => texts.fieldLabel(entry.entity, field)).join(', ');
        },
      },
    ],
    [t, texts],
  );

  const rowActions = useMemo<RowAction<AuditEntry>[]>(
    () => [
      {
        label: (entry) =>
          t('audit:history.action', {
            name: `${texts.entityLabel(entry.entity)} · ${exactTime(entry.at, texts.language)}`,
          }),
        tooltip: t('audit:history.tooltip'),
        icon: <IconHistory size={18} aria-hidden />,
        onClick: setSelected,
      },
    ],
    [t, texts],
  );

  const filterFields: FilterField[] = [
    {
      type: 'select',
      name: 'userId',
      label: t('audit:filters.user'),
      placeholder: t('audit:filters.allUsers'),
      searchable: true,
      width: 220,
      options: (team.data ?? []).map((person) => ({ value: person._id, label: person.name })),
    },
    {
      type: 'select',
      name: 'entity',
      label: t('audit:filters.entity'),
      placeholder: t('audit:filters.allEntities'),
      width: 200,
      options: AUDIT_ENTITIES.map((entity) => ({
        value: entity,
        label: texts.entityLabel(entity),
      })),
    },
    { type: 'dateRange', from: 'startDate', to: 'endDate', label: t('audit:filters.date') },
  ];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz={20}>
          {t('audit:title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('audit:description')}
        </Text>
      </Stack>
      <FilterBar
        fields={filterFields}
        values={list.inputValues}
        onChange={list.setFilter as (name: string, value: unknown) => void}
        onReset={list.reset}
        canReset={!list.isDefault}
      />
      <DataTable
        label={t('audit:tableLabel')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(entry) => entry._id}
        {...tableQueryState(query, t, 'audit:errors.fetchList')}
        sort={list.sort}
        onSort={list.toggleSort as (field: string) => void}
        rowActions={rowActions}
        empty={
          <EmptyState
            icon={<IconHistory size={28} stroke={1.5} aria-hidden />}
            title={t('audit:empty.title')}
            description={list.isFiltered ? t('audit:empty.filtered') : t('audit:empty.initial')}
          />
        }
      />
      <ListPaginationBar list={list} data={query.data} />
      <HistoryDrawer
        target={
          selected?.entityId
            ? {
                entity: selected.entity,
                entityId: selected.entityId,
                name: texts.entityLabel(selected.entity),
              }
            : null
        }
        onClose={() => setSelected(null)}
      />
      <Drawer
        opened={selected !== null && !selected.entityId}
        onClose={() => setSelected(null)}
        position="right"
        size="lg"
        title={selected ? texts.entityLabel(selected.entity) : ''}
      >
        {selected && !selected.entityId ? <AuditEntryItem entry={selected} /> : null}
      </Drawer>
    </Stack>
  );
}
