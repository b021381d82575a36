import { Alert, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import { z } from 'zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import {
  RESET_CODE_LENGTH,
  RESET_CODE_TTL_MINUTES,
  newPassword,
  verifyCodeBody,
  type VerifyCodeBody,
} from '../../../../contract/auth.ts';
import { ApiError } from '@/lib/api-client';
import { errorText, fieldErrorText } from '@/lib/error-text';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { AnyT } from '@/lib/translation-keys';
import { useZodForm } from '@/lib/use-zod-form';
import { forgotPassword, resetPassword, verifyResetCode } from '../api';
import { AuthCardLayout } from '../components/auth-card-layout';
import { AuthSubmitButton } from '../components/auth-submit-button';
import { NewPasswordField } from '../components/new-password-field';
import { PasswordField } from '../components/password-field';
import {
  clearPendingRecovery,
  loadPendingRecovery,
  secondsUntilResend,
  startPendingRecovery,
  type PendingRecovery,
  type SignInAfterReset,
} from '../recovery-state';
import { SubmitFailure } from '../use-session-submit';
import { BackToSignIn, sendFailureText } from './forgot-password-page';

/**
 * The words for a refused code: on the code itself when the server says so, else in general. A
 * refusal for too many checks is about the device or network, not the sign-in.
 */
function codeFailureText(error: unknown, t: AnyT): string {
  if (error instanceof ApiError && error.code === 'rate_limited') {
    return t('auth:recovery.tooManyChecks');
  }
  const onCode =
    error instanceof ApiError ? error.errors.find((e) => e.path === 'code') : undefined;
  return onCode
    ? fieldErrorText(onCode, t, 'auth')
    : errorText(error, t, 'auth:recovery.verifyFailed');
}

/** Ticks once a second until another code may be asked for. */
function useSecondsUntilResend(sentAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (secondsUntilResend(sentAt, current) === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [sentAt]);
  return secondsUntilResend(sentAt, now);
}

function CodeStep({
  recovery,
  onResent,
  onVerified,
}: {
  recovery: PendingRecovery;
  onResent: (recovery: PendingRecovery) => void;
  onVerified: (resetToken: string) => void;
}) {
  const { t } = useTranslation('auth');
  const errorId = useId();
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const secondsLeft = useSecondsUntilResend(recovery.sentAt);
  const form = useZodForm<VerifyCodeBody>({
    namespace: 'auth',
    schema: verifyCodeBody,
    initialValues: { email: recovery.email, code: '' },
  });
  const codeError = form.errors.code;
  const pinRef = useRef<HTMLDivElement>(null);
  // After a refused code the boxes are empty again; the first one waits for the next try.
  useEffect(() => {
    if (codeError && !verifying) pinRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [codeError, verifying]);

  const verify = async (body: { email: string; code: string }) => {
    if (verifying) return;
    form.clearErrors();
    setVerifying(true);
    try {
      const { data } = await verifyResetCode(body);
      onVerified(data.resetToken);
    } catch (error) {
      // Emptied for the next try, the first box ready to type into.
      form.setFieldValue('code', '');
      form.setFieldError('code', codeFailureText(error, t));
      setVerifying(false);
    }
  };
  const handleSubmit = form.submit((body) => void verify(body));

  const resend = async () => {
    setResending(true);
    try {
      await forgotPassword({ email: recovery.email });
      form.setFieldValue('code', '');
      form.clearErrors();
      onResent(startPendingRecovery(recovery.email));
      notifySuccess(t('recovery.codeResent'));
    } catch (error) {
      notifyError(sendFailureText(error, t));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Alert color="blue" variant="light" icon={<IconMail size={18} aria-hidden />} role="status">
          {t('recovery.codeSent', {
            email: recovery.email,
            length: RESET_CODE_LENGTH,
            minutes: RESET_CODE_TTL_MINUTES,
          })}
        </Alert>
        <Stack gap={6}>
          <Text fw={500} size="sm" id={`${errorId}-label`}>
            {t('recovery.codeLabel')}
          </Text>
          <Group justify="center" role="group" aria-labelledby={`${errorId}-label`}>
            <PinInput
              rootRef={pinRef}
              length={RESET_CODE_LENGTH}
              type="number"
              inputMode="numeric"
              oneTimeCode
              autoFocus
              size="lg"
              gap="xs"
              disabled={verifying}
              error={Boolean(codeError)}
              value={form.getValues().code}
              onChange={(value) => {
                form.setFieldValue('code', value);
                if (codeError) form.clearFieldError('code');
              }}
              onComplete={(code) => void verify({ email: recovery.email, code })}
              getInputProps={(index) => ({
                'aria-label': t('recovery.digit', {
                  position: index + 1,
                  length: RESET_CODE_LENGTH,
                }),
                'aria-invalid': Boolean(codeError),
                'aria-describedby': codeError ? errorId : undefined,
              })}
            />
          </Group>
          {codeError ? (
            <Text id={errorId} c="red" size="sm" role="alert" ta="center">
              {codeError}
            </Text>
          ) : null}
        </Stack>
        <AuthSubmitButton loading={verifying}>{t('recovery.verify')}</AuthSubmitButton>
        <Button
          variant="subtle"
          onClick={() => void resend()}
          disabled={secondsLeft > 0}
          loading={resending}
        >
          {secondsLeft > 0
            ? t('recovery.resendIn', { seconds: secondsLeft })
            : t('recovery.resend')}
        </Button>
      </Stack>
    </form>
  );
}

const newPasswordForm = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    error: 'oneOf',
    path: ['confirmPassword'],
  });
