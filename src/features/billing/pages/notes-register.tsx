import { SegmentedControl, Text } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  BILL_NOTE_KINDS,
  type BillNote,
  type BillNoteKind,
} from '../../../../contract/bill-notes.ts';
import type { DataTableColumn } from '@/components/data-table';
import {
  dateRangeFilterField,
  merchantFilterField,
  type FilterField,
} from '@/components/filter-bar';
import { MoneyText } from '@/components/money-text';
import { ResourceListPage } from '@/components/resource-list-page';
import { useFormatters } from '@/lib/format';
import { billNotes as billNotesResource } from '@/features/billing/resource';
import { merchants as merchantsResource } from '@/features/merchants/resource';
import { DATE_RANGE_FILTERS } from '@/lib/date-range-filters';
import { useListParams } from '@/lib/use-list-params';
import { NOTE_STATUS_COLORS } from '../bill-notes/note-status-colors';
import { merchantColumn, numberColumn, statusColumn, totalColumn } from './register-columns';

/** What the billing register shows: its bills, or the credit or the debit notes against them. */
export type RegisterView = 'bills' | BillNoteKind;

/** The view named by the URL's `kind`; anything else is the bills. */
export function registerViewOf(kind: string | null): RegisterView {
  return (BILL_NOTE_KINDS as readonly (string | null)[]).includes(kind)
    ? (kind as BillNoteKind)
    : 'bills';
}

/** Bills, credit notes, debit notes: switching starts the other list afresh (filters differ). */
export function RegisterTabs({ view }: { view: RegisterView }) {
  const { t } = useTranslation('bills');
  const [, setSearchParams] = useSearchParams();
  return (
    <SegmentedControl
      aria-label={t('register.label')}
      value={view}
      onChange={(value) => setSearchParams(value === 'bills' ? {} : { kind: value })}
      data={[
        { value: 'bills', label: t('register.bills') },
        { value: 'credit', label: t('register.credit') },
        { value: 'debit', label: t('register.debit') },
      ]}
      style={{ alignSelf: 'flex-start' }}
    />
  );
}

/** The register's merchant filter, the same on every tab. */
export function useMerchantFilterField(): FilterField {
  const { t } = useTranslation('bills');
  const merchants = useQuery(merchantsResource.queries.all());
  return merchantFilterField(merchants.data, {
    label: t('filters.merchant'),
    placeholder: t('filters.allMerchants'),
  });
}

const LIST_CONFIG = {
  // The kind is the register's tab, not a filter: resetting the filters keeps it.
  filters: {
    merchantId: { type: 'id' },
    ...DATE_RANGE_FILTERS,
  },
  sortable: ['noteDate', 'createdAt'] as const,
  defaultSort: '-noteDate',
} as const;

/** The credit or the debit notes of the register, with their bills, in the shared table. */
export function NotesRegister({ kind }: { kind: BillNoteKind }) {
  const { t } = useTranslation('bills');
  const format = useFormatters();
  const list = useListParams(LIST_CONFIG);
  const query = useQuery(billNotesResource.queries.list({ ...list.params, kind }));
  const merchantFilter = useMerchantFilterField();

  const columns = useMemo<DataTableColumn<BillNote>[]>(
    () => [
      numberColumn<BillNote>(t, (note) => `/billing/notes/${encodeURIComponent(note._id)}/print`),
      {
        key: 'noteDate',
        priority: 2,
        header: t('columns.date'),
        sortField: 'noteDate',
        nowrap: true,
        render: (note) => format.date(note.noteDate),
      },
      {
        key: 'bill',
        priority: 2,
        header: t('register.againstBill'),
        nowrap: true,
        render: (note) => (
          <Text
            component={Link}
            to={`/billing/${encodeURIComponent(note.billId)}/print`}
            size="sm"
            c="inherit"
          >
            {note.billNumber}
          </Text>
        ),
      },
      merchantColumn<BillNote>(t),
      {
        key: 'reason',
        priority: 3,
        header: t('fields.reason'),
        render: (note) => t(`noteReasons.${note.reason}`),
      },
      totalColumn<BillNote>(t),
      ...(kind === 'debit'
        ? [
            {
              key: 'balance',
              priority: 1,
              header: t('columns.balance'),
              align: 'right',
              nowrap: true,
              render: (note) => <MoneyText amount={note.balance} />,
            } satisfies DataTableColumn<BillNote>,
          ]
        : []),
      statusColumn<BillNote>(t, (note) => ({
        label: t(`billNotes.status.${note.status}`),
        color: NOTE_STATUS_COLORS[note.status],
      })),
    ],
    [t, format, kind],
  );

  const filterFields: FilterField[] = [
    merchantFilter,
    dateRangeFilterField(t('register.noteDate')),
  ];

  return (
    <ResourceListPage
      permissions={{ read: 'bills.read', write: 'bills.write' }}
      history={{ entity: 'billNote', name: (note) => note.number }}
      texts={{
        title: t('title'),
        description: t('description'),
        tableLabel: t(`register.${kind}`),
        edit: (note) => t('register.openNote', { number: note.number }),
        empty: {
          title: t(`register.empty.${kind}`),
          filtered: t('register.empty.filtered'),
          initial: t('register.empty.initial'),
        },
      }}
      fetchListFailed="bills:billNotes.errors.fetchList"
      emptyIcon={<IconReceiptRefund size={28} stroke={1.5} aria-hidden />}
      list={list}
      query={query}
      columns={columns}
      filterFields={filterFields}
      formPages={{
        create: '/export-bill-review',
        edit: (note) => `/billing/notes/${encodeURIComponent(note._id)}/print`,
        opensDocument: true,
      }}
    >
      <RegisterTabs view={kind} />
    </ResourceListPage>
  );
}
