import { Box, Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@/features/auth/redirect-target';
import { GoBackButton, PageHeading } from '@/components/page-heading';

export interface StatusPageProps {
  status: number | string;
  title: string;
  description: ReactNode;
  /** Hides the navigation buttons, e.g. when the page is shown inside another page. */
  minimal?: boolean;
  /** Replaces the default Go Back / Back to Home buttons. */
  actions?: ReactNode;
}

/** The one look shared by every error page: a large status number, a heading, a way out. */
export function StatusPage({
  status,
  title,
  description,
  minimal = false,
  actions,
}: StatusPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center mih={minimal ? 360 : '100dvh'} p="xl" component="main">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Box
          aria-hidden
          fz={{ base: 96, sm: 144 }}
          fw={800}
          lh={1}
          style={{
            letterSpacing: '-0.04em',
            background:
              'linear-gradient(135deg, var(--mantine-color-brand-4), var(--mantine-color-brand-8))',
            WebkitBackgroundClip: 'text',
            backgroundClip: 'text',
            color: 'transparent',
            userSelect: 'none',
          }}
        >
          {status}
        </Box>
        <PageHeading title={title} fz={{ base: 26, sm: 32 }} />
        <Text c="dimmed" size="lg">
          {description}
        </Text>
        {!minimal && (
          <Group mt="md" justify="center">
            {actions ?? (
              <>
                <GoBackButton />
                <Button
                  leftSection={<IconHome size={18} aria-hidden />}
                  onClick={() => navigate(HOME_PATH)}
                >
                  {t('actions.backToHome')}
                </Button>
              </>
            )}
          </Group>
        )}
      </Stack>
    </Center>
  );
}