type NewPasswordValues = z.input<typeof newPasswordForm>;

function NewPasswordStep({
  email,
  resetToken,
  onStartOver,
}: {
  email: string;
  resetToken: string;
  onStartOver: () => void;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm<NewPasswordValues>({
    namespace: 'auth',
    schema: newPasswordForm,
    initialValues: { password: '', confirmPassword: '' },
    validateInputOnBlur: true,
  });

  const handleSubmit = form.submit(async ({ password }) => {
    setFailure(null);
    setSaving(true);
    try {
      await resetPassword({ resetToken, password });
      clearPendingRecovery();
      notifySuccess(t('recovery.passwordChanged'), { duration: 6000 });
      const state: SignInAfterReset = { passwordReset: true, email };
      await navigate('/sign-in', { replace: true, state });
    } catch (error) {
      form.applyServerErrors(error);
      const message = errorText(error, t, 'auth:recovery.resetFailed');
      setFailure(message);
      notifyError(message);
      setSaving(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SubmitFailure message={failure} />
        <NewPasswordField
          label={t('fields.newPassword')}
          data-autofocus
          {...form.getInputProps('password')}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          leftSection={<IconLock size={16} aria-hidden />}
          {...form.getInputProps('confirmPassword')}
        />
        <AuthSubmitButton loading={saving}>{t('recovery.savePassword')}</AuthSubmitButton>
        {failure ? (
          <Button variant="subtle" onClick={onStartOver}>
            {t('recovery.startOver')}
          </Button>
        ) : null}
      </Stack>
    </form>
  );
}

/** `/otp`: the emailed code, then the new password. */
export default function OtpPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const [recovery, setRecovery] = useState(() => loadPendingRecovery(location.state));
  const [resetToken, setResetToken] = useState<string | null>(null);

  if (!recovery) return <Navigate to="/forgot-password" replace />;

  return (
    <AuthCardLayout
      title={resetToken ? t('recovery.newPasswordTitle') : t('recovery.codeTitle')}
      subtitle={
        resetToken
          ? t('recovery.newPasswordSubtitle', { email: recovery.email })
          : t('recovery.codeSubtitle')
      }
      footer={<BackToSignIn />}
    >
      {resetToken ? (
        <NewPasswordStep
          email={recovery.email}
          resetToken={resetToken}
          onStartOver={() => void navigate('/forgot-password', { replace: true })}
        />
      ) : (
        <CodeStep recovery={recovery} onResent={setRecovery} onVerified={setResetToken} />
      )}
    </AuthCardLayout>
  );
}
