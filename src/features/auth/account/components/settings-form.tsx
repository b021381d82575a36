import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { LeaveGuard, SaveFailedAlert } from '@/components/form-safety';

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
        {failure ? <SaveFailedAlert reason={failure} /> : null}
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
