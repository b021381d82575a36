import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUS_MOVES, type Order, type OrderStatus } from '../../../../contract/orders.ts';
import { ORDER_STATUS_COLORS, OrderStatusBadge } from './order-status-badge';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import * as resources from '@/lib/resources';

/** Offers only the moves the API allows from the order's current status. */
export function OrderStatusControl({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const setStatus = resources.useSetOrderStatus();
  const moves = ORDER_STATUS_MOVES[order.status];
  // The server refuses to complete an order whose job cards are not done; the user may insist.
  const [confirmingForce, setConfirmingForce] = useState(false);

  const move = (status: OrderStatus) =>
    setStatus.mutate(
      { id: order._id, status, version: order.version },
      {
        onError: (error) => {
          if (isApiError(error) && error.code === 'order_has_open_cards') {
            setConfirmingForce(true);
          }
        },
      },
    );

  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={t('statusMove.label')}>
      <Stack gap="sm">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('statusMove.current')}
          </Text>
          <OrderStatusBadge status={order.status} />
        </Group>
        {moves.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('statusMove.final')}
          </Text>
        ) : (
          <Group gap="xs">
            {moves.map((status) => {
              // Going back a step reads differently from moving forward.
              const isStepBack = order.status === 'completed' && status === 'in_progress';
              return (
                <Button
                  key={status}
                  size="xs"
                  variant={status === 'cancelled' || isStepBack ? 'default' : 'light'}
                  color={ORDER_STATUS_COLORS[status]}
                  loading={setStatus.isPending && setStatus.variables?.input.status === status}
                  disabled={setStatus.isPending}
                  onClick={() => move(status)}
                >
                  {isStepBack ? t('statusMoveBack.in_progress') : t(`statusMove.${status}`)}
                </Button>
              );
            })}
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirmingForce}
        title={t('statusMove.openCardsTitle')}
        message={t('statusMove.openCardsMessage')}
        confirmLabel={t('statusMove.completeAnyway')}
        danger={false}
        loading={setStatus.isPending}
        onClose={() => setConfirmingForce(false)}
        onConfirm={() =>
          setStatus.mutate(
            { id: order._id, status: 'completed', version: order.version, force: true },
            { onSettled: () => setConfirmingForce(false) },
          )
        }
      />
    </Paper>
  );
}
