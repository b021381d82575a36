import { ActionIcon, Button, CopyButton, Group, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCheck, IconCopy, IconDice5 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX } from '../../../../contract/auth.ts';
import { generateTemporaryPassword } from '../temporary-password';

/**
 * The temporary password a manager hands over: shown in clear (it is read out or written down),
 * with a button making a readable one and another copying it.
 */
export function TemporaryPasswordInput({
  form,
  name = 'password',
  autoFocus = false,
}: {
  form: UseFormReturnType<Record<string, unknown>>;
  name?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('users');
  const value = typeof form.getValues()[name] === 'string' ? String(form.getValues()[name]) : '';
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={t('fields.password')}
        description={t('hints.password')}
        required
        maxLength={PASSWORD_MAX}
        autoComplete="off"
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...(autoFocus ? { 'data-autofocus': true } : {})}
        rightSection={
          value ? (
            <CopyButton value={value}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('copied') : t('copy')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={copied ? t('copied') : t('copy')}
                  >
                    {copied ? (
                      <IconCheck size={16} aria-hidden />
                    ) : (
                      <IconCopy size={16} aria-hidden />
                    )}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          ) : null
        }
        {...form.getInputProps(name)}
      />
      <Button
        variant="light"
        mt={46}
        leftSection={<IconDice5 size={16} aria-hidden />}
        aria-label={t('generateLabel')}
        onClick={() => form.setFieldValue(name, generateTemporaryPassword())}
      >
        {t('generate')}
      </Button>
    </Group>
  );
}
