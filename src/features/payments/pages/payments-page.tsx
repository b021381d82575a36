import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  PAYMENT_METHODS,
  PAYMENT_SORTABLE,
  type Payment,
  type PaymentListParams,
} from '../../../../contract/payments.ts';
import type { DataTableColumn } from '@/components/data-table';
import {
  dateRangeFilterField,
  merchantFilterField,
  type FilterField,
} from '@/components/filter-bar';
import { amountColumn, dateColumn } from '@/components/list-columns';
import { MoneyText } from '@/components/money-text';
import { ResourceListPage, standardListTexts } from '@/components/resource-list-page';
import { resourceListProps } from '@/components/resource-list-props';
import { useFormatters } from '@/lib/format';
import { bills } from '@/features/billing/resource';
import { merchants as merchantsResource } from '@/features/merchants/resource';
import { payments as paymentsResource, paymentTotals } from '@/features/payments/resource';
import { DATE_RANGE_FILTERS } from '@/lib/date-range-filters';
import { useListParams } from '@/lib/use-list-params';
import { PaymentFormModal } from '../components/payment-form-modal';

const LIST_CONFIG = {
  filters: {
    merchantId: { type: 'id' },
    method: { type: 'select', options: PAYMENT_METHODS },
    ...DATE_RANGE_FILTERS,
  },
  sortable: PAYMENT_SORTABLE,
  defaultSort: '-paymentDate',
} as const;

