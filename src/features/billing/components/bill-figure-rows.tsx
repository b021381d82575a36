import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BillFigures } from '../../../../contract/bill-figures.ts';
import type { BillType } from '../../../../contract/bills.ts';
import { useFormatters } from '@/lib/format';

export interface BillFigureRowsProps {
  figures: BillFigures;
  billType: BillType;
  gstRate: number;
  /** Names the group, so that a reader (and a test) finds these figures among others. */
  label: string;
  note?: string;
}

/** Taxable value, the tax split as the bill will carry it, round-off and total. */
export function BillFigureRows({ figures, billType, gstRate, label, note }: BillFigureRowsProps) {
  const { t } = useTranslation('bills');
  const format = useFormatters();
  const taxed = billType === 'tax_invoice' && gstRate > 0;
  return (
    <Stack gap={4} aria-label={label} role="group">
      <FigureRow label={t('preview.taxable')} value={format.money(figures.taxable)} />
      {taxed && figures.intraState ? (
        <>
          <FigureRow
            label={t('preview.cgst', { rate: gstRate / 2 })}
            value={format.money(figures.cgst)}
          />
          <FigureRow
            label={t('preview.sgst', { rate: gstRate / 2 })}
            value={format.money(figures.sgst)}
          />
        </>
      ) : null}
      {taxed && !figures.intraState ? (
        <FigureRow
          label={t('preview.igst', { rate: String(gstRate) })}
          value={format.money(figures.igst)}
        />
      ) : null}
      <FigureRow label={t('preview.roundOff')} value={format.money(figures.roundOff)} />
      <FigureRow label={t('preview.total')} value={format.money(figures.total)} strong />
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}

function FigureRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} ff="monospace">
        {value}
      </Text>
    </Group>
  );
}
