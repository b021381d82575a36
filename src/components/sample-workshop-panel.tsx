import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorText } from '@/lib/error-text';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import {
  deleteSampleWorkshop,
  openSampleWorkshop,
  SAMPLE_WORKSHOP_KEY,
  sampleWorkshopQuery,
} from '@/lib/sample-workshop-api';
import { sampleTabUrl } from '@/lib/sample-tab';

/** A tablet's finger needs this much; Mantine's medium button is 42 px. */
const TOUCH_TARGET = { minHeight: 44 };

/**
 * "Open a sample workshop": the demo data in an organization of its own, in a tab of its own,
 * so a new owner can look around without a single sample record reaching their books; and the
 * way to delete it. For owners and admins.
 */
export function SampleWorkshopPanel() {
  const canManage = useCan('setup.write');
  const { t } = useTranslation('setup');
  const queryClient = useQueryClient();
  const state = useQuery({ ...sampleWorkshopQuery(), enabled: canManage });
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const open = useMutation({
    mutationFn: async () => {
      // Opened during the click, so the browser does not take the tab for a pop-up; it gets its
      // address once the server has the sample ready.
      const tab = window.open('', '_blank');
      try {
        const opening = await openSampleWorkshop();
        const url = sampleTabUrl(opening.openingToken);
        if (tab) {
          tab.opener = null;
          tab.location.replace(url);
        } else {
          setBlockedUrl(url);
        }
        return opening;
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
    onSuccess: (opening) =>
      queryClient.setQueryData(SAMPLE_WORKSHOP_KEY, { sample: opening.sample }),
    onError: (error) => notifyError(errorText(error, t, 'setup:sample.errors.open')),
  });
  const remove = useMutation({
    mutationFn: deleteSampleWorkshop,
    onSuccess: (data) => {
      queryClient.setQueryData(SAMPLE_WORKSHOP_KEY, data);
      setConfirming(false);
      setBlockedUrl(null);
      notifySuccess(t('sample.deleted'));
    },
    onError: (error) => notifyError(errorText(error, t, 'setup:sample.errors.delete')),
  });

  if (!canManage || !state.data) return null;
  const hasSample = state.data.sample !== null;

  return (
    <Stack gap="xs" mt="md" data-testid="sample-workshop">
      <Text size="sm" c="dimmed">
        {t('sample.description')}
      </Text>
      <Group gap="sm">
        <Button
          variant="light"
          style={TOUCH_TARGET}
          leftSection={<IconExternalLink size={16} aria-hidden />}
          loading={open.isPending}
          onClick={() => open.mutate()}
        >
          {hasSample ? t('sample.reopen') : t('sample.open')}
        </Button>
        {hasSample ? (
          <Button
            variant="subtle"
            color="red"
            style={TOUCH_TARGET}
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            {t('sample.delete')}
          </Button>
        ) : null}
      </Group>
      {blockedUrl ? (
        <Anchor href={blockedUrl} target="_blank" rel="noopener" size="sm" fw={600}>
          {t('sample.blockedLink')}
        </Anchor>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={t('sample.confirmTitle')}
        message={t('sample.confirmMessage')}
        confirmLabel={t('sample.delete')}
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/**
 * The same on the organization settings, where the sample stays reachable once the checklist is
 * done or put away.
 */
export function SampleWorkshopSection() {
  const canManage = useCan('setup.write');
  const { t } = useTranslation('setup');
  if (!canManage) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="sample-workshop-title"
    >
      <Title order={3} fz="h5" id="sample-workshop-title">
        {t('sample.title')}
      </Title>
      <SampleWorkshopPanel />
    </Paper>
  );
}
