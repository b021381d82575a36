import { Modal, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { orders as ordersResource } from '@/features/orders/resource';
import { useMakeJobCards } from '@/features/tasks/resource';

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
    <Modal
      opened={opened}
      onClose={close}
      title={t('make.title')}
      centered
      closeButtonProps={{ 'aria-label': t('ui:actions.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
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
      >
        <Stack gap="md">
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
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={make.isPending}>
              {t('ui:actions.cancel')}
            </Button>
            <Button type="submit" loading={make.isPending} disabled={!orderId}>
              {t('make.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
