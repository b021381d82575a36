import { BACKUP_FORMAT } from '../../../contract/data-io.ts';

/** A downloaded backup names its format and date in its first bytes. */
const HEADER_BYTES = 4096;

/**
 * The format and date of a chosen file, read from its start, so a large backup is not held in
 * the page (and then serialized again) while the server reads it anyway. A file rewritten by hand
 * with its keys in another order is read whole, once. Null: not a backup.
 */
export async function readBackupHeader(file: File): Promise<{ exportedAt: string | null } | null> {
  const head = await file.slice(0, HEADER_BYTES).text();
  const format = /^\s*\{\s*"format"\s*:\s*"([^"\\]*)"/.exec(head)?.[1];
  if (format !== undefined) {
    if (format !== BACKUP_FORMAT) return null;
    return { exportedAt: /"exportedAt"\s*:\s*"([^"\\]*)"/.exec(head)?.[1] ?? null };
  }
  const document = JSON.parse(await file.text()) as { format?: unknown; exportedAt?: unknown };
  if (document?.format !== BACKUP_FORMAT) return null;
  return { exportedAt: typeof document.exportedAt === 'string' ? document.exportedAt : null };
}
