import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveGuard } from '@/components/form-safety';

/**
 * A settings section: heading, explanation, the form's fields and its save button. Leaving with
 * unsaved changes asks first; a failed save keeps the form and says why above it.
 */
export function SettingsForm({
  title,
  description,
  onSubmit,
  saving,
  dirty,
  failure,
  submitLabel,
  children,
}: {
  title: string;
  description: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  dirty: () => boolean;
  failure: string | null;
  submitLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('ui');
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" maw={560}>
        <Stack gap={4}>
          <Title order={2} fz={20}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </Stack>
        {failure ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={t('saveFailed.title')}
            icon={<IconAlertCircle size={18} aria-hidden />}
          >
            {t('saveFailed.body', { reason: failure })}
          </Alert>
        ) : null}
        {children}
        <Group>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
      <LeaveGuard when={dirty} />
    </form>
  );
}
