import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changePasswordBody, type MeData } from '../../../../../contract/auth.ts';
import { PasswordField } from '@/features/auth/components/password-field';
import { saveFailureText } from '@/components/form-safety';
import { useZodForm } from '@/lib/use-zod-form';
import { changePassword } from '../api';

// The confirmation is the form's own: the server only ever sees the new password once.
const passwordChangeForm = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.newPassword, {
    path: ['confirmPassword'],
    error: 'oneOf',
  });

type PasswordChangeValues = z.input<typeof passwordChangeForm>;

export interface PasswordChangeFormProps {
  /** Runs with the server's answer once the password is changed. */
  onChanged?: (data: MeData) => void;
  submitLabel: string;
  /** The submit button spans the form (a card of its own) rather than sitting at its end. */
  fullWidth?: boolean;
}

/**
 * Current, new and confirmation. Passwords are never kept as drafts; a wrong current password
 * is shown on its own field, anything else above the form, and what was typed stays.
 */
export function PasswordChangeForm({ onChanged, submitLabel, fullWidth }: PasswordChangeFormProps) {
  const { t } = useTranslation('account');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm<PasswordChangeValues>({
    schema: passwordChangeForm,
    namespace: 'account',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = form.submit((values) => {
    setFailure(null);
    setSaving(true);
    changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword })
      .then((data) => {
        form.reset();
        onChanged?.(data);
      })
      .catch((error: unknown) => {
        const unplaced = form.applyServerErrors(error);
        setFailure(saveFailureText(error, unplaced, t, 'account:password.failed'));
      })
      .finally(() => setSaving(false));
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
            {failure}
          </Alert>
        ) : null}
        <PasswordField
          label={t('password.current')}
          autoComplete="current-password"
          required
          leftSection={<IconLock size={16} aria-hidden />}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordField
          label={t('password.new')}
          description={t('password.newHint')}
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordField
          label={t('password.confirm')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Button
          type="submit"
          loading={saving}
          fullWidth={fullWidth}
          style={{ alignSelf: fullWidth ? undefined : 'flex-start' }}
        >
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
