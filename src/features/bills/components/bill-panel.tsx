import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BILL_TYPES, type Bill, type BillType } from '../../../../contract/bills.ts';
import { GST_RATES, GST_STATES, isGstStateCode } from '../../../../contract/gst.ts';
import type { OrganizationProfile } from '../../../../contract/organization.ts';
import { useFormatters } from '@/lib/format';
import * as resources from '@/lib/resources';
import type { BillableOrder } from '@/lib/resources';
import { addDays, previewBill, todayYmd } from '../bill-preview';

const STATE_OPTIONS = Object.entries(GST_STATES).map(([code, name]) => ({
  value: code,
  label: `${code} ${name}`,
}));

export interface BillPanelProps {
  merchantId: string;
  /** The merchant's state code, the default place of supply. */
  merchantState: string | null;
  orders: BillableOrder[];
  organization: OrganizationProfile | undefined;
  /** The bill made, or null when it was queued to be sent once online. */
  onDone: (bill: Bill | null) => void;
}

/**
 * The bill's settings with a live preview of its figures and the "Make bill" button. Defaults
 * follow the organization profile and the merchant, as the server's own defaults do.
 */
export function BillPanel({
  merchantId,
  merchantState,
  orders,
  organization,
  onDone,
}: BillPanelProps) {
  const { t } = useTranslation('bills');
  const format = useFormatters();
  const create = resources.bills.useCreate();
  const [billDate, setBillDate] = useState(() => todayYmd());
  const [billType, setBillType] = useState<BillType>('tax_invoice');
  const [gstRate, setGstRate] = useState<number | null>(null);
  const [sac, setSac] = useState<string | null>(null);
  const [placeOfSupply, setPlaceOfSupply] = useState<string | null>(null);
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [notes, setNotes] = useState('');

  // Untouched fields follow their defaults, which load with the profile.
  const effectiveRate = gstRate ?? organization?.defaultGstRate ?? 5;
  const effectiveSac = sac ?? organization?.defaultSac ?? '';
  const effectivePlace = placeOfSupply ?? merchantState ?? organization?.state ?? null;
  const effectiveDue = dueDate ?? addDays(billDate, organization?.paymentTermsDays ?? 15);

  const preview = useMemo(
    () =>
      previewBill({
        lineAmounts: orders.flatMap((order) => order.designs.map((line) => line.amount)),
        billType,
        gstRate: effectiveRate,
        sellerState: organization?.state ?? null,
        placeOfSupply: effectivePlace,
      }),
    [orders, billType, effectiveRate, organization?.state, effectivePlace],
  );

  const makeBill = () => {
    create.mutate(
      {
        merchantId,
        orderIds: orders.map((order) => order._id),
        billDate,
        billType,
        gstRate: effectiveRate,
        ...(effectiveSac ? { sac: effectiveSac } : {}),
        ...(effectivePlace && isGstStateCode(effectivePlace)
          ? { placeOfSupply: effectivePlace }
          : {}),
        dueDate: effectiveDue,
        notes: notes.trim() === '' ? null : notes,
      },
      {
        onSuccess: (bill) => onDone(bill),
        onQueued: () => onDone(null),
      },
    );
  };

  const rateLabel = String(effectiveRate);
  const taxed = billType === 'tax_invoice' && effectiveRate > 0;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('desk.makeBill')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="date"
            label={t('fields.billDate')}
            value={billDate}
            onChange={(event) => setBillDate(event.currentTarget.value)}
            required
          />
          <Select
            label={t('fields.billType')}
            data={BILL_TYPES.map((type) => ({ value: type, label: t(`billTypes.${type}`) }))}
            value={billType}
            onChange={(value) => value && setBillType(value)}
            allowDeselect={false}
          />
          <Select
            label={t('fields.gstRate')}
            data={GST_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
            value={String(effectiveRate)}
            onChange={(value) => value !== null && setGstRate(Number(value))}
            allowDeselect={false}
          />
          <TextInput
            label={t('fields.sac')}
            value={effectiveSac}
            inputMode="numeric"
            maxLength={8}
            onChange={(event) => setSac(event.currentTarget.value)}
          />
          <Select
            label={t('fields.placeOfSupply')}
            data={STATE_OPTIONS}
            value={effectivePlace}
            onChange={setPlaceOfSupply}
            searchable
          />
          <TextInput
            type="date"
            label={t('fields.dueDate')}
            value={effectiveDue}
            onChange={(event) => setDueDate(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Textarea
          label={t('fields.notes')}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Stack gap={4} aria-label={t('desk.previewNote')} role="group">
          <PreviewRow label={t('preview.taxable')} value={format.money(preview.taxable)} />
          {taxed && preview.intraState ? (
            <>
              <PreviewRow
                label={t('preview.cgst', { rate: effectiveRate / 2 })}
                value={format.money(preview.cgst)}
              />
              <PreviewRow
                label={t('preview.sgst', { rate: effectiveRate / 2 })}
                value={format.money(preview.sgst)}
              />
            </>
          ) : null}
          {taxed && !preview.intraState ? (
            <PreviewRow
              label={t('preview.igst', { rate: rateLabel })}
              value={format.money(preview.igst)}
            />
          ) : null}
          <PreviewRow label={t('preview.roundOff')} value={format.money(preview.roundOff)} />
          <PreviewRow label={t('preview.total')} value={format.money(preview.total)} strong />
          <Text size="xs" c="dimmed">
            {t('desk.previewNote')}
          </Text>
        </Stack>
        <Group justify="flex-end">
          <Button
            size="md"
            onClick={makeBill}
            loading={create.isPending && !create.isPaused}
            disabled={orders.length === 0 || !billDate}
          >
            {t('desk.makeBill')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function PreviewRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} ff="monospace">
        {value}
      </Text>
    </Group>
  );
}
