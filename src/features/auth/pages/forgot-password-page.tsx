import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { forgotPasswordBody, type ForgotPasswordBody } from '../../../../contract/auth.ts';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import type { AnyT } from '@/lib/translation-keys';
import { notifyError } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import { fetchAuthOptions, forgotPassword } from '../api';
import { AuthCardLayout } from '../components/auth-card-layout';
import { AuthSubmitButton } from '../components/auth-submit-button';
import { EmailField } from '../components/email-field';
import { startPendingRecovery } from '../recovery-state';
import { SubmitFailure } from '../use-session-submit';

/** A refused code request; the sign-in wording of "too many attempts" would mislead here. */
export function sendFailureText(error: unknown, t: AnyT): string {
  if (error instanceof ApiError && error.code === 'rate_limited') {
    return t('auth:recovery.tooManyCodes');
  }
  return errorText(error, t, 'auth:recovery.sendFailed');
}

type EmailRecovery = 'checking' | 'available' | 'unavailable';

/**
 * Whether this server can mail a code. When the answer does not come (offline, an older server)
 * the form is offered anyway: the request itself will say what is wrong.
 */
function useEmailRecovery(): EmailRecovery {
  const [state, setState] = useState<EmailRecovery>('checking');
  useEffect(() => {
    const controller = new AbortController();
    fetchAuthOptions(controller.signal).then(
      ({ data }) => setState(data.emailRecovery ? 'available' : 'unavailable'),
      () => {
        if (!controller.signal.aborted) setState('available');
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}

export function BackToSignIn() {
  const { t } = useTranslation('auth');
  return (
    <Button
      component={Link}
      to="/sign-in"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {t('recovery.backToSignIn')}
    </Button>
  );
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const emailRecovery = useEmailRecovery();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm<ForgotPasswordBody>({
    namespace: 'auth',
    schema: forgotPasswordBody,
    initialValues: { email: '' },
    validateInputOnBlur: true,
  });

  const handleSubmit = form.submit(async ({ email }) => {
    setFailure(null);
    setSending(true);
    try {
      await forgotPassword({ email });
      await navigate('/otp', { state: startPendingRecovery(email) });
    } catch (error) {
      form.applyServerErrors(error);
      const message = sendFailureText(error, t);
      setFailure(message);
      notifyError(message);
      setSending(false);
    }
  });

  return (
    <AuthCardLayout
      title={t('recovery.forgotTitle')}
      subtitle={
        emailRecovery === 'unavailable'
          ? t('recovery.noEmailSubtitle')
          : t('recovery.forgotSubtitle')
      }
      footer={<BackToSignIn />}
    >
      {emailRecovery === 'checking' ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={t('recovery.checking')} />
        </Group>
      ) : emailRecovery === 'unavailable' ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title={t('recovery.noEmailTitle')}
        >
          <Text size="sm">{t('recovery.noEmailBody')}</Text>
        </Alert>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <SubmitFailure message={failure} />
            <EmailField {...form.getInputProps('email')} />
            <AuthSubmitButton loading={sending}>{t('recovery.sendCode')}</AuthSubmitButton>
          </Stack>
        </form>
      )}
    </AuthCardLayout>
  );
}
