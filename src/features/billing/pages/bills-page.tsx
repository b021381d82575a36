import { Button, Group, Paper, Text } from '@mantine/core';
import { IconBan, IconDownload, IconFileInvoice, IconReceiptTax } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  BILL_SORTABLE,
  BILL_STATUSES,
  type Bill,
  type BillListParams,
  type BillStatus,
} from '../../../../contract/bills.ts';
import { HeaderLinkButton } from '@/components/toolbar-buttons';
import type { DataTableColumn, RowAction } from '@/components/data-table';
import { dateRangeFilterField, type FilterField } from '@/components/filter-bar';
import { MoneyText } from '@/components/money-text';
import { BillingReadinessAlert } from '@/components/billing-readiness-alert';
import { ResourceListPage } from '@/components/resource-list-page';
import { resourceListProps } from '@/components/resource-list-props';
import { useFormatters } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { isSampleTab } from '@/lib/sample-tab';
import { bills as billsResource, useCancelBill } from '@/features/billing/resource';
import { DATE_RANGE_FILTERS } from '@/lib/date-range-filters';
import { useListParams } from '@/lib/use-list-params';
import { CancelDocumentModal } from '../components/cancel-document-modal';
import { merchantColumn, numberColumn, statusColumn, totalColumn } from './register-columns';
import {
  NotesRegister,
  RegisterTabs,
  registerViewOf,
  useMerchantFilterField,
} from './notes-register';
import { sumRupees } from '../../../../contract/money.ts';

const LIST_CONFIG = {
  filters: {
    merchantId: { type: 'id' },
    status: { type: 'select', options: BILL_STATUSES },
    isOverdue: { type: 'boolean' },
    ...DATE_RANGE_FILTERS,
    number: { type: 'text' },
  },
  sortable: BILL_SORTABLE,
  defaultSort: '-billDate',
} as const;

const STATUS_COLORS: Record<BillStatus, string> = {
  unpaid: 'orange',
  partly_paid: 'yellow',
  paid: 'teal',
  cancelled: 'gray',
};

const CSV_FILTERS = ['merchantId', 'status', 'isOverdue', 'startDate', 'endDate', 'number'];

/** The register's filters as the CSV export's query: the same bills, every page of them. */
export function exportCsvHref(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const name of CSV_FILTERS) {
    const value = params[name];
    if (
      typeof value === 'string'
        ? value !== ''
        : typeof value === 'number' || typeof value === 'boolean'
    )
      search.set(name, String(value));
  }
  const query = search.toString();
  return `/api/bills/export.csv${query ? `?${query}` : ''}`;
}

/** Sums in paise; bills cancelled count for nothing. */
export function pageTotals(bills: readonly Bill[]) {
  const counted = bills.filter(
    (bill) => bill.status !== 'cancelled' && typeof bill.totalAmount === 'number',
  );
  return {
    total: sumRupees(counted.map((bill) => bill.totalAmount)),
    paid: sumRupees(counted.map((bill) => bill.paidAmount)),
    balance: sumRupees(counted.map((bill) => bill.balance)),
  };
}

export default function BillsPage() {
  const [searchParams] = useSearchParams();
  const view = registerViewOf(searchParams.get('kind'));
  return view === 'bills' ? <BillsRegister /> : <NotesRegister key={view} kind={view} />;
}

