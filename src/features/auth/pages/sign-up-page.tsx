import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import {
  IconAlertCircle,
  IconBuildingFactory2,
  IconLock,
  IconMail,
  IconUser,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_MIN, registerBody, type RegisterBody } from '../../../../contract/auth.ts';
import { HOME_PATH } from '../redirect-target';
import { isApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import { useAuthStore } from '@/stores/auth';
import { register } from '../api';
import { AuthCardLayout } from '../components/auth-card-layout';
import { PasswordField } from '../components/password-field';

export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const loading = useAuthStore((state) => state.loading);
  const [failure, setFailure] = useState<string | null>(null);

  const form = useZodForm<RegisterBody>({
    schema: registerBody,
    initialValues: { organizationName: '', name: '', email: '', password: '' },
    validateInputOnBlur: true,
  });

  const handleSubmit = form.submit(async (body) => {
    const { setLoading, setError, setSession } = useAuthStore.getState();
    setFailure(null);
    setLoading(true);
    try {
      const { data } = await register(body);
      setSession(data);
      await navigate(HOME_PATH, { replace: true });
    } catch (error) {
      form.applyServerErrors(error);
      const message =
        isApiError(error) && error.serverMessage ? error.serverMessage : t('signUp.failed');
      setError(message);
      setFailure(message);
      notifyError(message);
    }
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
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} aria-hidden />}
              role="alert"
            >
              {failure}
            </Alert>
          )}
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
          <TextInput
            label={t('fields.email')}
            placeholder={t('fields.emailPlaceholder')}
            type="email"
            autoComplete="email"
            inputMode="email"
            leftSection={<IconMail size={16} aria-hidden />}
            {...form.getInputProps('email')}
          />
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
