import { Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktopOff, IconLogout } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '../../../../../contract/auth.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataTableColumn, type RowAction } from '@/components/data-table';
import { tableQueryState } from '@/components/query-state';
import { useSignOut } from '@/features/auth/use-sign-out';
import { errorText } from '@/lib/error-text';
import { useFormatters } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { accountKeys, revokeSession, sessionsQuery, signOutEverywhere } from '../api';
import { PasswordChangeForm } from '../components/password-change-form';
import { deviceName } from '../device-name';

export default function SecurityPage() {
  const { t } = useTranslation('account');
  const format = useFormatters();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const signOut = useSignOut();
  const [confirmingEverywhere, setConfirmingEverywhere] = useState(false);

  const revoke = useMutation({
    mutationFn: (session: SessionInfo) => revokeSession(session._id),
    onSuccess: () => notifySuccess(t('sessions.revoked')),
    onError: (error) => notifyError(errorText(error, t, 'account:sessions.revokeFailed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });

  const everywhere = useMutation({
    mutationFn: signOutEverywhere,
    // This session ended with the others: the device forgets it and shows the sign-in page.
    onSuccess: () => signOut(),
    onError: (error) => notifyError(errorText(error, t, 'account:everywhere.failed')),
  });

  const columns = useMemo<DataTableColumn<SessionInfo>[]>(
    () => [
      {
        key: 'device',
        priority: 1,
        header: t('sessions.device'),
        minWidth: 180,
        render: (session) => (
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {deviceName(session.userAgent, t)}
            </Text>
            {session.current ? (
              <Badge size="sm" variant="light" color="teal">
                {t('sessions.thisDevice')}
              </Badge>
            ) : null}
          </Group>
        ),
      },
      {
        key: 'createdAt',
        priority: 3,
        header: t('sessions.created'),
        nowrap: true,
        render: (session) => format.date(session.createdAt),
      },
      {
        key: 'lastUsedAt',
        priority: 2,
        header: t('sessions.lastUsed'),
        nowrap: true,
        render: (session) => (
          <time dateTime={session.lastUsedAt} title={format.date(session.lastUsedAt)}>
            {format.relative(session.lastUsedAt)}
          </time>
        ),
      },
    ],
    [t, format],
  );

  const actions = useMemo<RowAction<SessionInfo>[]>(
    () => [
      {
        label: (session) => t('sessions.revoke', { device: deviceName(session.userAgent, t) }),
        tooltip: t('sessions.revokeShort'),
        icon: <IconDeviceDesktopOff size={18} aria-hidden />,
        color: 'red',
        visible: (session) => !session.current,
        onClick: (session) => revoke.mutate(session),
      },
    ],
    [t, revoke],
  );

  return (
    <Stack gap="xl">
      <Stack gap="lg" maw={560}>
        <Stack gap={4}>
          <Title order={2} fz={20}>
            {t('password.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('password.description')}
          </Text>
        </Stack>
        <PasswordChangeForm
          submitLabel={t('password.submit')}
          onChanged={() => {
            notifySuccess(t('password.changed'));
            void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
          }}
        />
      </Stack>
      <Divider />
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={2} fz={20}>
              {t('sessions.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('sessions.description')}
            </Text>
          </Stack>
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => setConfirmingEverywhere(true)}
          >
            {t('everywhere.button')}
          </Button>
        </Group>
        <DataTable
          label={t('sessions.tableLabel')}
          columns={columns}
          rows={sessions.data}
          rowKey={(session) => session._id}
          {...tableQueryState(sessions, t, 'account:sessions.failed')}
          rowActions={actions}
          skeletonRows={2}
        />
      </Stack>
      <ConfirmDialog
        opened={confirmingEverywhere}
        title={t('everywhere.title')}
        message={t('everywhere.message')}
        confirmLabel={t('everywhere.confirm')}
        loading={everywhere.isPending}
        onConfirm={() => everywhere.mutate()}
        onClose={() => setConfirmingEverywhere(false)}
      />
    </Stack>
  );
}
