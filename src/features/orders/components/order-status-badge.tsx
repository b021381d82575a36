import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../../../contract/orders.ts';

export const ORDER_STATUS_COLORS: Record<OrderStatus, MantineColor> = {
  pending: 'yellow',
  in_progress: 'blue',
  completed: 'teal',
  delivered: 'green',
  cancelled: 'gray',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return (
    <Badge color={ORDER_STATUS_COLORS[status]} variant="light" radius="sm">
      {t(`status.${status}`)}
    </Badge>
  );
}
