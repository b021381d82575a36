import { screen, within } from '@testing-library/react';

/** The dialog a save refused for a stale version opens, once it is on screen. */
export function findConflictDialog() {
  return screen.findByRole('dialog', { name: 'Someone else saved this record first' });
}

/** The conflict dialog's changed fields as `[field, theirs, mine]` texts, the heading row left out. */
export function conflictRows(dialog: HTMLElement) {
  return within(dialog)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}
