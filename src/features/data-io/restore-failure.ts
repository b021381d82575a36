import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';
import { errorText, fieldErrorText } from '@/lib/error-text';

/**
 * Why a restore failed. A damaged backup names where: the table, the row (from 1 within its
 * table) and the field, with what is wrong there; otherwise the failure code's own text.
 */
export function restoreFailureText(error: unknown, t: TFunction<['data-io', 'ui']>): string {
  const place = isApiError(error) && error.code === 'backup_invalid' ? error.errors[0] : undefined;
  const table = place?.params?.table;
  if (place && table !== undefined) {
    const { row, field, rule } = place.params ?? {};
    if (row !== undefined && field !== undefined) {
      return t('data-io:backup.restore.damagedRow', {
        table: String(table),
        row: Number(row),
        field: String(field),
        problem: fieldErrorText(place, t),
      });
    }
    return t('data-io:backup.restore.damagedTable', {
      table: String(table),
      rule: String(rule ?? ''),
    });
  }
  return errorText(error, t, 'data-io:backup.restore.failed');
}
