import { CRUD_PERMISSIONS } from '../../../../contract/permissions.ts';
import { Text } from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DESIGN_SORTABLE, type Design } from '../../../../contract/designs.ts';
import type { DataTableColumn } from '@/components/data-table';
import type { FilterField } from '@/components/filter-bar';
import { MoneyText } from '@/components/money-text';
import { ResourceListPage, namedListTexts } from '@/components/resource-list-page';
import { resourceListProps } from '@/components/resource-list-props';
import { useFormatters } from '@/lib/format';
import { useListParams } from '@/lib/use-list-params';
import { DesignFormModal } from '../components/design-form-modal';
import { designs } from '@/features/designs/resource';

const LIST_CONFIG = {
  filters: { name: { type: 'text' }, designCode: { type: 'text' } },
  sortable: DESIGN_SORTABLE,
  defaultSort: '-createdAt',
} as const;

export default function DesignsPage() {
  const { t } = useTranslation('designs');
  const format = useFormatters();
  const list = useListParams(LIST_CONFIG);
  const query = useQuery(designs.queries.list(list.params));
  const remove = designs.useRemove();

  const columns = useMemo<DataTableColumn<Design>[]>(
    () => [
      {
        key: 'designCode',
        priority: 1,
        header: t('columns.designCode'),
        sortField: 'designCode',
        nowrap: true,
        render: (design) => (
          <Text size="sm" ff="monospace" fw={600}>
            {design.designCode}
          </Text>
        ),
      },
      {
        key: 'name',
        priority: 1,
        header: t('columns.name'),
        sortField: 'name',
        minWidth: 180,
        render: (design) => (
          <div>
            <Text size="sm" fw={500}>
              {design.name}
            </Text>
            {design.description ? (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {design.description}
              </Text>
            ) : null}
          </div>
        ),
      },
      {
        key: 'rate',
        priority: 1,
        header: t('columns.rate'),
        align: 'right',
        nowrap: true,
        render: (design) => <MoneyText amount={design.rate} size="sm" />,
      },
      {
        key: 'createdAt',
        priority: 3,
        header: t('columns.created'),
        sortField: 'createdAt',
        nowrap: true,
        render: (design) => format.date(design.createdAt),
      },
    ],
    [t, format],
  );

  const filterFields: FilterField[] = [
    { type: 'text', name: 'name', label: t('filters.name'), width: 260 },
    { type: 'text', name: 'designCode', label: t('filters.designCode'), width: 200 },
  ];

  return (
    <ResourceListPage
      csvExport="/designs"
      permissions={CRUD_PERMISSIONS.designs}
      history={{ entity: 'design', name: (design) => design.name }}
      texts={{
        ...namedListTexts(t, (design: Design) => design.name),
        deleteMessage: (design: Design) =>
          t('delete.message', { name: design.name, code: design.designCode }),
      }}
      {...resourceListProps(designs, list, query)}
      emptyIcon={<IconPalette size={28} stroke={1.5} aria-hidden />}
      columns={columns}
      filterFields={filterFields}
      remove={remove}
      renderForm={(design, onClose) => (
        <DesignFormModal key={design?._id ?? 'new'} record={design} onClose={onClose} />
      )}
    />
  );
}
