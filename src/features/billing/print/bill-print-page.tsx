import { Alert, Anchor, Group, Loader, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useMutationState, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Bill } from '../../../../contract/bills.ts';
import { WhatsAppShareButton } from '@/components/toolbar-buttons';
import { useQueryFallback } from '@/components/query-state';
import { formatDate, formatMoney } from '@/lib/format';
import { bills } from '@/features/billing/resource';
import { organization } from '@/features/organization/resource';
import { BillDocument } from './bill-document';
import { BillNotesSection } from '../bill-notes/bill-notes-section';
import { BillPayments } from './bill-payments';
import {
  pendingWriteKey,
  upiPayLink,
  whatsappLink,
  type BillPrintT,
  type DocumentLanguage,
} from './bill-document-model';
import { NotePrintView } from './note-print-view';
import { PrintFrame, PrintPreview, usePrintTexts } from './print-frame';
import classes from '@/components/print-sheet.module.css';

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
  const texts = usePrintTexts();
  const { uiT } = texts;
  const query = useQuery({ ...bills.queries.detail(billId), enabled: !writeKey && !!billId });
  const profile = useQuery(organization.queries.profile());

  const documentState = useQueryFallback(query, {
    failureKey: 'bill-print:errors.fetchOne',
    subject: 'page',
    ready: texts.ready,
  });
  const body = writeKey ? <PendingBill writeKey={writeKey} /> : documentState;
  const bill = body ? null : (query.data ?? null);
  // A cancelled bill asks for nothing. Sharing is on unless the organization turned it off, so a
  // profile not yet read (or unreadable offline) leaves the button where it was.
  const canShare =
    bill !== null && bill.status !== 'cancelled' && profile.data?.whatsappSharing !== false;

  return (
    <PrintFrame
      texts={texts}
      canPrint={bill !== null}
      back={
        <Anchor component={Link} to="/billing" size="sm">
          {uiT('toolbar.back')}
        </Anchor>
      }
      actions={
        bill && canShare ? (
          <WhatsAppShareButton
            href={whatsappLink(bill.merchant.phone, shareMessage(bill, texts.language, texts.t))}
          >
            {uiT('toolbar.share')}
          </WhatsAppShareButton>
        ) : null
      }
    >
      {body}
      {bill ? (
        <PrintPreview paper={texts.paper}>
          <BillDocument bill={bill} settings={texts} />
        </PrintPreview>
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
    </PrintFrame>
  );
}
