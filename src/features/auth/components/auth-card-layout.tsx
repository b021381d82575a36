import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { InstallPromptCard } from '@/components/install-prompt-card';
import { Brand } from './brand';
import { LanguageSelect } from './language-select';
import { usePageTitle } from '@/lib/page-title';

export interface AuthCardLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** A centred card on a softly tinted page, used by the sign-in and sign-up screens. */
export function AuthCardLayout({ title, subtitle, children, footer }: AuthCardLayoutProps) {
  const headingRef = usePageTitle<HTMLHeadingElement>(title);
  return (
    <Box
      component="main"
      mih="100dvh"
      style={{
        background:
          'radial-gradient(1200px 600px at 10% -10%, light-dark(var(--mantine-color-brand-1), rgba(67, 56, 202, 0.25)), transparent), radial-gradient(900px 500px at 110% 110%, light-dark(var(--mantine-color-yellow-1), rgba(251, 191, 36, 0.08)), transparent), var(--mantine-color-body)',
      }}
    >
      <Group justify="flex-end" p="md">
        <LanguageSelect size="xs" />
      </Group>
      <Center px="md" pb={64} mih="calc(100dvh - 64px)">
        <Stack w="100%" maw={440} gap="lg">
          <Center>
            <Brand size={40} />
          </Center>
          <InstallPromptCard />
          <Paper withBorder shadow="md" p={{ base: 'lg', sm: 36 }}>
            <Stack gap={4} mb="lg">
              <Title order={1} fz={26} ref={headingRef} tabIndex={-1} className="page-heading">
                {title}
              </Title>
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            </Stack>
            {children}
          </Paper>
          {footer && (
            <Text ta="center" size="sm" c="dimmed">
              {footer}
            </Text>
          )}
        </Stack>
      </Center>
    </Box>
  );
}
