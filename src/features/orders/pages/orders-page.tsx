import { Button, Stack, Switch, Text } from '@mantine/core';
import { IconClipboardList, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  ORDER_SORTABLE,
  ORDER_STATUSES,
  type Order,
  type OrderListParams,
} from '../../../../contract/orders.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataTableColumn, type RowAction } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { FilterBar, type FilterField } from '@/components/filter-bar';
import { MoneyText } from '@/components/money-text';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { useFormatters } from '@/lib/format';
import { merchantPickListQuery } from '@/lib/pick-lists';
import { describeError } from '@/lib/resource-factory';
import { useListParams } from '@/lib/use-list-params';
import { orderQueries, useDeleteOrder, useUpdateOrder } from '../api';
import { OrderStatusBadge } from '../components/order-status-badge';

const LIST_CONFIG = {
  filters: {
    status: { type: 'select', options: ORDER_STATUSES },
    merchantId: { type: 'id' },
    startDate: { type: 'date' },
    endDate: { type: 'date' },
    poNumber: { type: 'text' },
    isPaid: { type: 'boolean' },
  },
  sortable: ORDER_SORTABLE,
  defaultSort: '-createdAt',
} as const;

export default function OrdersPage() {
  const { t } = useTranslation(['orders', 'ui']);
  const format = useFormatters();
  const navigate = useNavigate();
  const list = useListParams(LIST_CONFIG);
  const query = useQuery(orderQueries.list(list.params as Partial<OrderListParams>));
  const merchants = useQuery(merchantPickListQuery());
  const remove = useDeleteOrder();
  const update = useUpdateOrder();
  const [toDelete, setToDelete] = useState<Order | null>(null);

  const { clampPage } = list;
  const totalPages = query.data?.totalPages;
  useEffect(() => {
    if (totalPages !== undefined) clampPage(totalPages);
  }, [clampPage, totalPages]);

  const togglingId = update.isPending ? update.variables?.input.id : undefined;

  const columns = useMemo<DataTableColumn<Order>[]>(
    () => [
      {
        key: 'poNumber',
        header: t('columns.poNumber'),
        sortField: 'poNumber',
        nowrap: true,
        render: (order) => (
          <Text
            component={Link}
            to={`/orders/edit/${order._id}`}
            size="sm"
            fw={600}
            c="inherit"
            td="none"
          >
            {order.poNumber}
          </Text>
        ),
      },
      {
        key: 'merchant',
        header: t('columns.merchant'),
        minWidth: 180,
        render: (order) => (
          <Stack gap={0}>
            <Text size="sm">{order.merchant.name}</Text>
            <Text size="xs" c="dimmed">
              {order.designs.map((line) => line.design.designCode).join(', ')}
            </Text>
          </Stack>
        ),
      },
      {
        key: 'orderDate',
        header: t('columns.orderDate'),
        sortField: 'orderDate',
        nowrap: true,
        render: (order) => format.date(order.orderDate),
      },
      {
        key: 'deliveryDate',
        header: t('columns.deliveryDate'),
        nowrap: true,
        visibleFrom: 'xl',
        render: (order) =>
          order.deliveryDate ? (
            format.date(order.deliveryDate)
          ) : (
            <Text component="span" c="dimmed" aria-hidden>
              —
            </Text>
          ),
      },
      {
        key: 'status',
        header: t('columns.status'),
        nowrap: true,
        minWidth: 120,
        render: (order) => <OrderStatusBadge status={order.status} />,
      },
      {
        key: 'totalAmount',
        header: t('columns.total'),
        sortField: 'totalAmount',
        align: 'right',
        nowrap: true,
        render: (order) => <MoneyText amount={order.totalAmount} fw={600} />,
      },
      {
        key: 'isPaid',
        header: t('columns.paid'),
        nowrap: true,
        render: (order) => (
          <Switch
            checked={order.isPaid}
            disabled={togglingId === order._id}
            onChange={(event) =>
              update.mutate({ id: order._id, body: { isPaid: event.currentTarget.checked } })
            }
            aria-label={t('paid.toggle', { poNumber: order.poNumber })}
            color="green"
          />
        ),
      },
    ],
    [t, format, update, togglingId],
  );

  const rowActions = useMemo<RowAction<Order>[]>(
    () => [
      {
        label: (order) => t('actions.edit', { poNumber: order.poNumber }),
        tooltip: t('ui:actions.edit'),
        icon: <IconPencil size={18} aria-hidden />,
        onClick: (order) => void navigate(`/orders/edit/${order._id}`),
      },
      {
        label: (order) => t('actions.delete', { poNumber: order.poNumber }),
        tooltip: t('ui:actions.delete'),
        icon: <IconTrash size={18} aria-hidden />,
        color: 'red',
        onClick: setToDelete,
      },
    ],
    [t, navigate],
  );

  const filterFields: FilterField[] = [
    {
      type: 'select',
      name: 'merchantId',
      label: t('filters.merchant'),
      placeholder: t('filters.allMerchants'),
      searchable: true,
      width: 240,
      options: (merchants.data ?? []).map((merchant) => ({
        value: merchant._id,
        label: merchant.name,
      })),
    },
    {
      type: 'select',
      name: 'status',
      label: t('filters.status'),
      placeholder: t('filters.allStatuses'),
      width: 170,
      options: ORDER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
    },
    { type: 'dateRange', from: 'startDate', to: 'endDate', label: t('filters.orderDate') },
    { type: 'text', name: 'poNumber', label: t('filters.poNumber'), width: 170 },
    {
      type: 'boolean',
      name: 'isPaid',
      label: t('filters.payment'),
      trueLabel: t('filters.paid'),
      falseLabel: t('filters.unpaid'),
      width: 140,
    },
  ];

  const setFilter = list.setFilter as (name: string, value: unknown) => void;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button
            component={Link}
            to="/orders/create"
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {t('add')}
          </Button>
        }
      />
      <FilterBar
        fields={filterFields}
        values={list.inputValues}
        onChange={setFilter}
        onReset={list.reset}
        canReset={!list.isDefault}
      />
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(order) => order._id}
        loading={query.isPending}
        fetching={query.isFetching && !query.isPending}
        error={query.error}
        errorMessage={
          query.error ? describeError(query.error, t, 'orders:errors.fetchList') : undefined
        }
        onRetry={() => void query.refetch()}
        sort={list.sort}
        onSort={(field) => list.toggleSort(field as (typeof ORDER_SORTABLE)[number])}
        rowActions={rowActions}
        minWidth={820}
        empty={
          <EmptyState
            icon={<IconClipboardList size={28} stroke={1.5} aria-hidden />}
            title={t('empty.title')}
            description={list.isFiltered ? t('empty.filtered') : t('empty.initial')}
          />
        }
      />
      {query.data ? (
        <PaginationBar
          page={list.page}
          limit={list.limit}
          totalCount={query.data.totalCount}
          totalPages={query.data.totalPages}
          onPageChange={list.setPage}
          onLimitChange={list.setLimit}
        />
      ) : null}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('delete.title')}
        message={
          toDelete
            ? t('delete.message', { poNumber: toDelete.poNumber, merchant: toDelete.merchant.name })
            : undefined
        }
        confirmLabel={t('ui:actions.delete')}
        loading={remove.isPending}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete._id, { onSettled: () => setToDelete(null) });
        }}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
