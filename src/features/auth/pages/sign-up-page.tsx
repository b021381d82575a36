import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconBuildingFactory2, IconLock, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PASSWORD_MIN, registerBody, type RegisterBody } from '../../../../contract/auth.ts';
import { HOME_PATH } from '../redirect-target';
import { useZodForm } from '@/lib/use-zod-form';
import { useAuthStore } from '@/stores/auth';
import { register } from '../api';
import { SubmitFailure, useSessionSubmit } from '../use-session-submit';
import { AuthCardLayout } from '../components/auth-card-layout';
import { PasswordField } from '../components/password-field';
import { EmailField } from '../components/email-field';

export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const loading = useAuthStore((state) => state.loading);

  const form = useZodForm<RegisterBody>({
    namespace: 'auth',
    schema: registerBody,
    initialValues: { organizationName: '', name: '', email: '', password: '' },
    validateInputOnBlur: true,
  });

  const { handleSubmit, failure } = useSessionSubmit(form, register, {
    failedKey: 'auth:signUp.failed',
    target: () => HOME_PATH,
  });

  return (
    <AuthCardLayout
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      footer={
        <>
          {t('signUp.haveAccount')}{' '}
          <Anchor component={Link} to="/sign-in" fw={600}>
            {t('signUp.signInInstead')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <SubmitFailure message={failure} />
          <TextInput
            label={t('fields.organizationName')}
            placeholder={t('fields.organizationNamePlaceholder')}
            autoComplete="organization"
            leftSection={<IconBuildingFactory2 size={16} aria-hidden />}
            {...form.getInputProps('organizationName')}
          />
          <TextInput
            label={t('fields.yourName')}
            placeholder={t('fields.yourNamePlaceholder')}
            autoComplete="name"
            leftSection={<IconUser size={16} aria-hidden />}
            {...form.getInputProps('name')}
          />
          <EmailField {...form.getInputProps('email')} />
          <PasswordField
            label={t('fields.password')}
            placeholder={t('fields.passwordPlaceholder')}
            description={t('fields.passwordHint', { min: PASSWORD_MIN })}
            autoComplete="new-password"
            leftSection={<IconLock size={16} aria-hidden />}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth size="md" loading={loading}>
            {t('signUp.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCardLayout>
  );
}
