import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useQueryFallback } from '@/components/query-state';
import { billNotes } from '@/features/billing/resource';
import { NoteDocument } from './note-document';
import { PrintFrame, PrintPreview, usePrintTexts } from './print-frame';

/** `/billing/notes/:noteId/print`: a credit or debit note as it prints, chosen like a bill's. */
export function NotePrintView({ noteId }: { noteId: string }) {
  const texts = usePrintTexts();
  const { uiT } = texts;
  const query = useQuery({ ...billNotes.queries.detail(noteId), enabled: !!noteId });
  const body = useQueryFallback(query, {
    failureKey: 'bill-print:errors.fetchOne',
    subject: 'page',
    ready: texts.ready,
  });
  const note = body ? null : (query.data ?? null);

  return (
    <PrintFrame
      texts={texts}
      canPrint={note !== null}
      back={
        <Anchor
          component={Link}
          to={note ? `/billing/${encodeURIComponent(note.billId)}/print` : '/billing'}
          size="sm"
        >
          {note ? note.billNumber : uiT('toolbar.back')}
        </Anchor>
      }
    >
      {body}
      {note ? (
        <PrintPreview paper={texts.paper}>
          <NoteDocument note={note} settings={texts} />
        </PrintPreview>
      ) : null}
    </PrintFrame>
  );
}
