import { Button, CloseButton, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useInstallPrompt } from '@/lib/pwa/install-prompt';
import { pwaErrorToast, pwaSuccessToast } from '@/lib/pwa/pwa-toasts';

/** The card at the bottom of the screen offering to install Karkhana (spec section 4). */
export function InstallPromptCard() {
  const { t } = useTranslation();
  const { visible, install, dismiss } = useInstallPrompt({
    onAccepted: () => pwaSuccessToast(t('pwa.installing.title'), t('pwa.installing.description')),
    onInstalled: () => pwaSuccessToast(t('pwa.installed.title'), t('pwa.installed.description')),
    onFailed: (error) => {
      console.error('Install prompt failed', error);
      pwaErrorToast(t('pwa.installFailed.title'), t('pwa.installFailed.description'));
    },
  });
  if (!visible) return null;

  return (
    <Paper
      role="dialog"
      aria-labelledby="install-prompt-title"
      aria-describedby="install-prompt-text"
      withBorder
      shadow="lg"
      radius="md"
      p="md"
      pos="fixed"
      bottom={16}
      left="50%"
      w={420}
      maw="calc(100vw - 32px)"
      style={{ transform: 'translateX(-50%)', zIndex: 300 }}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <IconDownload size={22} />
        </ThemeIcon>
        <div style={{ flex: 1 }}>
          <Text id="install-prompt-title" fw={600}>
            {t('pwa.install.title')}
          </Text>
          <Text id="install-prompt-text" size="sm" c="dimmed" mt={2}>
            {t('pwa.install.text')}
          </Text>
          <Group gap="xs" mt="sm">
            <Button size="xs" onClick={() => void install()}>
              {t('pwa.install.action')}
            </Button>
            <Button size="xs" variant="default" onClick={dismiss}>
              {t('pwa.install.notNow')}
            </Button>
          </Group>
        </div>
        <CloseButton aria-label={t('pwa.install.dismiss')} onClick={dismiss} />
      </Group>
    </Paper>
  );
}
