import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FieldError } from '../../../../contract/errors.ts';
import { fail } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUserAs } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import BackupPage from './backup-page';

const server = setupMswServer();

const backup = new File(
  [
    JSON.stringify({
      format: 'karkhana-backup',
      version: 1,
      exportedAt: '2026-11-20T10:00:00.000Z',
    }),
  ],
  'karkhana-backup-2026-11-20.json',
  { type: 'application/json' },
);

async function restoreAndAnswer(errors: FieldError[] | undefined) {
  server.use(
    http.post('*/api/backup/restore', () =>
      fail(400, 'The backup is damaged', errors, 'backup_invalid'),
    ),
  );
  signInTestUserAs('owner');
  const { container } = renderWithProviders(<BackupPage />, { path: '/apps/backup' });
  const user = userEvent.setup();
  // Mantine's file input is a button in front of a hidden native input.
  await user.upload(
    container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!,
    backup,
  );
  await user.click(await screen.findByRole('button', { name: 'Restore' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(
    [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Restore')!,
  );
  return screen.findByRole('alert');
}

describe('BackupPage restore failures', () => {
  beforeEach(() => {
    server.resetHandlers();
  });

  it('names the table, row and field of a damaged backup, in words', async () => {
    const alert = await restoreAndAnswer([
      {
        path: 'tables.merchants.2.id',
        code: 'invalid_format',
        params: { format: 'uuid', table: 'merchants', row: 3, field: 'id' },
        message: 'Must be a valid id',
      },
    ]);
    expect(alert).toHaveTextContent(
      'The backup is damaged: row 3 of table “merchants”, field “id”: Must be a valid id. Nothing was restored.',
    );
  });

  it('says the file is not a backup when the server names no place', async () => {
    const alert = await restoreAndAnswer(undefined);
    expect(alert).toHaveTextContent('This file is not a Karkhana backup, or it is damaged.');
  });
});

describe('BackupPage download', () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  it("offers the download, except in a sample workshop's tab, where the cookie is the owner's", async () => {
    signInTestUserAs('owner');
    const { unmount } = renderWithProviders(<BackupPage />, { path: '/apps/backup' });
    expect(await screen.findByRole('link', { name: 'Download backup' })).toHaveAttribute(
      'href',
      '/api/backup',
    );
    unmount();

    sessionStorage.setItem('karkhana:sample-tab', 'true');
    renderWithProviders(<BackupPage />, { path: '/apps/backup' });
    expect(await screen.findByRole('heading', { name: 'Download a backup' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download backup' })).not.toBeInTheDocument();
  });
});