/** `/payments`: the receipts register. */
export default function PaymentsPage() {
  const { t } = useTranslation('payments');
  const format = useFormatters();
  const list = useListParams(LIST_CONFIG);
  const params = list.params as Partial<PaymentListParams>;
  const query = useQuery(paymentsResource.queries.list(params));
  const { merchantId, method, startDate, endDate } = params;
  const totals = useQuery(paymentTotals({ merchantId, method, startDate, endDate }));
  const merchants = useQuery(merchantsResource.queries.all());
  const remove = paymentsResource.useRemove();
  // A bill's "Record payment" shortcut opens the form for that bill (`?record=<billId>`).
  const [search, setSearch] = useSearchParams();
  const recordFor = search.get('record');
  const shortcutBill = useQuery({
    ...bills.queries.detail(recordFor ?? ''),
    enabled: !!recordFor,
  });
  const closeShortcut = () =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('record');
        return next;
      },
      { replace: true },
    );

  // A payment queued offline carries only the merchant's id until the server embeds the merchant.
  const merchantNameOf = useCallback(
    (payment: Payment) =>
      payment.merchant?.name ??
      merchants.data?.find((merchant) => merchant._id === payment.merchantId)?.name ??
      '',
    [merchants.data],
  );

  const describe = useCallback(
    (payment: Payment) =>
      t('rowName', {
        amount: format.money(payment.amount),
        merchant: merchantNameOf(payment),
        date: format.date(payment.paymentDate),
      }),
    [t, format, merchantNameOf],
  );

  // What deleting undoes, named: each bill it settled takes back its share and is owed again.
  const deleteReview = (payment: Payment) =>
    [
      t('delete.message', { name: describe(payment) }),
      payment.allocations.length > 0
        ? t('delete.allocations', {
            lines: payment.allocations
              .map((row) =>
                t('applied.line', { number: row.billNumber, amount: format.money(row.amount) }),
              )
              .join(', '),
          })
        : t('delete.noAllocations'),
      payment.unallocatedAmount > 0
        ? t('delete.advance', { amount: format.money(payment.unallocatedAmount) })
        : null,
    ]
      .filter(Boolean)
      .join(' ');

  const columns = useMemo<DataTableColumn<Payment>[]>(
    () => [
      dateColumn<'paymentDate', Payment>('paymentDate', t('columns.paymentDate'), format.date),
      {
        key: 'merchant',
        priority: 1,
        header: t('columns.merchant'),
        minWidth: 150,
        render: merchantNameOf,
      },
      amountColumn<Payment>(t('columns.amount')),
      {
        key: 'method',
        priority: 2,
        header: t('columns.method'),
        nowrap: true,
        minWidth: 130,
        render: (payment) => (
          <Badge variant="light" color="gray" radius="sm">
            {t(`methods.${payment.method}`)}
          </Badge>
        ),
      },
      {
        key: 'reference',
        priority: 3,
        header: t('columns.reference'),
        render: (payment) =>
          payment.reference ? (
            // A folded table breaks long values anywhere; a bank reference read off across a
            // line break mid-number is misread, so it breaks only at its own spaces.
            <Text
              size="sm"
              ff="monospace"
              style={{ overflowWrap: 'normal', wordBreak: 'keep-all' }}
            >
              {payment.reference}
            </Text>
          ) : (
            <Text component="span" c="dimmed" aria-hidden>
              —
            </Text>
          ),
      },
      {
        key: 'tdsAmount',
        priority: 2,
        header: t('columns.tdsAmount'),
        align: 'right',
        nowrap: true,
        render: (payment) => <MoneyText amount={payment.tdsAmount} />,
      },
      {
        key: 'applied',
        priority: 2,
        header: t('columns.applied'),
        minWidth: 180,
        render: (payment) =>
          payment.allocations.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('applied.none')}
            </Text>
          ) : (
            <Stack gap={0}>
              {payment.allocations.map((row) => (
                <Text key={row.billId} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t('applied.line', { number: row.billNumber, amount: format.money(row.amount) })}
                </Text>
              ))}
            </Stack>
          ),
      },
      {
        key: 'unallocatedAmount',
        priority: 1,
        header: t('columns.unallocatedAmount'),
        align: 'right',
        nowrap: true,
        render: (payment) => <MoneyText amount={payment.unallocatedAmount} />,
      },
    ],
    [t, format, merchantNameOf],
  );

  const filterFields: FilterField[] = [
    merchantFilterField(merchants.data, {
      label: t('filters.merchant'),
      placeholder: t('filters.allMerchants'),
    }),
    {
      type: 'select',
      name: 'method',
      label: t('filters.method'),
      placeholder: t('filters.allMethods'),
      width: 170,
      options: PAYMENT_METHODS.map((value) => ({ value, label: t(`methods.${value}`) })),
    },
    dateRangeFilterField(t('filters.dateRange')),
  ];

  const sums = totals.data;

  return (
    <ResourceListPage
      csvExport="/payments"
      permissions={{ read: 'payments.read', write: 'payments.write', delete: 'payments.write' }}
      history={{ entity: 'payment', name: describe }}
      texts={{
        ...standardListTexts(t),
        edit: (payment) => t('actions.edit', { name: describe(payment) }),
        delete: (payment) => t('actions.delete', { name: describe(payment) }),
        deleteMessage: (payment) => deleteReview(payment),
        deleteConfirm: t('delete.confirm'),
      }}
      {...resourceListProps(paymentsResource, list, query)}
      emptyIcon={<IconCash size={28} stroke={1.5} aria-hidden />}
      columns={columns}
      filterFields={filterFields}
      remove={remove}
      aboveTable={
        sums && sums.count > 0 ? (
          <Paper withBorder radius="md" p="sm" component="section" aria-label={t('totals.label')}>
            <Group gap="lg" wrap="wrap">
              <Text size="sm" fw={600}>
                {t('totals.count', { count: sums.count })}
              </Text>
              <Text size="sm">
                {t('totals.amount')}: <strong>{format.money(sums.amount)}</strong>
              </Text>
              <Text size="sm">
                {t('totals.tdsAmount')}: <strong>{format.money(sums.tdsAmount)}</strong>
              </Text>
              <Text size="sm">
                {t('totals.unallocatedAmount')}:{' '}
                <strong>{format.money(sums.unallocatedAmount)}</strong>
              </Text>
            </Group>
          </Paper>
        ) : null
      }
      renderForm={(payment, onClose) => (
        <PaymentFormModal key={payment?._id ?? 'new'} payment={payment} onClose={onClose} />
      )}
    >
      {recordFor && shortcutBill.data ? (
        <PaymentFormModal
          key={`bill-${recordFor}`}
          payment={null}
          prefill={{
            merchantId: shortcutBill.data.merchantId,
            billId: shortcutBill.data._id,
            amount: shortcutBill.data.balance,
          }}
          onClose={closeShortcut}
        />
      ) : null}
    </ResourceListPage>
  );
}
