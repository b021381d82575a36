import { Alert, SimpleGrid, Stack, Text, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillFigures } from '../../../../contract/bill-figures.ts';
import type { BillType } from '../../../../contract/bills.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useIsOnline } from '@/lib/offline/use-online-status';
import { BillFigureRows } from './bill-figure-rows';

/** One setting of a document under review: its label, then its value in bold. */
function ReviewSetting({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      <Text span fw={600} size="sm">
        {value}
      </Text>
    </Text>
  );
}

/**
 * The number a bill or note would take, said as a forecast: it is taken only when the document
 * is issued, and another device may take it first.
 */
function NumberForecast(props: { label: string; forecast: string; note: string }) {
  return (
    <Alert color="blue" variant="light" role="note" aria-label={props.label}>
      <Text size="sm" fw={600}>
        {props.forecast}
      </Text>
      <Text size="sm">{props.note}</Text>
    </Alert>
  );
}

/** What a review offers: issuing while the write is under way, or going back. */
export interface ReviewActions {
  issuing: boolean;
  onIssue: () => void;
  onClose: () => void;
}

/**
 * A bill or note as it will be issued, before it takes a number: its settings, then `children`
 * (its lines or its notes), its figures and the number it would take. Going back costs nothing.
 * `texts` names the group of the `bills` texts it speaks with: the bill's review or the note's.
 */
export function DocumentReviewDialog(
  props: ReviewActions & {
    opened: boolean;
    title: string;
    size: ModalProps['size'];
    texts: 'review' | 'billNotes';
    settings: readonly { label: string; value: string }[];
    figures: BillFigures;
    /** The bill type and GST rate the figures are taxed by. */
    taxedAs: { billType: BillType; gstRate: number };
    /** The number the server expects to give, when it has said. */
    nextNumber: string | undefined;
    children?: ReactNode;
  },
) {
  const { t } = useTranslation('bills');
  const { texts, nextNumber } = props;
  // Offline the issue waits in the queue, and other devices may take numbers meanwhile: a
  // forecast read before the network dropped would promise a number it will not get.
  const online = useIsOnline();
  const forecast = online
    ? {
        text:
          nextNumber === undefined
            ? t(`${texts}.numberUnknown`)
            : t(`${texts}.willTake`, { number: nextNumber }),
        note: t(`${texts}.numberNote`),
      }
    : { text: t(`${texts}.numberOffline`), note: t(`${texts}.numberOfflineNote`) };
  return (
    <ConfirmDialog
      opened={props.opened}
      title={props.title}
      size={props.size}
      danger={false}
      loading={props.issuing}
      confirmLabel={t(`${texts}.issue`)}
      cancelLabel={t('review.back')}
      onConfirm={props.onIssue}
      onClose={props.onClose}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
          {props.settings.map((setting) => (
            <ReviewSetting key={setting.label} label={setting.label} value={setting.value} />
          ))}
        </SimpleGrid>
        {props.children}
        <BillFigureRows
          figures={props.figures}
          billType={props.taxedAs.billType}
          gstRate={props.taxedAs.gstRate}
          label={t(`${texts}.figures`)}
        />
        <NumberForecast
          label={t(`${texts}.number`)}
          forecast={forecast.text}
          note={forecast.note}
        />
      </Stack>
    </ConfirmDialog>
  );
}
