import { Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { computeBillFigures } from '../../../../contract/bill-figures.ts';
import type { BillType } from '../../../../contract/bills.ts';
import { GST_STATES } from '../../../../contract/gst.ts';
import { useFormatters } from '@/lib/format';
import { type BillableOrder, billNextNumber } from '@/features/billing/resource';
import { DocumentReviewDialog, type ReviewActions } from './review-parts';

/** The bill's settings as they will be sent, with the server's defaults already filled in. */
export interface BillReviewSettings {
  billDate: string;
  dueDate: string | null;
  billType: BillType;
  gstRate: number;
  placeOfSupply: string | null;
}

export interface BillReviewDialogProps extends ReviewActions {
  opened: boolean;
  merchantName: string;
  orders: readonly BillableOrder[];
  settings: BillReviewSettings;
  /** The organization's state: the same state as the place of supply means CGST and SGST. */
  sellerState: string | null;
}

/**
 * Everything the bill will carry, before it takes a number: a mistaken tap costs nothing here,
 * while an issued tax invoice can only be cancelled and stays on the books.
 */
export function BillReviewDialog(props: BillReviewDialogProps) {
  const { opened, merchantName, orders, settings, sellerState, ...actions } = props;
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
    <DocumentReviewDialog
      opened={opened}
      title={t('review.title')}
      size="xl"
      texts="review"
      {...actions}
      settings={[
        { label: t('fields.merchant'), value: merchantName },
        { label: t('fields.billType'), value: t(`billTypes.${settings.billType}`) },
        { label: t('fields.billDate'), value: format.date(settings.billDate) },
        { label: t('fields.dueDate'), value: format.date(settings.dueDate) },
        {
          label: t('fields.placeOfSupply'),
          value: place ? `${place} ${placeName ?? ''}`.trim() : '—',
        },
        { label: t('fields.orders'), value: orders.map((o) => o.poNumber).join(', ') },
      ]}
      figures={figures}
      taxedAs={settings}
      nextNumber={next.data?.number}
    >
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
    </DocumentReviewDialog>
  );
}
