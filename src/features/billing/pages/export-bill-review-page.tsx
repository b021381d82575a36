import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Bill } from '../../../../contract/bills.ts';
import { ErrorState } from '@/components/error-state';
import { BillingReadinessAlert } from '@/components/billing-readiness-alert';
import { PageHeader } from '@/components/page-header';
import { useFormatters } from '@/lib/format';
import { isPendingRecord } from '@/lib/offline/pending-records';
import { describeError } from '@/lib/resource-factory';
import { type BillableOrder, bills, unbilledOrders } from '@/features/billing/resource';
import { merchants as merchantsResource } from '@/features/merchants/resource';
import { orders as ordersResource } from '@/features/orders/resource';
import { organization as organizationResource } from '@/features/organization/resource';
import { BillPanel } from '../components/bill-panel';
import classes from './export-bill-review-page.module.css';
import { sumRupees } from '../../../../contract/money.ts';

interface MerchantGroup {
  merchantId: string;
  name: string;
  orders: BillableOrder[];
  total: number;
}

/** Orders grouped by merchant, merchants by name; totals summed in paise. */
export function groupByMerchant(orders: readonly BillableOrder[]): MerchantGroup[] {
  const groups = new Map<string, MerchantGroup>();
  for (const order of orders) {
    const group = groups.get(order.merchantId) ?? {
      merchantId: order.merchantId,
      name: order.merchant.name,
      orders: [],
      total: 0,
    };
    group.orders.push(order);
    groups.set(order.merchantId, group);
  }
  return [...groups.values()]
    .map((group) => ({
      ...group,
      total: sumRupees(group.orders.map((order) => order.totalAmount)),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const LATEST_BILLS = { page: 1, limit: 10, sort: '-createdAt' } as const;

export default function ExportBillReviewPage() {
  const { t } = useTranslation('bills');
  const format = useFormatters();
  const { orderId } = useParams();
  const unbilled = useQuery(unbilledOrders());
  const organization = useQuery(organizationResource.queries.profile());
  const merchants = useQuery(merchantsResource.queries.all());
  const latest = useQuery(bills.queries.list(LATEST_BILLS));
  const singleOrder = useQuery({
    ...ordersResource.queries.detail(orderId ?? ''),
    enabled: orderId !== undefined,
  });

  const [selection, setSelection] = useState<{ merchantId: string; ids: string[] } | null>(null);
  const [switchedTo, setSwitchedTo] = useState<string | null>(null);
  const [result, setResult] = useState<{ bill: Bill | null } | null>(null);

  // Orders on a bill still waiting to be sent are taken off the desk, so they are not billed twice.
  const queuedOrderIds = useMemo(
    () =>
      new Set(
        (latest.data?.data ?? [])
          .filter(isPendingRecord)
          .flatMap((bill) => (bill as Bill & { orderIds?: string[] }).orderIds ?? []),
      ),
    [latest.data],
  );
  const billable = useMemo(
    () => (unbilled.data ?? []).filter((row) => !queuedOrderIds.has(row._id)),
    [unbilled.data, queuedOrderIds],
  );
  const groups = useMemo(() => groupByMerchant(billable), [billable]);
  const merchantName = (merchantId: string) =>
    groups.find((group) => group.merchantId === merchantId)?.name ??
    merchants.data?.find((merchant) => merchant._id === merchantId)?.name ??
    '';

  const order: BillableOrder | undefined = singleOrder.data;
  // On an order's own page the selection is that order alone.
  const effectiveSelection =
    orderId && order && !order.billId
      ? { merchantId: order.merchantId, ids: [order._id] }
      : selection;
  const selectedOrders = effectiveSelection
    ? orderId && order
      ? [order]
      : billable.filter((row) => effectiveSelection.ids.includes(row._id))
    : [];
  const merchantState =
    (effectiveSelection &&
      merchants.data?.find((merchant) => merchant._id === effectiveSelection.merchantId)?.state) ??
    null;

  const toggle = (row: BillableOrder, checked: boolean) => {
    setResult(null);
    if (!selection || selection.merchantId !== row.merchantId) {
      if (selection && selection.ids.length > 0) setSwitchedTo(row.merchant.name);
      setSelection({ merchantId: row.merchantId, ids: checked ? [row._id] : [] });
      return;
    }
    const ids = checked
      ? [...selection.ids, row._id]
      : selection.ids.filter((id) => id !== row._id);
    setSelection({ merchantId: row.merchantId, ids });
  };

  const done = (bill: Bill | null) => {
    setResult({ bill });
    setSelection(null);
    setSwitchedTo(null);
  };

  const resultAlert = result ? (
    result.bill ? (
      <PrintBillAlert color="teal" role="status" billId={result.bill._id}>
        {t('desk.made', { number: result.bill.number })}
      </PrintBillAlert>
    ) : (
      <Alert color="yellow" role="status">
        {t('desk.queued')}
      </Alert>
    )
  ) : null;

  // The panel's inputs start from the profile, so it opens once the profile is read (or failed).
  const panel =
    effectiveSelection && selectedOrders.length > 0 ? (
      organization.isPending ? (
        <Loader aria-label={t('desk.makeBill')} />
      ) : (
        <BillPanel
          key={effectiveSelection.merchantId}
          merchantId={effectiveSelection.merchantId}
          merchantState={merchantState}
          orders={selectedOrders}
          organization={organization.data}
          onDone={done}
        />
      )
    ) : null;

  if (orderId) {
    return (
      <Stack gap="md">
        <PageHeader title={t('desk.title')} />
        <BillingReadinessAlert />
        {singleOrder.isPending ? <Loader aria-label={t('desk.title')} /> : null}
        {singleOrder.isError ? (
          <ErrorState
            message={describeError(singleOrder.error, t, 'bills:errors.fetchOne')}
            onRetry={() => void singleOrder.refetch()}
          />
        ) : null}
        {order?.billId ? (
          <PrintBillAlert color="blue" billId={order.billId}>
            {t('order.billed', { poNumber: order.poNumber, number: order.billNumber ?? '' })}
          </PrintBillAlert>
        ) : null}
        {order && !order.billId && !result ? (
          order.status === 'completed' || order.status === 'delivered' ? (
            <>
              <Text>{t('order.alone', { poNumber: order.poNumber })}</Text>
              {panel}
            </>
          ) : (
            <Alert color="gray">{t('order.notFound')}</Alert>
          )
        ) : null}
        {resultAlert}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageHeader title={t('desk.title')} description={t('desk.description')} />
      <BillingReadinessAlert />
      {unbilled.isError ? (
        <ErrorState
          message={describeError(unbilled.error, t, 'bills:errors.fetchUnbilled')}
          onRetry={() => void unbilled.refetch()}
        />
      ) : null}
      {unbilled.isPending ? <Loader aria-label={t('desk.title')} /> : null}
      {unbilled.isSuccess && groups.length === 0 ? <Text c="dimmed">{t('desk.empty')}</Text> : null}
      {switchedTo ? (
        <Alert color="blue" role="status" withCloseButton onClose={() => setSwitchedTo(null)}>
          {t('desk.switchedMerchant', { merchant: switchedTo })}
        </Alert>
      ) : null}
      {resultAlert}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            {groups.map((group) => (
              <Paper
                key={group.merchantId}
                withBorder
                radius="md"
                p="sm"
                component="section"
                aria-label={group.name}
              >
                <Group justify="space-between" mb="xs">
                  <Title order={2} fz="h4">
                    {group.name}
                  </Title>
                  <Group gap="xs">
                    <Badge variant="light">
                      {t('desk.orderCount', { count: group.orders.length })}
                    </Badge>
                    <Text fw={600}>{format.money(group.total)}</Text>
                  </Group>
                </Group>
                <Stack gap={0} className={classes.orderList}>
                  {group.orders.map((row) => (
                    <Group key={row._id} justify="space-between" wrap="nowrap" mih={44}>
                      <Checkbox
                        size="md"
                        label={`${row.poNumber} · ${format.date(row.orderDate)}`}
                        aria-label={t('desk.select', { poNumber: row.poNumber })}
                        checked={
                          effectiveSelection?.merchantId === row.merchantId &&
                          effectiveSelection.ids.includes(row._id)
                        }
                        onChange={(event) => toggle(row, event.currentTarget.checked)}
                      />
                      <Text size="sm">{format.money(row.totalAmount)}</Text>
                    </Group>
                  ))}
                </Stack>
              </Paper>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="sm" className={classes.panel}>
            {effectiveSelection && selectedOrders.length > 0 ? (
              <Text fw={600}>
                {t('desk.selected', {
                  merchant: merchantName(effectiveSelection.merchantId),
                  count: selectedOrders.length,
                })}
              </Text>
            ) : (
              <Text c="dimmed">{t('desk.pickOrders')}</Text>
            )}
            {panel}
          </Stack>
        </Grid.Col>
      </Grid>
      <section aria-label={t('desk.latest')}>
        <Title order={2} fz="h4" mb="xs">
          {t('desk.latest')}
        </Title>
        {latest.data && latest.data.data.length === 0 ? (
          <Text c="dimmed">{t('desk.noBills')}</Text>
        ) : null}
        {latest.data && latest.data.data.length > 0 ? (
          <Table.ScrollContainer minWidth={0}>
            <Table aria-label={t('desk.latest')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.number')}</Table.Th>
                  <Table.Th>{t('columns.date')}</Table.Th>
                  <Table.Th>{t('columns.merchant')}</Table.Th>
                  <Table.Th ta="right">{t('columns.total')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {latest.data.data.map((bill) => (
                  <LatestBillRow
                    key={bill._id}
                    bill={bill}
                    merchantName={merchantName(bill.merchantId)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </section>
    </Stack>
  );
}

/** A bill queued offline has only what was sent: no number, merchant or figures yet. */
/** Says what became of the orders (`children`), with the way to the bill's print page. */
function PrintBillAlert(props: {
  color: string;
  role?: 'status';
  billId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('bills');
  return (
    <Alert color={props.color} role={props.role}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{props.children}</Text>
        <Button component={Link} to={`/billing/${props.billId}/print`} variant="light" size="md">
          {t('desk.print')}
        </Button>
      </Group>
    </Alert>
  );
}

function LatestBillRow({ bill, merchantName }: { bill: Bill; merchantName: string }) {
  const { t } = useTranslation('bills');
  const format = useFormatters();
  if (isPendingRecord(bill)) {
    return (
      <Table.Tr>
        <Table.Td>
          <Badge color="yellow" variant="light">
            {t('desk.pendingNumber')}
          </Badge>
        </Table.Td>
        <Table.Td>{format.date(bill.billDate)}</Table.Td>
        <Table.Td>{merchantName}</Table.Td>
        <Table.Td ta="right">—</Table.Td>
      </Table.Tr>
    );
  }
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/billing/${bill._id}/print`}>
          {bill.number}
        </Anchor>
      </Table.Td>
      <Table.Td>{format.date(bill.billDate)}</Table.Td>
      <Table.Td>{bill.merchant.name}</Table.Td>
      <Table.Td ta="right">{format.money(bill.totalAmount)}</Table.Td>
    </Table.Tr>
  );
}
