import { Anchor, Box, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '../components/brand';
import { LanguageSelect } from '../components/language-select';
import { SignInForm } from '../components/sign-in-form';
import { usePageTitle } from '@/lib/page-title';

const HIGHLIGHTS = ['orders', 'people', 'offline'] as const;

/** The same sign-in form beside a brand panel, for wide screens. */
export default function SignInBesideBrandPage() {
  const { t } = useTranslation('auth');
  const headingRef = usePageTitle<HTMLHeadingElement>(t('signIn.title'));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100dvh">
      <Box
        visibleFrom="md"
        p={56}
        c="white"
        style={{
          background:
            'radial-gradient(700px 400px at 90% 10%, rgba(251, 191, 36, 0.25), transparent), linear-gradient(150deg, #4f46e5, #312e81)',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
        }}
      >
        <Brand size={40} />
        <Stack gap="lg" maw={460}>
          <Title order={2} fz={36} lh={1.2}>
            {t('brandPanel.headline')}
          </Title>
          <Text size="lg" opacity={0.85}>
            {t('brandPanel.description')}
          </Text>
          <List
            spacing="sm"
            icon={
              <ThemeIcon size={24} radius="xl" color="yellow.4" c="dark.8" aria-hidden>
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {HIGHLIGHTS.map((key) => (
              <List.Item key={key}>{t(`brandPanel.highlights.${key}`)}</List.Item>
            ))}
          </List>
        </Stack>
        <Text size="sm" opacity={0.7}>
          {t('brandPanel.footnote')}
        </Text>
      </Box>
      <Box
        component="main"
        p={{ base: 'lg', sm: 48 }}
        style={{ display: 'flex', flexDirection: 'column' }}
      >
        <Group justify="space-between">
          <Brand size={32} hiddenFrom="md" />
          <LanguageSelect size="xs" ml="auto" />
        </Group>
        <Stack maw={420} w="100%" mx="auto" my="auto" py="xl" gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={30} ref={headingRef} tabIndex={-1} className="page-heading">
              {t('signIn.title')}
            </Title>
            <Text c="dimmed">{t('signIn.subtitle')}</Text>
          </Stack>
          <SignInForm />
          <Text size="sm" c="dimmed" ta="center">
            {t('signIn.noAccount')}{' '}
            <Anchor component={Link} to="/sign-up" fw={600}>
              {t('signIn.createAccount')}
            </Anchor>
          </Text>
        </Stack>
      </Box>
    </SimpleGrid>
  );
}
