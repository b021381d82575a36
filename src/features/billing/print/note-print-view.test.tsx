import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { billingProfile } from '@/test/msw/bills';
import { fail, ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import { FIXTURE_NOTE_ID, fixtureCreditNote } from './note-fixture';
import PrintPage from './bill-print-page';

const server = setupMswServer(http.get('*/api/organization', () => ok(billingProfile())));

function renderNote(note = fixtureCreditNote(), route = `/billing/notes/${FIXTURE_NOTE_ID}/print`) {
  server.use(
    http.get('*/api/bill-notes/:noteId', ({ params }) =>
      params.noteId === note._id ? ok(note) : fail(404, 'Note not found'),
    ),
  );
  signInTestUser();
  return renderWithProviders(<PrintPage />, { path: '/billing/notes/:noteId/print', route });
}

describe('NotePrintPage', () => {
  it('prints "Credit Note" naming the original invoice, the reason and the split tax', async () => {
    renderNote();
    const sheet = await screen.findByTestId('note-document');
    expect(within(sheet).getByRole('heading', { name: 'Credit Note' })).toBeInTheDocument();
    for (const text of [
      'Note number: CN/2026-27/0007',
      'Original invoice: INV/2026-27/0042',
      'Invoice date: 20 Nov 2026',
      'Reason: Sales return',
      'CGST 2.5%₹106.25',
      'SGST 2.5%₹106.25',
      'Total₹4,463.00',
    ]) {
      expect(sheet).toHaveTextContent(text);
    }
    expect(within(sheet).getByTestId('amount-in-words')).toHaveTextContent(
      'Rupees Four Thousand Four Hundred Sixty Three Only',
    );
    expect(screen.getByRole('link', { name: 'INV/2026-27/0042' })).toHaveAttribute(
      'href',
      '/billing/00000000-0000-4000-8000-00000000b001/print',
    );
  });

  it('prints a debit note with IGST and its due date, and the cancelled mark', async () => {
    renderNote(
      fixtureCreditNote({
        kind: 'debit',
        number: 'DN/2026-27/0002',
        dueDate: '2026-12-10',
        placeOfSupply: '27',
        cgstAmount: 0,
        sgstAmount: 0,
        igstAmount: 212.5,
        status: 'cancelled',
      }),
    );
    const sheet = await screen.findByTestId('note-document');
    expect(within(sheet).getByRole('heading', { name: 'Debit Note' })).toBeInTheDocument();
    expect(sheet).toHaveTextContent('IGST 5%₹212.50');
    expect(sheet).not.toHaveTextContent('CGST');
    expect(sheet).toHaveTextContent('Due date: 10 Dec 2026');
    expect(sheet).toHaveTextContent('Cancelled');
  });
});
