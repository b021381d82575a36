import { CRUD_PERMISSIONS } from '../../../../contract/permissions.ts';
import { Drawer, Text } from '@mantine/core';
import { IconMessage, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MERCHANT_SORTABLE, type Merchant } from '../../../../contract/merchants.ts';
import type { DataTableColumn, RowAction } from '@/components/data-table';
import { NotesPanel } from '@/components/notes/notes-panel';
import { nameColumn } from '@/components/list-columns';
import { Dash, PhoneCell } from '@/components/table-cells';
import type { FilterField } from '@/components/filter-bar';
import { ResourceListPage, namedListTexts } from '@/components/resource-list-page';
import { resourceListProps } from '@/components/resource-list-props';
import { useFormatters } from '@/lib/format';
import { useListParams } from '@/lib/use-list-params';
import { MerchantFormModal } from '../components/merchant-form-modal';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useCan } from '@/lib/permissions';
import { duesReport } from '@/features/customers/resource';
import { merchants } from '@/features/merchants/resource';

const LIST_CONFIG = {
  filters: { name: { type: 'text' } },
  sortable: MERCHANT_SORTABLE,
  defaultSort: '-createdAt',
} as const;

export default function MerchantsPage() {
  const { t } = useTranslation(['merchants', 'notes']);
  const format = useFormatters();
  const [notesOf, setNotesOf] = useState<Merchant | null>(null);
  const notesAction = useMemo<RowAction<Merchant>[]>(
    () => [
      {
        label: (merchant) => t('notes:merchantNotes.action', { name: merchant.name }),
        tooltip: t('notes:merchantNotes.tooltip'),
        icon: <IconMessage size={18} aria-hidden />,
        onClick: setNotesOf,
      },
    ],
    [t],
  );
  const list = useListParams(LIST_CONFIG);
  const query = useQuery(merchants.queries.list(list.params));
  const remove = merchants.useRemove();
  // What each merchant owes, from the dues book, for the roles that may read it.
  const canReadDues = useCan('dues.read');
  const dues = useQuery({ ...duesReport({}), enabled: canReadDues });
  const outstanding = useMemo(
    () => new Map((dues.data?.rows ?? []).map((row) => [row.merchantId, row.outstandingAmount])),
    [dues.data],
  );

  const columns = useMemo<DataTableColumn<Merchant>[]>(
    () => [
      nameColumn(t('columns.name'), (merchant: Merchant) => merchant.city),
      {
        key: 'contactPerson',
        priority: 3,
        header: t('columns.contactPerson'),
        minWidth: 140,
        render: (merchant) => merchant.contactPerson ?? <Dash />,
      },
      {
        key: 'phone',
        priority: 2,
        header: t('columns.phone'),
        nowrap: true,
        render: (merchant) => <PhoneCell phone={merchant.phone} />,
      },
      {
        key: 'gstin',
        priority: 3,
        header: t('columns.gstin'),
        nowrap: true,
        render: (merchant) =>
          merchant.gstin ? (
            <Text size="sm" ff="monospace">
              {merchant.gstin}
            </Text>
          ) : (
            <Dash />
          ),
      },
      ...(canReadDues
        ? [
            {
              key: 'outstanding',
              priority: 1,
              header: t('columns.outstanding'),
              align: 'right',
              nowrap: true,
              render: (merchant) => (
                <Anchor
                  component={Link}
                  to={`/customers/${encodeURIComponent(merchant._id)}`}
                  size="sm"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {format.money(outstanding.get(merchant._id) ?? 0)}
                </Anchor>
              ),
            } satisfies DataTableColumn<Merchant>,
          ]
        : []),
      {
        key: 'createdAt',
        priority: 3,
        header: t('columns.created'),
        sortField: 'createdAt',
        nowrap: true,
        render: (merchant) => format.date(merchant.createdAt),
      },
    ],
    [t, format, canReadDues, outstanding],
  );

  const filterFields: FilterField[] = [
    { type: 'text', name: 'name', label: t('filters.name'), width: 280 },
  ];

  return (
    <ResourceListPage
      csvExport="/merchants"
      permissions={CRUD_PERMISSIONS.merchants}
      history={{ entity: 'merchant', name: (merchant) => merchant.name }}
      texts={{
        ...namedListTexts(t, (merchant: Merchant) => merchant.name),
        deleteConfirm: t('delete.confirm'),
      }}
      {...resourceListProps(merchants, list, query)}
      emptyIcon={<IconUsersGroup size={28} stroke={1.5} aria-hidden />}
      columns={columns}
      filterFields={filterFields}
      remove={remove}
      extraRowActions={notesAction}
      renderForm={(merchant, onClose) => (
        <MerchantFormModal key={merchant?._id ?? 'new'} record={merchant} onClose={onClose} />
      )}
    >
      <Drawer
        opened={notesOf !== null}
        onClose={() => setNotesOf(null)}
        position="right"
        size="lg"
        title={notesOf ? t('notes:merchantNotes.title', { name: notesOf.name }) : undefined}
      >
        {notesOf ? (
          <NotesPanel
            key={notesOf._id}
            subject={{ subjectType: 'merchant', subjectId: notesOf._id }}
            withTitle={false}
          />
        ) : null}
      </Drawer>
    </ResourceListPage>
  );
}
