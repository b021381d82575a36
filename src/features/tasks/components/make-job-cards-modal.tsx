import { Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { orders as ordersResource } from '@/features/orders/resource';
import { useMakeJobCards } from '@/features/tasks/resource';
import { PickDialog } from './pick-dialog';

/** Orders the floor can still work on. */
const OPEN_ORDER_STATUSES = new Set(['pending', 'in_progress', 'completed']);

/** Picks an order and makes the job cards its lines are missing. */
export function MakeJobCardsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['production', 'ui']);
  const orders = useQuery({
    ...ordersResource.queries.list({ limit: 100, sort: '-createdAt' }),
    enabled: opened,
  });
  const [orderId, setOrderId] = useState<string | null>(null);
  const make = useMakeJobCards();
  const choices = (orders.data?.data ?? [])
    .filter((order) => OPEN_ORDER_STATUSES.has(order.status))
    .map((order) => ({
      value: order._id,
      label: `${order.poNumber} · ${order.merchant.name}`,
    }));
  const close = () => {
    setOrderId(null);
    onClose();
  };
  return (
    <PickDialog
      opened={opened}
      title={t('make.title')}
      onClose={close}
      onSubmit={() => {
        if (!orderId) return;
        make.mutate(
          { orderId },
          {
            onSuccess: (result) => {
              notifySuccess(
                result.created > 0 ? t('make.made', { count: result.created }) : t('make.none'),
              );
              close();
            },
            onQueued: close,
          },
        );
      }}
      pending={make.isPending}
      submitLabel={t('make.submit')}
      canSubmit={Boolean(orderId)}
    >
      <Text size="sm" c="dimmed">
        {t('make.description')}
      </Text>
      <Select
        label={t('make.order')}
        placeholder={t('make.orderPlaceholder')}
        data={choices}
        value={orderId}
        onChange={setOrderId}
        searchable
        nothingFoundMessage={t('make.noOrders')}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
    </PickDialog>
  );
}
