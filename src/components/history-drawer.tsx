import { Button, Divider, Drawer, Group, Pagination, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntity } from '../../contract/audit.ts';
import { AuditEntryItem, AUDIT_NAMESPACES } from '@/components/audit-entry';
import { useQueryFallback } from '@/components/query-state';
import { useCan } from '@/lib/permissions';
import { auditLog } from '@/features/settings/resource';

const HISTORY_PAGE_SIZE = 20;

export interface HistoryTarget {
  entity: AuditEntity;
  entityId: string;
  /** What the record is called on screen (a name, a PO number); the drawer's title. */
  name?: string | undefined;
}

/**
 * A record's history, newest first: who did what and when, and each changed field before and
 * after. Mounted closed, it asks for nothing; opened, it asks again (a write may have just added
 * an entry) and shows what it last read while offline.
 */
export function HistoryDrawer({
  target,
  onClose,
}: {
  target: HistoryTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(AUDIT_NAMESPACES);
  const title = target?.name
    ? t('audit:history.title', { name: target.name })
    : t('audit:history.recordTitle');
  return (
    <Drawer opened={target !== null} onClose={onClose} position="right" size="lg" title={title}>
      {target ? (
        <HistoryEntries key={`${target.entity}:${target.entityId}`} target={target} />
      ) : null}
    </Drawer>
  );
}

function HistoryEntries({ target }: { target: HistoryTarget }) {
  const { t } = useTranslation(AUDIT_NAMESPACES);
  const { t: uiT } = useTranslation('ui');
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...auditLog.queries.list({
      entity: target.entity,
      entityId: target.entityId,
      page,
      limit: HISTORY_PAGE_SIZE,
    }),
    refetchOnMount: 'always',
  });

  const fallback = useQueryFallback(query, {
    failureKey: 'audit:errors.fetchHistory',
    loadingLabel: t('audit:history.recordTitle'),
  });
  if (fallback || !query.data) return fallback;
  const { data: entries, totalPages } = query.data;
  if (entries.length === 0) {
    return (
      <Text c="dimmed" py="md">
        {t('audit:history.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {entries.map((entry, index) => (
        <Fragment key={entry._id}>
          {index > 0 ? <Divider /> : null}
          <AuditEntryItem entry={entry} />
        </Fragment>
      ))}
      {totalPages > 1 ? (
        <Group justify="center">
          <Pagination
            total={totalPages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': uiT('pagination.previous') }
                : { 'aria-label': uiT('pagination.next') }
            }
          />
        </Group>
      ) : null}
    </Stack>
  );
}

/** A "History" button opening the record's drawer; nothing for a role that cannot read the trail. */
export function HistoryButton({ target }: { target: HistoryTarget }) {
  const { t } = useTranslation(AUDIT_NAMESPACES);
  const [opened, setOpened] = useState(false);
  const canReadHistory = useCan('audit.read');
  if (!canReadHistory) return null;
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconHistory size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('audit:history.button')}
      </Button>
      <HistoryDrawer target={opened ? target : null} onClose={() => setOpened(false)} />
    </>
  );
}
