import { Badge, Center, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GoBackButton, PageHeading } from '@/components/page-heading';

export interface ComingSoonPageProps {
  title: string;
  /** Outside the signed-in layout (e.g. /otp) the page fills the screen and offers a way back. */
  standalone?: boolean;
}

/** Stands in for an area whose screens are not built yet, inside the normal layout. */
export function ComingSoonPage({ title, standalone = false }: ComingSoonPageProps) {
  const { t } = useTranslation();
  return (
    <Center mih={standalone ? '100dvh' : '60dvh'} p="md" component={standalone ? 'main' : 'div'}>
      <Paper withBorder p={{ base: 'lg', sm: 48 }} maw={520} w="100%" shadow="sm">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
            <IconHourglass size={38} stroke={1.5} />
          </ThemeIcon>
          <PageHeading title={title} fz={{ base: 24, sm: 28 }} />
          <Badge size="lg" variant="light" tt="none">
            {t('comingSoon.badge')}
          </Badge>
          <Text c="dimmed">{t('comingSoon.description')}</Text>
          {standalone && <GoBackButton />}
        </Stack>
      </Paper>
    </Center>
  );
}
