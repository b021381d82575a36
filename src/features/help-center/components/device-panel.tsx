import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearThisDevice } from '@/lib/clear-device';
import { numberLocale } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { useQueuedWrites } from '@/lib/offline/use-online-status';
import { useWaitingUpdate } from '@/lib/pwa/waiting-update';
import { formatBytes, useStorageUse, useWorkerState } from '../use-device-state';

const UpdateDialog = lazy(() =>
  import('@/components/update-dialog').then((module) => ({ default: module.UpdateDialog })),
);

const APP_VERSION = String(import.meta.env.VITE_APP_VERSION ?? 'dev');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" align="center" gap="xs" wrap="wrap" py={6}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Group component="dd" gap="xs" m={0} wrap="wrap" justify="flex-end">
        {children}
      </Group>
    </Group>
  );
}

type CheckState = 'idle' | 'checking' | 'none';

/** Looks for a newer build now; a waiting one then reaches the update store through the manager. */
async function checkForUpdate(): Promise<boolean> {
  const registration = await navigator.serviceWorker?.getRegistration();
  if (!registration) return false;
  await registration.update();
  return Boolean(registration.waiting ?? registration.installing);
}

/** "This device": version, update, offline readiness, unsent changes, storage, and clearing it. */
export function DevicePanel() {
  const { t, i18n } = useTranslation(['help', 'ui']);
  const client = useQueryClient();
  const navigate = useNavigate();
  const applyUpdate = useWaitingUpdate();
  const workerState = useWorkerState();
  const storage = useStorageUse();
  const pending = useQueuedWrites().length;
  const [updateOpen, setUpdateOpen] = useState(false);
  const [check, setCheck] = useState<CheckState>('idle');
  const [clearOpen, setClearOpen] = useState(false);
  const [clearing, setClearing] = useState(false);
  const locale = numberLocale(i18n.language);

  const runCheck = () => {
    setCheck('checking');
    checkForUpdate().then(
      (found) => setCheck(found ? 'idle' : 'none'),
      () => setCheck('none'),
    );
  };

  const clear = async () => {
    setClearing(true);
    try {
      await clearThisDevice(client);
    } catch (error) {
      console.warn('Clearing the device left something behind', error);
      notifyError(t('device.clear.failed'));
    }
    setClearing(false);
    setClearOpen(false);
    await navigate('/sign-in', { replace: true });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="device-panel-title">
      <Stack gap="xs">
        <div>
          <Title order={2} fz="h4" id="device-panel-title">
            {t('device.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('device.description')}
          </Text>
        </div>
        <Stack component="dl" gap={0} m={0}>
          <Row label={t('device.version')}>
            <Text size="sm" fw={600} ff="monospace">
              {APP_VERSION}
            </Text>
          </Row>
          {applyUpdate || workerState === 'ready' || workerState === 'waitingReload' ? (
            // Without a service worker there is nothing to update: the page is always the newest.
            <Row label={t('device.update.label')}>
              {applyUpdate ? (
                <>
                  <Text size="sm" fw={600} c="orange.8">
                    {t('device.update.waiting')}
                  </Text>
                  <Button size="compact-sm" onClick={() => setUpdateOpen(true)}>
                    {t('device.update.apply')}
                  </Button>
                </>
              ) : (
                <>
                  <Text size="sm" fw={600}>
                    {check === 'none' ? t('device.update.checked') : t('device.update.none')}
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconRefresh size={14} aria-hidden />}
                    loading={check === 'checking'}
                    onClick={runCheck}
                  >
                    {t('device.update.check')}
                  </Button>
                </>
              )}
            </Row>
          ) : null}
          <Row label={t('device.worker.label')}>
            <Text size="sm" fw={600}>
              {workerState ? t(`device.worker.${workerState}`) : '…'}
            </Text>
          </Row>
          <Row label={t('device.pending.label')}>
            <Text size="sm" fw={600} c={pending > 0 ? 'orange.8' : undefined}>
              {pending > 0
                ? t('device.pending.count', { count: pending })
                : t('device.pending.none')}
            </Text>
          </Row>
          <Row label={t('device.storage.label')}>
            <Text size="sm" fw={600}>
              {storage === undefined
                ? '…'
                : storage === null
                  ? t('device.storage.unknown')
                  : t('device.storage.of', {
                      used: formatBytes(storage.usage, locale),
                      quota: formatBytes(storage.quota, locale),
                    })}
            </Text>
          </Row>
        </Stack>
        <Group justify="space-between" align="center" gap="sm" mt="xs" wrap="wrap">
          <Text size="xs" c="dimmed" style={{ flex: '1 1 14rem' }}>
            {t('device.clear.hint')}
          </Text>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setClearOpen(true)}
          >
            {t('device.clear.button')}
          </Button>
        </Group>
      </Stack>

      <Modal
        opened={clearOpen}
        onClose={() => !clearing && setClearOpen(false)}
        title={t('device.clear.title')}
        centered
        size="md"
      >
        <Stack gap="md">
          <Text size="sm">{t('device.clear.message')}</Text>
          {pending > 0 ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('device.clear.unsent', { count: pending })}
                </Text>
                <Text size="sm">{t('device.clear.reviewPending')}</Text>
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setClearOpen(false)} disabled={clearing}>
              {t('ui:actions.cancel')}
            </Button>
            <Button color="red" loading={clearing} onClick={() => void clear()}>
              {pending > 0 ? t('device.clear.confirmUnsent') : t('device.clear.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      {updateOpen && applyUpdate ? (
        <Suspense fallback={null}>
          <UpdateDialog
            opened
            onLater={() => setUpdateOpen(false)}
            onUpdate={() => {
              setUpdateOpen(false);
              applyUpdate();
            }}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}
