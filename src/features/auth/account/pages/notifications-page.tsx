import { Group, Radio, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationPreferences,
  SYNC_TOAST_LEVELS,
  type NotificationPreferences,
} from '../../../../../contract/auth.ts';
import { isUnavailableOffline } from '@/components/offline-unavailable';
import { saveFailureText } from '@/components/form-safety';
import { notifySuccess } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import { useAuthStore } from '@/stores/auth';
import { authOptionsQuery, updateMe } from '../api';
import { SettingsForm } from '../components/settings-form';

const notificationsForm = notificationPreferences.extend({ dailyDigest: z.boolean() });

export default function NotificationsPage() {
  const { t } = useTranslation('account');
  const { t: common } = useTranslation();
  const current = useAuthStore((state) => state.user?.notifications);
  const options = useQuery(authOptionsQuery());
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm<NotificationPreferences & Record<string, unknown>>({
    schema: notificationsForm,
    namespace: 'account',
    initialValues: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...current },
  });

  // Without mail on the server a digest cannot go out; offline or unanswered, it is not known.
  const mailUnknown = isUnavailableOffline(options) || options.isError;
  const mailMissing = options.data?.emailRecovery === false;
  const digestAvailable = options.data?.emailRecovery === true;
  const digestNote = mailMissing
    ? t('notifications.digestUnavailable')
    : mailUnknown
      ? t('notifications.digestUnknown')
      : null;

  const onSubmit = form.submit((body) => {
    setFailure(null);
    setSaving(true);
    const notifications = digestAvailable ? body : { syncToasts: body.syncToasts };
    updateMe({ notifications })
      .then((data) => {
        const saved = { ...data.user.notifications };
        form.setValues(saved);
        form.resetDirty(saved);
        notifySuccess(t('notifications.saved'));
      })
      .catch((error: unknown) => {
        const unplaced = form.applyServerErrors(error);
        setFailure(saveFailureText(error, unplaced, t, 'account:notifications.failed'));
      })
      .finally(() => setSaving(false));
  });

  return (
    <SettingsForm
      title={common('settings.notifications')}
      description={t('notifications.description')}
      onSubmit={onSubmit}
      saving={saving}
      dirty={() => form.isDirty()}
      failure={failure}
      submitLabel={t('notifications.save')}
    >
      <Radio.Group
        label={t('fields.syncToasts')}
        description={t('notifications.syncToastsHint')}
        {...form.getInputProps('syncToasts')}
      >
        <Group mt="xs" gap="lg">
          {SYNC_TOAST_LEVELS.map((level) => (
            <Radio key={level} value={level} label={t(`notifications.levels.${level}`)} />
          ))}
        </Group>
      </Radio.Group>
      <Stack gap={6}>
        <Switch
          label={t('fields.dailyDigest')}
          description={t('notifications.dailyDigestHint')}
          disabled={!digestAvailable}
          {...form.getInputProps('dailyDigest', { type: 'checkbox' })}
        />
        {digestNote ? (
          <Text size="sm" c="dimmed" role="note">
            {digestNote}
          </Text>
        ) : null}
      </Stack>
    </SettingsForm>
  );
}
