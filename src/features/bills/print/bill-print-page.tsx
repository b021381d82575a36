import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconBrandWhatsapp, IconClockHour4, IconPrinter } from '@tabler/icons-react';
import { useMutationState, useQuery } from '@tanstack/react-query';
import { useEffect, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Bill } from '../../../../contract/bills.ts';
import { isGstStateCode } from '../../../../contract/gst.ts';
import { printWhenFontsReady, usePrintDocumentState } from '@/components/print-document-state';
import { formatDate, formatMoney } from '@/lib/format';
import { LANGUAGE_NAMES, toLanguage } from '@/lib/i18n';
import { useFitToWidth } from '@/lib/use-fit-to-width';
import { bills, organization } from '@/lib/resources';
import { BillDocument } from './bill-document';
import { BillNotesSection } from '../bill-notes/bill-notes-section';
import { BillPayments } from './bill-payments';
import {
  BILL_COPIES,
  PAPER_SIZES,
  pendingWriteKey,
  upiPayLink,
  whatsappLink,
  type BillPrintT,
  type DocumentLanguage,
  type PaperSize,
} from './bill-document-model';
import { NotePrintView } from './note-print-view';
import { usePrintChoices } from './print-choices';
import classes from '@/components/print-sheet.module.css';

const PAGE_MARGINS: Record<PaperSize, string> = { A4: '10mm', A5: '7mm' };
const PAPER_WIDTH_MM: Record<PaperSize, number> = { A4: 210, A5: 148 };

/** The message a merchant receives on WhatsApp, in the bill's language. */
export function shareMessage(bill: Bill, language: DocumentLanguage, t: BillPrintT): string {
  const lines = [
    t('share.message', {
      number: bill.number,
      seller: bill.seller.name,
      amount: formatMoney(bill.status === 'cancelled' ? bill.totalAmount : bill.balance, language),
      dueDate: formatDate(bill.dueDate, language),
    }),
  ];
  const link = upiPayLink(bill);
  if (link) lines.push(t('share.upi', { link }));
  return lines.join('\n');
}

/** Waits for the queued write that made the bill; once the server numbers it, opens the real one. */
function PendingBill({ writeKey }: { writeKey: string }) {
  const { t } = useTranslation('bill-print');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const createdIds = useMutationState({
    filters: {
      status: 'success',
      predicate: (mutation) =>
        (mutation.state.variables as { idempotencyKey?: unknown } | undefined)?.idempotencyKey ===
        writeKey,
    },
    select: (mutation) => (mutation.state.data as { _id?: unknown } | undefined)?._id,
  });
  const createdId = createdIds.find((value): value is string => typeof value === 'string');
  useEffect(() => {
    if (!createdId) return;
    const search = params.toString();
    void navigate(`/billing/${encodeURIComponent(createdId)}/print${search ? `?${search}` : ''}`, {
      replace: true,
    });
  }, [createdId, navigate, params]);
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconClockHour4 size={20} aria-hidden />}
      title={t('pending.title')}
      role="status"
    >
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('pending.message')}</Text>
      </Group>
    </Alert>
  );
}

/**
 * `/billing/:billId/print` and `/billing/notes/:noteId/print`: one page for both, so the
 * document code they share (the amount in words) loads with them and not with every page.
 */
export default function PrintPage() {
  const { noteId } = useParams();
  return noteId ? <NotePrintView noteId={noteId} /> : <BillPrintPage />;
}

/** The bill as it prints, with paper, language and copy choices. */
function BillPrintPage() {
  const { billId = '' } = useParams();
  const writeKey = pendingWriteKey(billId);
  const { t: uiT, i18n } = useTranslation(['bill-print', 'ui']);
  const interfaceLanguage = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const { paper, language, languages, copy, choose } = usePrintChoices(interfaceLanguage);
  const { t, ready: textsReady } = useTranslation('bill-print', { lng: language });
  const { t: organizationT, ready: statesReady } = useTranslation('organization', {
    lng: language,
  });
  const query = useQuery({ ...bills.queries.detail(billId), enabled: !writeKey && !!billId });
  const profile = useQuery(organization.queries.profile());

  const documentState = usePrintDocumentState(
    query,
    textsReady && statesReady,
    'bill-print:errors.fetchOne',
  );
  const body = writeKey ? <PendingBill writeKey={writeKey} /> : documentState;
  const bill = body ? null : (query.data ?? null);
  // A cancelled bill asks for nothing. Sharing is on unless the organization turned it off, so a
  // profile not yet read (or unreadable offline) leaves the button where it was.
  const canShare =
    bill !== null && bill.status !== 'cancelled' && profile.data?.whatsappSharing !== false;

  const print = printWhenFontsReady;
  const { measure: measurePreview, zoom: previewZoom } = useFitToWidth(PAPER_WIDTH_MM[paper]);

  return (
    <Stack gap="md" className={classes.page} data-bill-print>
      <style>{`@page { size: ${paper}; margin: ${PAGE_MARGINS[paper]}; }`}</style>
      <Group className={classes.toolbar} justify="space-between" wrap="wrap" gap="sm">
        <Anchor component={Link} to="/billing" size="sm">
          {uiT('toolbar.back')}
        </Anchor>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" id="bill-paper-label">
              {uiT('toolbar.paper')}
            </Text>
            <SegmentedControl
              aria-labelledby="bill-paper-label"
              data={PAPER_SIZES.map((size) => ({ value: size, label: size }))}
              value={paper}
              onChange={(value) => choose('paper', value)}
            />
          </Stack>
          <Select
            label={uiT('toolbar.language')}
            data={languages.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
            value={language}
            onChange={(value) => value && choose('lang', value)}
            allowDeselect={false}
            w={140}
          />
          <Select
            label={uiT('toolbar.copy')}
            data={BILL_COPIES.map((value) => ({ value, label: uiT(`copies.${value}`) }))}
            value={copy}
            onChange={(value) => value && choose('copy', value)}
            allowDeselect={false}
            w={240}
          />
          <Button
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => void print()}
            disabled={!bill}
          >
            {uiT('toolbar.print')}
          </Button>
          {bill && canShare ? (
            <Button
              component="a"
              href={whatsappLink(bill.merchant.phone, shareMessage(bill, language, t))}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              color="green"
              leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
            >
              {uiT('toolbar.share')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {body}
      {bill ? (
        <div
          className={classes.preview}
          ref={measurePreview}
          style={{ '--sheet-zoom': previewZoom } as CSSProperties}
        >
          <BillDocument
            bill={bill}
            language={language}
            paper={paper}
            copy={copy}
            t={t}
            stateName={(code) => (isGstStateCode(code) ? organizationT(`states.${code}`) : code)}
          />
        </div>
      ) : null}
      {bill ? (
        <div className={classes.toolbar}>
          <BillPayments bill={bill} />
        </div>
      ) : null}
      {bill ? (
        <div className={classes.toolbar}>
          <BillNotesSection bill={bill} />
        </div>
      ) : null}
    </Stack>
  );
}
