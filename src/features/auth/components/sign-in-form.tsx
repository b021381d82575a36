import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLock, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginBody, type LoginBody } from '../../../../contract/auth.ts';
import { safeRedirectTarget } from '../redirect-target';
import { isApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import { useAuthStore } from '@/stores/auth';
import { login } from '../api';
import { PasswordField } from './password-field';

export function SignInForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const loading = useAuthStore((state) => state.loading);
  const { setLoading, setError, setSession } = useAuthStore.getState();
  const [failure, setFailure] = useState<string | null>(null);

  const form = useZodForm<LoginBody>({
    schema: loginBody,
    initialValues: { email: '', password: '' },
    validateInputOnBlur: true,
  });

  const handleSubmit = form.submit(async (credentials) => {
    setFailure(null);
    setLoading(true);
    try {
      const { data } = await login(credentials);
      setSession(data);
      await navigate(safeRedirectTarget(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      form.applyServerErrors(error);
      const message =
        isApiError(error) && error.serverMessage ? error.serverMessage : t('signIn.failed');
      setError(message);
      setFailure(message);
      notifyError(message);
    }
  });

  return (
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
          autoComplete="current-password"
          leftSection={<IconLock size={16} aria-hidden />}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/forgot-password" size="sm">
            {t('signIn.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={loading}>
          {t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
