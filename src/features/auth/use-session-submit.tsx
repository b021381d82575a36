import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AuthData, SignUpPending } from '../../../contract/auth.ts';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { notifyError } from '@/lib/notify';
import type { ZodForm } from '@/lib/use-zod-form';
import { useAuthStore } from '@/stores/auth';
import { runtimeT, type KeysOf, type TranslationKey } from '@/lib/translation-keys';

/**
 * Sign-in and sign-up end the same way: store the session and move on, or show why not — on the
 * fields, above the form and as a toast — worded from the failure code.
 */
export function useSessionSubmit<Values, Output>(
  form: ZodForm<Values, Output>,
  request: (body: Output) => Promise<{ data: AuthData | SignUpPending }>,
  options: {
    failedKey: TranslationKey;
    target: () => string;
    /** The server wants the address confirmed first: no session yet. */
    onPending?: (pending: SignUpPending) => void;
    /** Instead of the sign-in wording of `rate_limited`, when the limit is another one. */
    rateLimitedKey?: `auth:${KeysOf<'auth'>}`;
  },
) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  const handleSubmit = form.submit(async (body) => {
    const { setLoading, setError, setSession } = useAuthStore.getState();
    setFailure(null);
    setLoading(true);
    try {
      const { data } = await request(body);
      if ('confirmationRequired' in data) {
        setLoading(false);
        options.onPending?.(data);
        return;
      }
      setSession(data);
      await navigate(options.target(), { replace: true });
    } catch (error) {
      form.applyServerErrors(error);
      const message =
        options.rateLimitedKey && error instanceof ApiError && error.code === 'rate_limited'
          ? runtimeT(t)(options.rateLimitedKey)
          : errorText(error, t, options.failedKey);
      setError(message);
      setFailure(message);
      notifyError(message);
    }
  });

  return { handleSubmit, failure };
}

export function SubmitFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} aria-hidden />}
      role="alert"
    >
      {message}
    </Alert>
  );
}
