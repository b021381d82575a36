import { SimpleGrid, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { computeBillFigures } from '../../../../contract/bill-figures.ts';
import type { BillType } from '../../../../contract/bills.ts';
import { GST_STATES } from '../../../../contract/gst.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useFormatters } from '@/lib/format';
import { type BillableOrder, billNextNumber } from '@/features/billing/resource';
import { BillFigureRows } from './bill-figure-rows';
import { NumberForecast, ReviewSetting } from './review-parts';

/** The bill's settings as they will be sent, with the server's defaults already filled in. */
export interface BillReviewSettings {
  billDate: string;
  dueDate: string | null;
  billType: BillType;
  gstRate: number;
  placeOfSupply: string | null;
}

export interface BillReviewDialogProps {
  opened: boolean;
  merchantName: string;
  orders: readonly BillableOrder[];
  settings: BillReviewSettings;
  /** The organization's state: the same state as the place of supply means CGST and SGST. */
  sellerState: string | null;
  issuing: boolean;
  onIssue: () => void;
  onClose: () => void;
}

/**
 * Everything the bill will carry, before it takes a number: a mistaken tap costs nothing here,
 * while an issued tax invoice can only be cancelled and stays on the books.
 */
export function BillReviewDialog({
  opened,
  merchantName,
  orders,
  settings,
  sellerState,
  issuing,
  onIssue,
  onClose,
}: BillReviewDialogProps) {
  const { t } = useTranslation('bills');
  const format = useFormatters();
  const next = useQuery({
    ...billNextNumber({ billDate: settings.billDate }),
    enabled: opened,
  });
  const lines = orders.flatMap((order) =>
    order.designs.map((line) => ({ ...line, poNumber: order.poNumber })),
  );
  const figures = computeBillFigures({
    lineAmounts: lines.map((line) => line.amount),
    billType: settings.billType,
    gstRate: settings.gstRate,
    sellerState,
    placeOfSupply: settings.placeOfSupply,
  });
  const place = settings.placeOfSupply;
  const placeName = place ? (GST_STATES as Record<string, string>)[place] : undefined;

  return (
    <ConfirmDialog
      opened={opened}
      title={t('review.title')}
      size="xl"
      danger={false}
      loading={issuing}
      confirmLabel={t('review.issue')}
      cancelLabel={t('review.back')}
      onConfirm={onIssue}
      onClose={onClose}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
          <ReviewSetting label={t('fields.merchant')} value={merchantName} />
          <ReviewSetting label={t('fields.billType')} value={t(`billTypes.${settings.billType}`)} />
          <ReviewSetting label={t('fields.billDate')} value={format.date(settings.billDate)} />
          <ReviewSetting label={t('fields.dueDate')} value={format.date(settings.dueDate)} />
          <ReviewSetting
            label={t('fields.placeOfSupply')}
            value={place ? `${place} ${placeName ?? ''}`.trim() : '—'}
          />
          <ReviewSetting
            label={t('fields.orders')}
            value={orders.map((o) => o.poNumber).join(', ')}
          />
        </SimpleGrid>
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={t('review.lines')} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('review.columns.order')}</Table.Th>
                <Table.Th>{t('review.columns.design')}</Table.Th>
                <Table.Th ta="right">{t('review.columns.quantity')}</Table.Th>
                <Table.Th ta="right">{t('review.columns.rate')}</Table.Th>
                <Table.Th ta="right">{t('review.columns.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={`${line.poNumber}:${line._id}`}>
                  <Table.Td>{line.poNumber}</Table.Td>
                  <Table.Td>
                    {line.design.designCode} · {line.design.name}
                  </Table.Td>
                  <Table.Td ta="right">{line.quantity}</Table.Td>
                  <Table.Td ta="right">{format.money(line.rate)}</Table.Td>
                  <Table.Td ta="right">{format.money(line.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <BillFigureRows
          figures={figures}
          billType={settings.billType}
          gstRate={settings.gstRate}
          label={t('review.figures')}
        />
        <NumberForecast
          label={t('fields.number')}
          forecast={
            next.data ? t('review.number', { number: next.data.number }) : t('review.numberUnknown')
          }
          note={t('review.numberNote')}
        />
      </Stack>
    </ConfirmDialog>
  );
}
