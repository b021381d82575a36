import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Bill } from '../../../../contract/bills.ts';
import { useFormatters } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { payments } from '@/features/payments/resource';

/** The payments that settled a bill, with a shortcut to record the next one against it. */
export function BillPayments({ bill }: { bill: Bill }) {
  const { t } = useTranslation('payments');
  const format = useFormatters();
  const canRead = useCan('payments.read');
  const canWrite = useCan('payments.write');
  const query = useQuery({
    ...payments.queries.list({ billId: bill._id, limit: 100 }),
    enabled: canRead,
  });
  if (!canRead) return null;
  const rows = query.data?.data ?? [];
  const open = bill.status !== 'cancelled' && bill.balance > 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('billPayments.title')}>
      <Group justify="space-between" gap="sm" mb="xs" wrap="wrap">
        <Text fw={600}>{t('billPayments.title')}</Text>
        {canWrite && open ? (
          <Button
            component={Link}
            to={`/payments?record=${encodeURIComponent(bill._id)}`}
            variant="light"
            leftSection={<IconCash size={16} aria-hidden />}
          >
            {t('billPayments.record')}
          </Button>
        ) : null}
      </Group>
      {query.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('billPayments.empty')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((payment) => {
            const share = payment.allocations.find((row) => row.billId === bill._id);
            return (
              <Text key={payment._id} component="li" size="sm">
                {t('billPayments.line', {
                  date: format.date(payment.paymentDate),
                  method: t(`methods.${payment.method}`),
                  amount: format.money(share?.amount ?? 0),
                })}
                {payment.reference ? ` · ${payment.reference}` : ''}
              </Text>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