function BillsRegister() {
  const { t } = useTranslation('bills');
  const format = useFormatters();
  const list = useListParams(LIST_CONFIG);
  const query = useQuery(billsResource.queries.list(list.params as Partial<BillListParams>));
  const merchantFilter = useMerchantFilterField();
  const canWrite = useCan('bills.write');
  const [toCancel, setToCancel] = useState<Bill | null>(null);

  const columns = useMemo<DataTableColumn<Bill>[]>(
    () => [
      numberColumn<Bill>(t, (bill) => `/billing/${bill._id}/print`, 'number'),
      {
        key: 'billDate',
        priority: 2,
        header: t('columns.date'),
        sortField: 'billDate',
        nowrap: true,
        render: (bill) => format.date(bill.billDate),
      },
      merchantColumn<Bill>(t),
      totalColumn<Bill>(t, 'totalAmount'),
      {
        key: 'paidAmount',
        priority: 3,
        header: t('columns.paid'),
        align: 'right',
        nowrap: true,
        render: (bill) => <MoneyText amount={bill.paidAmount} />,
      },
      {
        key: 'balance',
        priority: 1,
        header: t('columns.balance'),
        align: 'right',
        nowrap: true,
        render: (bill) => <MoneyText amount={bill.balance} />,
      },
      statusColumn<Bill>(t, (bill) => ({
        label: t(`status.${bill.status}`),
        color: STATUS_COLORS[bill.status],
      })),
    ],
    [t, format],
  );

  const rowActions = useMemo<RowAction<Bill>[]>(
    () => [
      {
        label: (bill) => t('actions.cancel', { number: bill.number }),
        tooltip: t('cancelDialog.confirm'),
        icon: <IconBan size={18} aria-hidden />,
        color: 'red',
        visible: (bill) => canWrite && bill.status !== 'cancelled' && bill.paidAmount === 0,
        onClick: setToCancel,
      },
    ],
    [t, canWrite],
  );

  const filterFields: FilterField[] = [
    merchantFilter,
    {
      type: 'select',
      name: 'status',
      label: t('filters.status'),
      placeholder: t('filters.allStatuses'),
      width: 160,
      options: BILL_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
    },
    {
      type: 'boolean',
      name: 'isOverdue',
      label: t('filters.overdue'),
      trueLabel: t('filters.overdueOnly'),
      falseLabel: t('filters.notOverdue'),
      width: 150,
    },
    dateRangeFilterField(t('filters.billDate')),
    { type: 'text', name: 'number', label: t('filters.number'), width: 170 },
  ];

  const rows = query.data?.data ?? [];
  const totals = pageTotals(rows);

  return (
    <>
      <ResourceListPage
        permissions={{ read: 'bills.read', write: 'bills.write' }}
        history={{ entity: 'bill', name: (bill) => bill.number }}
        texts={{
          title: t('title'),
          description: t('description'),
          add: t('add'),
          tableLabel: t('tableLabel'),
          edit: (bill) => t('actions.open', { number: bill.number }),
          empty: {
            title: t('empty.title'),
            filtered: t('empty.filtered'),
            initial: t('empty.initial'),
          },
        }}
        {...resourceListProps(billsResource, list, query)}
        emptyIcon={<IconFileInvoice size={28} stroke={1.5} aria-hidden />}
        columns={columns}
        filterFields={filterFields}
        extraRowActions={rowActions}
        headerActions={
          <>
            <HeaderLinkButton to="/billing/gstr1" icon={IconReceiptTax}>
              {t('gstr1')}
            </HeaderLinkButton>
            {/* A plain link carries the browser's cookie session, not a sample tab's own. */}
            {isSampleTab() ? null : (
              <Button
                component="a"
                href={exportCsvHref(list.params)}
                download
                variant="default"
                size="md"
                leftSection={<IconDownload size={18} aria-hidden />}
              >
                {t('downloadCsv')}
              </Button>
            )}
          </>
        }
        aboveTable={
          rows.length > 0 ? (
            <Paper withBorder radius="md" p="sm" aria-label={t('totals')} component="section">
              <Group gap="lg" wrap="wrap">
                <Text size="sm" fw={600}>
                  {t('totals')}
                </Text>
                <Text size="sm">
                  {t('columns.total')}: <strong>{format.money(totals.total)}</strong>
                </Text>
                <Text size="sm">
                  {t('columns.paid')}: <strong>{format.money(totals.paid)}</strong>
                </Text>
                <Text size="sm">
                  {t('columns.balance')}: <strong>{format.money(totals.balance)}</strong>
                </Text>
              </Group>
            </Paper>
          ) : null
        }
        formPages={{
          create: '/export-bill-review',
          edit: (bill) => `/billing/${bill._id}/print`,
          opensDocument: true,
        }}
      >
        <BillingReadinessAlert />
        <RegisterTabs view="bills" />
      </ResourceListPage>
      {toCancel ? <CancelBillModal bill={toCancel} onClose={() => setToCancel(null)} /> : null}
    </>
  );
}

function CancelBillModal({ bill, onClose }: { bill: Bill; onClose: () => void }) {
  const { t } = useTranslation('bills');
  const cancel = useCancelBill();
  // What cancelling undoes, named: these orders leave the bill and can be billed again.
  const poNumbers = [...new Set(bill.lines.map((line) => line.poNumber))];
  return (
    <CancelDocumentModal document={bill} texts="cancelDialog" cancel={cancel} onClose={onClose}>
      {poNumbers.length > 0 ? (
        <Text size="sm">{t('cancelDialog.frees', { orders: poNumbers.join(', ') })}</Text>
      ) : null}
    </CancelDocumentModal>
  );
}
