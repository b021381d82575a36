import {
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCircleDashed, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SETUP_STEPS, type SetupStep } from '../../contract/setup-checklist.ts';
import { SampleWorkshopPanel } from '@/components/sample-workshop-panel';
import { errorText } from '@/lib/error-text';
import { notifyError } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { useInstallOffer } from '@/lib/pwa/install-offer';
import { useInstallStep } from '@/lib/pwa/install-step';
import {
  dismissSetupChecklist,
  SETUP_CHECKLIST_KEY,
  setupChecklistQuery,
} from '@/lib/setup-checklist-api';

/** Where each step is done. */
const STEP_PATHS: Record<Exclude<SetupStep, 'install'>, string> = {
  profile: '/settings/account',
  merchants: '/merchants',
  designs: '/designs',
  workers: '/workers',
  stages: '/settings/production',
  firstOrder: '/orders/create',
  inviteStaff: '/users',
};

/** A tablet's finger needs this much; Mantine's medium button is 42 px. */
const TOUCH_TARGET = { minHeight: 44, minWidth: 44 };

/**
 * The first day's steps on the landing page, for owners and admins, until every step is done or
 * someone puts it away. Each step ticks from the records, so it is right whoever did the work.
 */
export function SetupChecklistCard() {
  const canRead = useCan('setup.read');
  const canDismiss = useCan('setup.write');
  const { t } = useTranslation('setup');
  const queryClient = useQueryClient();
  const checklist = useQuery({ ...setupChecklistQuery(), enabled: canRead });
  const install = useInstallStep();
  const offer = useInstallOffer();
  const dismiss = useMutation({
    mutationFn: dismissSetupChecklist,
    onSuccess: (data) => queryClient.setQueryData(SETUP_CHECKLIST_KEY, data),
    onError: (error) => notifyError(errorText(error, t, 'setup:errors.dismiss')),
  });

  const data = checklist.data;
  if (!canRead || !data || data.dismissed) return null;
  const done: Record<SetupStep, boolean> = { ...data.steps, install: install.done };
  const doneCount = SETUP_STEPS.filter((step) => done[step]).length;
  if (doneCount === SETUP_STEPS.length) return null;

  return (
    <Paper
      component="section"
      aria-labelledby="setup-checklist-title"
      withBorder
      radius="md"
      p="md"
      mb="md"
      data-testid="setup-checklist"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div>
          <Title order={2} fz="h4" id="setup-checklist-title">
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed" mt={2}>
            {t('description')}
          </Text>
        </div>
        {canDismiss ? (
          <Button
            variant="subtle"
            color="gray"
            style={TOUCH_TARGET}
            leftSection={<IconX size={16} aria-hidden />}
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate()}
          >
            {t('dismiss')}
          </Button>
        ) : null}
      </Group>

      <Group gap="sm" mt="sm" wrap="nowrap">
        <Progress
          value={(doneCount / SETUP_STEPS.length) * 100}
          size="lg"
          radius="xl"
          style={{ flex: 1 }}
          aria-label={t('progress', { done: doneCount, total: SETUP_STEPS.length })}
        />
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {t('progress', { done: doneCount, total: SETUP_STEPS.length })}
        </Text>
      </Group>

      <SimpleGrid component="ol" cols={{ base: 1, md: 2 }} spacing="xs" mt="md" p={0} m={0}>
        {SETUP_STEPS.map((step) => (
          <Group
            key={step}
            component="li"
            wrap="nowrap"
            align="center"
            gap="sm"
            p="xs"
            data-step={step}
            data-done={done[step]}
            style={{
              listStyle: 'none',
              borderRadius: 8,
              background: 'var(--mantine-color-default-hover)',
            }}
          >
            <ThemeIcon
              size={32}
              radius="xl"
              variant={done[step] ? 'filled' : 'light'}
              color={done[step] ? 'teal' : 'gray'}
              aria-hidden
            >
              {done[step] ? <IconCheck size={18} /> : <IconCircleDashed size={18} />}
            </ThemeIcon>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} td={done[step] ? 'line-through' : undefined}>
                {t(`steps.${step}.title`)}
                <VisuallyHidden>
                  {' '}
                  ({done[step] ? t('status.done') : t('status.notDone')})
                </VisuallyHidden>
              </Text>
              <Text size="xs" c="dimmed">
                {t(`steps.${step}.hint`)}
              </Text>
            </Stack>
            {step === 'install' ? (
              done[step] ? null : (
                <Group gap={4} wrap="nowrap">
                  {offer.visible ? (
                    <Button
                      size="sm"
                      variant="light"
                      style={TOUCH_TARGET}
                      onClick={() => void offer.install()}
                    >
                      {t('steps.install.action')}
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    variant="default"
                    style={TOUCH_TARGET}
                    onClick={install.markDone}
                  >
                    {t('markDone')}
                  </Button>
                </Group>
              )
            ) : done[step] ? null : (
              <Anchor
                component={Link}
                to={STEP_PATHS[step]}
                size="sm"
                fw={600}
                style={{ ...TOUCH_TARGET, display: 'inline-flex', alignItems: 'center' }}
              >
                {t(`steps.${step}.action`)}
              </Anchor>
            )}
          </Group>
        ))}
      </SimpleGrid>
      <SampleWorkshopPanel />
    </Paper>
  );
}
