import { Button, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AuthCardLayout } from '@/features/auth/components/auth-card-layout';
import { useSignOut } from '@/features/auth/use-sign-out';
import { notifySuccess } from '@/lib/notify';
import { useAuthStore } from '@/stores/auth';
import { PasswordChangeForm } from '../components/password-change-form';

/**
 * Shown instead of every signed-in page while the user still has a temporary password: the server
 * answers nothing else until it is changed. Once it is, the page they asked for renders in place.
 */
export default function ForcedPasswordChangePage() {
  const { t } = useTranslation('account');
  const signOut = useSignOut();
  const name = useAuthStore((state) => state.user?.name ?? '');
  return (
    <AuthCardLayout
      title={t('forced.title')}
      subtitle={t('forced.subtitle', { name })}
      footer={
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void signOut()}
        >
          {t('forced.signOut')}
        </Button>
      }
    >
      <Text size="sm" mb="md">
        {t('forced.explanation')}
      </Text>
      <PasswordChangeForm
        fullWidth
        submitLabel={t('forced.submit')}
        onChanged={() => notifySuccess(t('password.changed'))}
      />
    </AuthCardLayout>
  );
}
