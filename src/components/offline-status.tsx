import { Badge, Box, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconCloudCheck,
  IconCloudOff,
  IconCloudUpload,
  IconPencil,
  IconRefresh,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '@/lib/error-text';
import { formatTime } from '@/lib/format';
import { saveDraft } from '@/lib/form-drafts';
import { useIsOnline, useQueuedWrites, useShownDataTime } from '@/lib/offline/use-online-status';
import { useWorkingSet } from '@/lib/offline/working-set';
import {
  discardWrite,
  overwriteStaleWrite,
  queuedWriteState,
  retryWrite,
  type QueuedWrite,
} from '@/lib/offline/write-queue';
import { retryFormOf, writeLabel } from '@/lib/resource-writes';

// Below this width the header has no room for sentences: a tablet shows "Offline" and a count.
const FULL_TEXT_FROM = 'lg';

/** "Offline — showing data from <time>", shown in the header while the network is gone. */
export function OfflineIndicator() {
  const { t } = useTranslation();
  const online = useIsOnline();
  const shownDataTime = useShownDataTime();
  if (online) return null;
  const label =
    shownDataTime === undefined
      ? t('offline.offline')
      : t('offline.showingDataFrom', { time: dayjs(shownDataTime).format('DD MMM YYYY, HH:mm') });
  return (
    <Badge
      role="status"
      color="orange"
      variant="light"
      size="lg"
      radius="sm"
      leftSection={<IconCloudOff size={14} aria-hidden />}
      styles={{ root: { flexShrink: 0 }, label: { textTransform: 'none', fontWeight: 600 } }}
      title={label}
    >
      <Box component="span" visibleFrom={FULL_TEXT_FROM}>
        {label}
      </Box>
      <Box component="span" hiddenFrom={FULL_TEXT_FROM}>
        {t('offline.offline')}
      </Box>
    </Badge>
  );
}

/**
 * "Available offline, updated 10:42": the day's work is on this device, as of that time. Mounted
 * once in the header, it also keeps that working set refreshed (see `useWorkingSet`).
 */
export function WorkingSetStatus() {
  const { t, i18n } = useTranslation();
  const workingSet = useWorkingSet();
  const updatedAt = workingSet.data?.updatedAt;
  if (updatedAt === undefined) return null;
  const label = t('offline.availableOffline', {
    time: formatTime(updatedAt, i18n.resolvedLanguage ?? i18n.language),
  });
  return (
    <Group gap={4} wrap="nowrap" title={label} style={{ flexShrink: 0 }}>
      <IconCloudCheck size={16} aria-hidden color="var(--mantine-color-teal-6)" />
      <Text size="xs" c="dimmed" visibleFrom={FULL_TEXT_FROM} data-testid="working-set-status">
        {label}
      </Text>
    </Group>
  );
}

/**
 * Why the server refused a queued write, in the interface language: its failure code is worded
 * in the area's texts, which a page reloaded offline may not have loaded yet.
 */
function RefusalReason({ write }: { write: QueuedWrite }) {
  const failure = write.options.meta?.failureMessage;
  const namespace = (failure?.split(':')[0] ?? 'ui') as 'ui';
  const { t, ready } = useTranslation([namespace, 'ui', 'common'], { useSuspense: false });
  return (
    <Text size="sm" c="red">
      {ready ? errorText(write.state.error, t, failure) : t('common:offline.failed')}
    </Text>
  );
}

/** Header badge with the number of unsent writes; opens the list to retry or discard them. */
export function PendingChanges() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const writes = useQueuedWrites();
  const [opened, { open, close }] = useDisclosure(false);
  const navigate = useNavigate();
  if (writes.length === 0 && !opened) return null;
  const failed = writes.some((write) => ['failed', 'stale'].includes(queuedWriteState(write)));

  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        color={failed ? 'red' : 'orange'}
        onClick={open}
        aria-label={t('offline.pendingBadge', { count: writes.length })}
        leftSection={<IconCloudUpload size={16} aria-hidden />}
        style={{ flexShrink: 0 }}
      >
        <Box component="span" visibleFrom={FULL_TEXT_FROM}>
          {t('offline.pendingBadge', { count: writes.length })}
        </Box>
        <Box component="span" hiddenFrom={FULL_TEXT_FROM}>
          {writes.length}
        </Box>
      </Button>
      <Drawer opened={opened} onClose={close} position="right" title={t('offline.panelTitle')}>
        {writes.length === 0 ? (
          <Text c="dimmed">{t('offline.panelEmpty')}</Text>
        ) : (
          <Stack gap="sm">
            {writes.map((write) => {
              const state = queuedWriteState(write);
              const retryForm =
                state === 'failed' || state === 'stale'
                  ? retryFormOf(write.options.mutationKey, write.state.variables)
                  : undefined;
              // The form sends it again as a new write; this one is done with.
              const editAndRetry = retryForm ? (
                <Button
                  size="compact-xs"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  onClick={() => {
                    if (retryForm.draft) saveDraft(retryForm.draft.formId, retryForm.draft.values);
                    discardWrite(client, write);
                    close();
                    void navigate(retryForm.path);
                  }}
                >
                  {t('offline.editAndRetry')}
                </Button>
              ) : null;
              return (
                <Stack key={write.mutationId} gap={4} data-testid="pending-change">
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {writeLabel(t, write.options.mutationKey)}
                    </Text>
                    <Badge
                      color={state === 'failed' ? 'red' : state === 'stale' ? 'orange' : 'gray'}
                      variant="light"
                    >
                      {t(`offline.${state}`)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {dayjs(write.state.submittedAt).format('DD MMM YYYY, HH:mm')}
                  </Text>
                  {state === 'stale' && (
                    <>
                      <Text size="sm">{t('offline.staleExplain')}</Text>
                      <Group gap="xs">
                        {editAndRetry}
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() => discardWrite(client, write)}
                        >
                          {t('offline.discardMine')}
                        </Button>
                        <Button size="compact-xs" onClick={() => void overwriteStaleWrite(write)}>
                          {t('offline.overwrite')}
                        </Button>
                      </Group>
                    </>
                  )}
                  {state === 'failed' && (
                    <>
                      <RefusalReason write={write} />
                      <Group gap="xs">
                        {editAndRetry}
                        <Button
                          size="compact-xs"
                          leftSection={<IconRefresh size={14} aria-hidden />}
                          onClick={() => void retryWrite(write)}
                        >
                          {t('offline.retry')}
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() => discardWrite(client, write)}
                        >
                          {t('offline.discard')}
                        </Button>
                      </Group>
                    </>
                  )}
                </Stack>
              );
            })}
          </Stack>
        )}
      </Drawer>
    </>
  );
}
