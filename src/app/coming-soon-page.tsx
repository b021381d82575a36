import { Badge, Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '@/lib/page-title';

export interface ComingSoonPageProps {
  title: string;
  /** Outside the signed-in layout (e.g. /otp) the page fills the screen and offers a way back. */
  standalone?: boolean;
}

/** Stands in for an area whose screens are not built yet, inside the normal layout. */
export function ComingSoonPage({ title, standalone = false }: ComingSoonPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingRef = usePageTitle<HTMLHeadingElement>(title);
  return (
    <Center mih={standalone ? '100dvh' : '60dvh'} p="md" component={standalone ? 'main' : 'div'}>
      <Paper withBorder p={{ base: 'lg', sm: 48 }} maw={520} w="100%" shadow="sm">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
            <IconHourglass size={38} stroke={1.5} />
          </ThemeIcon>
          <Title
            order={1}
            fz={{ base: 24, sm: 28 }}
            ref={headingRef}
            tabIndex={-1}
            className="page-heading"
          >
            {title}
          </Title>
          <Badge size="lg" variant="light" tt="none">
            {t('comingSoon.badge')}
          </Badge>
          <Text c="dimmed">{t('comingSoon.description')}</Text>
          {standalone && (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
              onClick={() => navigate(-1)}
            >
              {t('actions.goBack')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
