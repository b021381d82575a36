import { CRUD_PERMISSIONS } from '../../../../contract/permissions.ts';
import { Anchor, Stack, Switch, Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORDER_STATUSES, type Order, type OrderListParams } from '../../../../contract/orders.ts';
import type { DataTableColumn } from '@/components/data-table';
import {
  dateRangeFilterField,
  merchantFilterField,
  type FilterField,
} from '@/components/filter-bar';
import { MoneyText } from '@/components/money-text';
import { TitleCell } from '@/components/table-cells';
import { ResourceListPage, standardListTexts } from '@/components/resource-list-page';
import { resourceListProps } from '@/components/resource-list-props';
import { useFormatters } from '@/lib/format';
import { useListParams } from '@/lib/use-list-params';
import { OrderStatusBadge } from '../components/order-status-badge';
import { ORDERS_LIST_CONFIG } from '../orders-list';
import { merchants as merchantsResource } from '@/features/merchants/resource';
import { orders as ordersResource } from '@/features/orders/resource';

export default function OrdersPage() {
  const { t } = useTranslation('orders');
  const format = useFormatters();
  const list = useListParams(ORDERS_LIST_CONFIG);
  const query = useQuery(ordersResource.queries.list(list.params as Partial<OrderListParams>));
  const merchants = useQuery(merchantsResource.queries.all());
  const remove = ordersResource.useRemove();
  const update = ordersResource.useUpdate();
  const togglingId = update.isPending ? update.variables?.input.id : undefined;

  const columns = useMemo<DataTableColumn<Order>[]>(
    () => [
      {
        key: 'poNumber',
        priority: 1,
        header: t('columns.poNumber'),
        sortField: 'poNumber',
        nowrap: true,
        render: (order) => (
          <Stack gap={0} align="flex-start">
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
            {order.billId && order.billNumber ? (
              <Anchor
                component={Link}
                to={`/export-bill-review/${order._id}`}
                size="xs"
                aria-label={t('billLink', { number: order.billNumber })}
              >
                {order.billNumber}
              </Anchor>
            ) : null}
          </Stack>
        ),
      },
      {
        key: 'merchant',
        priority: 1,
        header: t('columns.merchant'),
        minWidth: 130,
        render: (order) => (
          <TitleCell
            strong={false}
            title={order.merchant.name}
            detail={order.designs.map((line) => line.design.designCode).join(', ')}
          />
        ),
      },
      {
        key: 'orderDate',
        priority: 2,
        header: t('columns.orderDate'),
        sortField: 'orderDate',
        nowrap: true,
        render: (order) => format.date(order.orderDate),
      },
      {
        key: 'deliveryDate',
        priority: 3,
        header: t('columns.deliveryDate'),
        nowrap: true,
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
        priority: 1,
        header: t('columns.status'),
        nowrap: true,
        minWidth: 120,
        render: (order) => <OrderStatusBadge status={order.status} />,
      },
      {
        key: 'totalAmount',
        priority: 1,
        header: t('columns.total'),
        sortField: 'totalAmount',
        align: 'right',
        nowrap: true,
        render: (order) => <MoneyText amount={order.totalAmount} fw={600} />,
      },
      {
        key: 'isPaid',
        priority: 1,
        header: t('columns.paid'),
        nowrap: true,
        render: (order) => (
          <Switch
            checked={order.isPaid}
            // A billed order's paid flag follows its bill; payments move it, not this switch.
            disabled={togglingId === order._id || Boolean(order.billId)}
            title={order.billId ? t('paid.followsBill') : undefined}
            onChange={(event) =>
              update.mutate({
                id: order._id,
                body: { isPaid: event.currentTarget.checked, version: order.version },
              })
            }
            aria-label={t('paid.toggle', { poNumber: order.poNumber })}
            color="green"
          />
        ),
      },
    ],
    [t, format, update, togglingId],
  );

  const filterFields: FilterField[] = [
    merchantFilterField(
      merchants.data,
      { label: t('filters.merchant'), placeholder: t('filters.allMerchants') },
      240,
    ),
    {
      type: 'select',
      name: 'status',
      label: t('filters.status'),
      placeholder: t('filters.allStatuses'),
      width: 170,
      options: ORDER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
    },
    dateRangeFilterField(t('filters.orderDate')),
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

  return (
    <ResourceListPage
      csvExport="/orders"
      permissions={CRUD_PERMISSIONS.orders}
      // An order's history opens from its edit page: a third row button would push the paid
      // switch under the sticky actions column at desktop widths.
      texts={{
        ...standardListTexts(t),
        edit: (order) => t('actions.edit', { poNumber: order.poNumber }),
        delete: (order) => t('actions.delete', { poNumber: order.poNumber }),
        deleteMessage: (order) =>
          t('delete.message', { poNumber: order.poNumber, merchant: order.merchant.name }),
      }}
      {...resourceListProps(ordersResource, list, query)}
      emptyIcon={<IconClipboardList size={28} stroke={1.5} aria-hidden />}
      columns={columns}
      filterFields={filterFields}
      remove={remove}
      formPages={{ create: '/orders/create', edit: (order) => `/orders/edit/${order._id}` }}
    />
  );
}
