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
    // Never cut: "In progress" and its gu/hi forms must read in full in a narrow column.
    <Badge
      color={ORDER_STATUS_COLORS[status]}
      variant="light"
      radius="sm"
      styles={{
        root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
        label: { overflow: 'visible', textOverflow: 'clip' },
      }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
