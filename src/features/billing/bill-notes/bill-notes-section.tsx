import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconBan, IconReceiptRefund, IconReceiptTax } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BillNote, BillNoteKind } from '../../../../contract/bill-notes.ts';
import type { Bill } from '../../../../contract/bills.ts';
import { useFormatters } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { billNotes as billNotesResource, useCancelBillNote } from '@/features/billing/resource';
import { CancelDocumentModal } from '../components/cancel-document-modal';
import { BillNoteForm } from './bill-note-form';
import { NOTE_STATUS_COLORS } from './note-status-colors';
import { fromPaise, toPaise } from '../../../../contract/money.ts';

/** The credit and debit notes of a bill, with the buttons that issue and cancel them. */
export function BillNotesSection({ bill }: { bill: Bill }) {
  const { t } = useTranslation('bills');
  const format = useFormatters();
  const canRead = useCan('bills.read');
  const canWrite = useCan('bills.write');
  const query = useQuery({
    ...billNotesResource.queries.list({ billId: bill._id, limit: 100 }),
    enabled: canRead,
  });
  const [issuing, setIssuing] = useState<BillNoteKind | null>(null);
  const [toCancel, setToCancel] = useState<BillNote | null>(null);
  if (!canRead) return null;
  const rows = query.data?.data ?? [];
  const live = bill.status !== 'cancelled';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('billNotes.title')}>
      <Group justify="space-between" gap="sm" mb="xs" wrap="wrap">
        <Text fw={600}>{t('billNotes.title')}</Text>
        {canWrite && live ? (
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconReceiptRefund size={16} aria-hidden />}
              onClick={() => setIssuing('credit')}
            >
              {t('billNotes.kinds.credit')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconReceiptTax size={16} aria-hidden />}
              onClick={() => setIssuing('debit')}
            >
              {t('billNotes.kinds.debit')}
            </Button>
          </Group>
        ) : null}
      </Group>
      {query.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('billNotes.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('billNotes.title')} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.number')}</Table.Th>
                <Table.Th>{t('billNotes.columns.kind')}</Table.Th>
                <Table.Th>{t('columns.date')}</Table.Th>
                <Table.Th>{t('fields.reason')}</Table.Th>
                <Table.Th ta="right">{t('columns.total')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th aria-label={t('billNotes.columns.actions')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((note) => (
                <Table.Tr key={note._id}>
                  <Table.Td>
                    <Text
                      component={Link}
                      to={`/billing/notes/${encodeURIComponent(note._id)}/print`}
                      size="sm"
                      fw={600}
                      c="inherit"
                    >
                      {note.number}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`billNotes.kinds.${note.kind}`)}</Table.Td>
                  <Table.Td>{format.date(note.noteDate)}</Table.Td>
                  <Table.Td>{t(`noteReasons.${note.reason}`)}</Table.Td>
                  <Table.Td ta="right">{format.money(note.totalAmount)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={NOTE_STATUS_COLORS[note.status]}>
                      {t(`billNotes.status.${note.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    {canWrite && note.status !== 'cancelled' ? (
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        leftSection={<IconBan size={14} aria-hidden />}
                        aria-label={t('billNotes.cancel', { number: note.number })}
                        onClick={() => setToCancel(note)}
                      >
                        {t('billNotes.cancelShort')}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {issuing ? (
        <BillNoteForm bill={bill} kind={issuing} onClose={() => setIssuing(null)} />
      ) : null}
      {toCancel ? <CancelNoteModal note={toCancel} onClose={() => setToCancel(null)} /> : null}
    </Paper>
  );
}

/** What cancelling undoes, in money: the bill and the merchant owe again what the note changed. */
function CancelNoteModal({ note, onClose }: { note: BillNote; onClose: () => void }) {
  const { t } = useTranslation('bills');
  const format = useFormatters();
  const cancel = useCancelBillNote();
  const advance = fromPaise(toPaise(note.totalAmount) - toPaise(note.appliedAmount));
  return (
    <CancelDocumentModal
      document={note}
      texts="billNotes.cancelDialog"
      cancel={cancel}
      onClose={onClose}
    >
      {note.kind === 'credit' ? (
        <Text size="sm">
          {t('billNotes.cancelDialog.undoesCredit', {
            amount: format.money(note.appliedAmount),
            bill: note.billNumber,
          })}
          {advance > 0
            ? ` ${t('billNotes.cancelDialog.undoesAdvance', { amount: format.money(advance) })}`
            : ''}
        </Text>
      ) : (
        <Text size="sm">
          {t('billNotes.cancelDialog.undoesDebit', {
            amount: format.money(note.totalAmount),
            bill: note.billNumber,
          })}
        </Text>
      )}
    </CancelDocumentModal>
  );
}
