import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '../../../../contract/auth.ts';

/**
 * The reveal button is named without the word "password" so that the field stays the only
 * control found by its label ("Password"), for screen-reader users and label-based tests alike.
 */
export function PasswordField(props: Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'>) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        'aria-label': visible ? t('fields.hideTyped') : t('fields.showTyped'),
      }}
      {...props}
    />
  );
}

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
