import { Badge, Box, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconCloudOff, IconCloudUpload, IconRefresh } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { useIsOnline, useQueuedWrites, useShownDataTime } from '@/lib/offline/use-online-status';
import {
  discardWrite,
  overwriteStaleWrite,
  queuedWriteState,
  retryWrite,
} from '@/lib/offline/write-queue';

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

/** Header badge with the number of unsent writes; opens the list to retry or discard them. */
export function PendingChanges() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const writes = useQueuedWrites();
  const [opened, { open, close }] = useDisclosure(false);
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
              const [resource, verb] = write.options.mutationKey ?? [];
              return (
                <Stack key={write.mutationId} gap={4} data-testid="pending-change">
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {t(`offline.writes.${String(resource)}.${String(verb)}`, {
                        defaultValue: t('offline.writes.unknown'),
                      })}
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
                      <Text size="sm" c="red">
                        {errorText(write.state.error, t, write.options.meta?.failureMessage)}
                      </Text>
                      <Group gap="xs">
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
