import { Button, CloseButton, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useInstallOffer, useModalOpen } from '@/lib/pwa/install-offer';

/**
 * The offer to install Karkhana (spec section 4). It sits in the page flow and pushes the content
 * down: as a floating card it covered the board's buttons, order lines and open forms on tablets.
 * It steps aside while a modal or drawer is open, so it never competes with a form in progress.
 */
export function InstallPromptCard() {
  const { t } = useTranslation();
  const { visible, install, dismiss } = useInstallOffer();
  const modalOpen = useModalOpen(visible);
  if (!visible || modalOpen) return null;

  return (
    <Paper
      component="section"
      aria-labelledby="install-prompt-title"
      aria-describedby="install-prompt-text"
      data-install-prompt
      withBorder
      shadow="xs"
      radius="md"
      p="md"
      mb="md"
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
