import { Button, Code, Group, Stack } from '@mantine/core';
import { IconDatabaseExport, IconDatabaseImport, IconFileTypeJs } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RestoreResult } from '../../../../contract/data-io.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { apiRequest, newIdempotencyKey } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { isSampleTab } from '@/lib/sample-tab';
import { readBackupHeader } from '../backup-header';
import { DataIoSection } from '../components/data-io-section';
import { FileField } from '../components/file-field';
import { DoneAlert, FailureAlert } from '../components/outcome-alerts';
import { restoreFailureText } from '../restore-failure';
import { useChosenFile } from '../use-chosen-file';

interface ChosenBackup {
  file: File;
  exportedAt: string | null;
  idempotencyKey: string;
}

function BackupPageContent() {
  const { t } = useTranslation(['data-io', 'ui']);
  const format = useFormatters();
  const queryClient = useQueryClient();
  const canRestore = useCan('backup.restore');
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [result, setResult] = useState<RestoreResult | null>(null);
  const [restoreError, setRestoreError] = useState<string | null>(null);

  const backupFile = useChosenFile<ChosenBackup>(
    async (file) => {
      const header = await readBackupHeader(file);
      if (!header) throw new Error('not a backup');
      return { file, exportedAt: header.exportedAt, idempotencyKey: newIdempotencyKey() };
    },
    t('data-io:backup.restore.readFailed'),
    () => {
      setResult(null);
      setRestoreError(null);
    },
  );
  const chosen = backupFile.content;

  async function restore() {
    if (!chosen) return;
    setRestoring(true);
    setRestoreError(null);
    try {
      const { data } = await apiRequest<RestoreResult>('POST', '/backup/restore', {
        jsonFile: chosen.file,
        idempotencyKey: chosen.idempotencyKey,
      });
      setResult(data);
      // Every list and report of the organization just changed.
      await queryClient.invalidateQueries();
    } catch (error) {
      setRestoreError(restoreFailureText(error, t));
    } finally {
      setRestoring(false);
      setConfirming(false);
    }
  }

  const exportedAt = chosen?.exportedAt ? format.date(chosen.exportedAt) : '';
  const restoredCount = result
    ? Object.values(result.tables).reduce((sum, count) => sum + count, 0)
    : 0;

  return (
    <>
      <PageHeader title={t('data-io:backup.title')} description={t('data-io:backup.description')} />
      <Stack gap="lg" maw={880}>
        <DataIoSection
          id="backup-download"
          title={t('data-io:backup.download.title')}
          description={t('data-io:backup.download.description')}
        >
          {/* A plain link carries the browser's cookie session, not a sample tab's own. */}
          {isSampleTab() ? null : (
            <Group>
              <Button
                component="a"
                href="/api/backup"
                download
                leftSection={<IconDatabaseExport size={18} aria-hidden />}
              >
                {t('data-io:backup.download.action')}
              </Button>
            </Group>
          )}
        </DataIoSection>

        {canRestore ? (
          <DataIoSection
            id="backup-restore"
            title={t('data-io:backup.restore.title')}
            description={t('data-io:backup.restore.description')}
          >
            <Group align="flex-end" gap="sm" wrap="wrap">
              <FileField
                {...backupFile.fieldProps}
                label={t('data-io:backup.restore.file')}
                placeholder={t('data-io:backup.restore.filePlaceholder')}
                accept=".json,application/json"
                leftSection={<IconFileTypeJs size={18} aria-hidden />}
                w={360}
                maw="100%"
              />
              <Button
                variant="default"
                leftSection={<IconDatabaseImport size={18} aria-hidden />}
                disabled={!chosen}
                onClick={() => setConfirming(true)}
              >
                {t('data-io:backup.restore.action')}
              </Button>
            </Group>
            <FailureAlert message={backupFile.error} />
            <FailureAlert message={restoreError} />
            {result ? (
              <DoneAlert title={t('data-io:backup.restore.done', { count: restoredCount })}>
                {result.skippedUsers.length > 0
                  ? t('data-io:backup.restore.skippedUsers', {
                      emails: result.skippedUsers.join(', '),
                    })
                  : null}
              </DoneAlert>
            ) : null}
          </DataIoSection>
        ) : null}

        <DataIoSection
          id="backup-operator"
          title={t('data-io:backup.operator.title')}
          description={t('data-io:backup.operator.description')}
        >
          <Code block>
            {
              'npm run backup -- --out karkhana-backup.jsonl\nDATA_DIR=/new/folder npm run restore -- karkhana-backup.jsonl'
            }
          </Code>
        </DataIoSection>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('data-io:backup.restore.confirmTitle')}
        message={t('data-io:backup.restore.confirmMessage', { date: exportedAt })}
        confirmLabel={t('data-io:backup.restore.action')}
        danger
        loading={restoring}
        onConfirm={() => void restore()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** Owner only: the route asks for `backup.download` (src/app/area-routes.ts). */
export default function BackupPage() {
  return <BackupPageContent />;
}
