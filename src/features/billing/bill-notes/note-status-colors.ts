import type { BillNoteStatus } from '../../../../contract/bill-notes.ts';

/** A note's status badge colour, the same on the bill's page and in the register. */
export const NOTE_STATUS_COLORS: Record<BillNoteStatus, string> = {
  issued: 'teal',
  unpaid: 'orange',
  partly_paid: 'yellow',
  paid: 'teal',
  cancelled: 'gray',
};
