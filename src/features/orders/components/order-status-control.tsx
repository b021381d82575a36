import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChecklist, IconClipboardPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORDER_STATUS_MOVES, type Order, type OrderStatus } from '../../../../contract/orders.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { notifySuccess } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { ORDER_STATUS_COLORS, OrderStatusBadge } from './order-status-badge';
import * as resources from '@/lib/resources';

/** Statuses in which the floor can still work on an order. */
const IN_PRODUCTION: readonly OrderStatus[] = ['pending', 'in_progress', 'completed'];

/** Offers only the moves the API allows from the order's current status. */
export function OrderStatusControl({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const setStatus = resources.useSetOrderStatus();
  const makeCards = resources.useMakeJobCards();
  const canProduce = useCan('production.write');
  const moves = ORDER_STATUS_MOVES[order.status];
  // The server refused to complete an order with open job cards: its reason, and the way on.
  const [openCardsRefusal, setOpenCardsRefusal] = useState<string | null>(null);

  const move = (status: OrderStatus, force = false) =>
    setStatus.mutate(
      { id: order._id, status, version: order.version, ...(force ? { force } : {}) },
      {
        onSuccess: () => setOpenCardsRefusal(null),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'order_has_open_cards') {
            setOpenCardsRefusal(errorText(error, t, 'orders:errors.updateStatus'));
          }
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
        opened={openCardsRefusal !== null}
        title={t('production.forceTitle')}
        message={
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {openCardsRefusal}
            </Text>
            <Text size="sm">{t('production.forceMessage')}</Text>
          </Stack>
        }
        confirmLabel={t('production.forceConfirm')}
        loading={setStatus.isPending}
        onConfirm={() => move('completed', true)}
        onClose={() => setOpenCardsRefusal(null)}
      />
    </Paper>
  );
}
