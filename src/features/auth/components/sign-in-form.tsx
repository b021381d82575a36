import { Alert, Anchor, Group, Stack } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { loginBody, type LoginBody } from '../../../../contract/sign-in.ts';
import { safeRedirectTarget } from '../redirect-target';
import { useZodForm } from '@/lib/use-zod-form';
import { useAuthStore } from '@/stores/auth';
import { login } from '../api';
import { isSignInAfterReset } from '../recovery-state';
import { SubmitFailure, useSessionSubmit } from '../use-session-submit';
import { AuthSubmitButton } from './auth-submit-button';
import { PasswordField } from './password-field';
import { EmailField } from './email-field';

export function SignInForm() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const loading = useAuthStore((state) => state.loading);
  // Arriving from a password reset: the address is the one the code went to.
  const locationState: unknown = useLocation().state;
  const afterReset = isSignInAfterReset(locationState) ? locationState : null;

  const form = useZodForm<LoginBody>({
    namespace: 'auth',
    schema: loginBody,
    initialValues: { email: afterReset?.email ?? '', password: '' },
    validateInputOnBlur: true,
  });

  const { handleSubmit, failure } = useSessionSubmit(form, login, {
    failedKey: 'auth:signIn.failed',
    target: () => safeRedirectTarget(searchParams.get('redirect')),
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {afterReset && !failure ? (
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck size={18} aria-hidden />}
            role="status"
          >
            {t('recovery.passwordChanged')}
          </Alert>
        ) : null}
        <SubmitFailure message={failure} />
        <EmailField {...form.getInputProps('email')} />
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
        <AuthSubmitButton loading={loading}>{t('signIn.submit')}</AuthSubmitButton>
      </Stack>
    </form>
  );
}
