import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconBuildingFactory2, IconKey, IconMail, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  confirmSignUpBody,
  registerBody,
  type ConfirmSignUpBody,
  type RegisterBody,
} from '../../../../contract/auth.ts';
import { HOME_PATH } from '../redirect-target';
import { toLanguage } from '@/lib/i18n';
import { useZodForm } from '@/lib/use-zod-form';
import { useAuthStore } from '@/stores/auth';
import { confirmSignUp, register } from '../api';
import { SubmitFailure, useSessionSubmit } from '../use-session-submit';
import { AuthCardLayout } from '../components/auth-card-layout';
import { AuthSubmitButton } from '../components/auth-submit-button';
import { NewPasswordField } from '../components/new-password-field';
import { EmailField } from '../components/email-field';

/**
 * Where the server can mail, sign-up ends with a code sent to the address (or, when the address
 * already has an account, a note to its owner); the same screen follows either way.
 */
function ConfirmSignUpForm({
  email,
  password,
  onStartOver,
}: {
  email: string;
  password: string;
  onStartOver: () => void;
}) {
  const { t, i18n } = useTranslation('auth');
  const loading = useAuthStore((state) => state.loading);
  const form = useZodForm<ConfirmSignUpBody>({
    namespace: 'auth',
    schema: confirmSignUpBody,
    initialValues: { email, code: '', password },
  });
  // The language the page is in when the account is made names its stages and is the owner's.
  const send = (body: ConfirmSignUpBody) =>
    confirmSignUp({ ...body, language: toLanguage(i18n.language) });
  const { handleSubmit, failure } = useSessionSubmit(form, send, {
    failedKey: 'auth:signUp.failed',
    target: () => HOME_PATH,
    // The mailed code is limited per device or network like the recovery code.
    rateLimitedKey: 'auth:recovery.tooManyChecks',
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Alert color="blue" variant="light" icon={<IconMail size={18} aria-hidden />} role="status">
          {t('signUp.checkEmail', { email })}
        </Alert>
        <SubmitFailure message={failure} />
        <TextInput
          label={t('fields.signUpCode')}
          placeholder={t('fields.signUpCodePlaceholder')}
          autoComplete="one-time-code"
          leftSection={<IconKey size={16} aria-hidden />}
          {...form.getInputProps('code')}
        />
        <AuthSubmitButton loading={loading}>{t('signUp.confirmSubmit')}</AuthSubmitButton>
        <Button variant="subtle" onClick={onStartOver}>
          {t('signUp.startOver')}
        </Button>
      </Stack>
    </form>
  );
}

export default function SignUpPage() {
  const { t, i18n } = useTranslation('auth');
  const loading = useAuthStore((state) => state.loading);
  // Kept in memory only, to prove at confirmation that this browser started the sign-up.
  const [pending, setPending] = useState<{ email: string; password: string } | null>(null);

  const form = useZodForm<RegisterBody>({
    namespace: 'auth',
    schema: registerBody,
    initialValues: { organizationName: '', name: '', email: '', password: '' },
    validateInputOnBlur: true,
  });

  // The language picked on this page becomes the owner's and names the default stages.
  const send = (body: RegisterBody) => register({ ...body, language: toLanguage(i18n.language) });
  const { handleSubmit, failure } = useSessionSubmit(form, send, {
    failedKey: 'auth:signUp.failed',
    target: () => HOME_PATH,
    onPending: (answer) => setPending({ email: answer.email, password: form.getValues().password }),
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
      {pending !== null ? (
        <ConfirmSignUpForm
          email={pending.email}
          password={pending.password}
          onStartOver={() => setPending(null)}
        />
      ) : (
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
            <NewPasswordField
              label={t('fields.password')}
              placeholder={t('fields.passwordPlaceholder')}
              {...form.getInputProps('password')}
            />
            <AuthSubmitButton loading={loading}>{t('signUp.submit')}</AuthSubmitButton>
          </Stack>
        </form>
      )}
    </AuthCardLayout>
  );
}
