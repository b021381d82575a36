import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChecklist, IconClipboardPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORDER_STATUS_MOVES, type Order, type OrderStatus } from '../../../../contract/orders.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { ORDER_STATUS_COLORS, OrderStatusBadge } from './order-status-badge';
import { useSetOrderStatus } from '@/features/orders/resource';
import { useMakeJobCards } from '@/features/tasks/resource';

/** Statuses in which the floor can still work on an order. */
const IN_PRODUCTION: readonly OrderStatus[] = ['pending', 'in_progress', 'completed'];

/** Offers only the moves the API allows from the order's current status. */
export function OrderStatusControl({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const setStatus = useSetOrderStatus();
  const makeCards = useMakeJobCards();
  const canProduce = useCan('production.write');
  const moves = ORDER_STATUS_MOVES[order.status];
  // The server refuses to complete an order whose job cards are not done; the user may insist.
  const [confirmingForce, setConfirmingForce] = useState(false);

  const move = (status: OrderStatus, force = false) =>
    setStatus.mutate(
      { id: order._id, status, version: order.version, ...(force ? { force } : {}) },
      {
        onSuccess: () => setConfirmingForce(false),
        onError: (error) => {
          if (isApiError(error) && error.code === 'order_has_open_cards') setConfirmingForce(true);
        },
      },
    );

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm" role="group" aria-label={t('statusMove.label')}>
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
      {canProduce && IN_PRODUCTION.includes(order.status) ? (
        <Group gap="xs" mt="sm" role="group" aria-label={t('production.openCards')}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconClipboardPlus size={16} aria-hidden />}
            loading={makeCards.isPending}
            onClick={() =>
              makeCards.mutate(
                { orderId: order._id },
                {
                  onSuccess: (result) =>
                    notifySuccess(
                      result.created > 0
                        ? t('production.cardsMade', { count: result.created })
                        : t('production.cardsExist'),
                    ),
                },
              )
            }
          >
            {t('production.makeCards')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            component={Link}
            to={`/tasks/list?orderId=${encodeURIComponent(order._id)}`}
            leftSection={<IconChecklist size={16} aria-hidden />}
          >
            {t('production.openCards')}
          </Button>
        </Group>
      ) : null}
      <ConfirmDialog
        opened={confirmingForce}
        title={t('statusMove.openCardsTitle')}
        // The server's refusal, in the interface language, with the way on.
        message={t('statusMove.openCardsMessage')}
        confirmLabel={t('statusMove.completeAnyway')}
        danger={false}
        loading={setStatus.isPending}
        onConfirm={() => move('completed', true)}
        onClose={() => setConfirmingForce(false)}
      />
    </Paper>
  );
}
