import { Alert, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userResetPasswordBody, type User } from '../../../../contract/users.ts';
import { FormModal } from '@/components/form-modal';
import { saveFailureText } from '@/components/form-safety';
import { IconAlertCircle } from '@tabler/icons-react';
import { useResetUserPassword } from '@/features/users/resource';
import { useZodForm } from '@/lib/use-zod-form';
import { TemporaryPasswordInput } from './temporary-password-input';

/** Sets a new temporary password for `user`, shown so the manager can hand it over. */
export function ResetPasswordModal({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation('users');
  const reset = useResetUserPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm<Record<string, unknown>>({
    schema: userResetPasswordBody,
    namespace: 'users',
    initialValues: { password: '' },
  });

  const onSubmit = form.submit((body) => {
    setFailure(null);
    reset.mutate(
      { id: user._id, password: String(body.password) },
      {
        onSuccess: onClose,
        onQueued: onClose,
        onError: (error) => {
          const unplaced = form.applyServerErrors(error);
          setFailure(saveFailureText(error, unplaced, t, 'users:errors.resetPassword'));
        },
      },
    );
  });

  return (
    <FormModal
      opened
      size="md"
      title={t('reset.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={reset.isPending}
      submitLabel={t('reset.submit')}
      dirty={form.isDirty()}
      notice={
        failure ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
            {failure}
          </Alert>
        ) : null
      }
    >
      <Text size="sm">{t('reset.intro', { name: user.name })}</Text>
      <TemporaryPasswordInput form={form} autoFocus />
    </FormModal>
  );
}
