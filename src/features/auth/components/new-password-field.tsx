import type { PasswordInputProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '../../../../contract/auth.ts';
import { PasswordField } from './password-field';

// Apart from PasswordField: the contract brings the whole of zod, which the sign-in page, asking
// only for a password already chosen, does without.
/** A password being chosen: the browser offers to generate one, and the rule is said up front. */
export function NewPasswordField(
  props: Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'>,
) {
  const { t } = useTranslation('auth');
  return (
    <PasswordField
      description={t('fields.passwordHint', { min: PASSWORD_MIN })}
      autoComplete="new-password"
      leftSection={<IconLock size={16} aria-hidden />}
      {...props}
    />
  );
}
