import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCloudDownload,
  IconFileSpreadsheet,
  IconFileUpload,
  IconMail,
  IconQrcode,
  type Icon,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/error-text';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { organization } from '@/features/organization/resource';
import { emailStatusQuery, sendTestMail } from '../api';

type Status = { label: string; color: string } | null;

function Tile({
  icon: TileIcon,
  title,
  status,
  children,
  actions,
}: {
  icon: Icon;
  title: string;
  status?: Status;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="md">
              <TileIcon size={20} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz="h4">
              {title}
            </Title>
          </Group>
          {status ? (
            <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
              {status.label}
            </Badge>
          ) : null}
        </Group>
        <Stack gap="xs" style={{ flex: 1 }}>
          {children}
        </Stack>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Stack>
    </Card>
  );
}

function EmailTile() {
  const { t } = useTranslation(['apps', 'ui']);
  const configured = useQuery(emailStatusQuery());
  const canTest = useCan('organization.write');
  const test = useMutation({
    mutationFn: sendTestMail,
    onSuccess: ({ to }) => notifySuccess(t('email.sent', { to }), { duration: 5000 }),
    onError: (error) => notifyError(errorText(error, t, 'apps:email.failed'), { duration: 6000 }),
  });
  const known = configured.data !== undefined;
  const status: Status = !known
    ? configured.isPending
      ? null
      : { label: t('status.unknown'), color: 'gray' }
    : configured.data
      ? { label: t('status.setUp'), color: 'green' }
      : { label: t('status.notSetUp'), color: 'orange' };
  return (
    <Tile
      icon={IconMail}
      title={t('email.title')}
      status={status}
      actions={
        configured.data && canTest ? (
          <Button variant="light" loading={test.isPending} onClick={() => test.mutate()}>
            {t('email.test')}
          </Button>
        ) : null
      }
    >
      <Text size="sm">
        {!known
          ? configured.isPending
            ? null
            : t('email.unknownText')
          : configured.data
            ? t('email.onText')
            : t('email.offText')}
      </Text>
    </Tile>
  );
}

function ProfileTiles() {
  const { t } = useTranslation(['apps', 'ui']);
  const profile = useQuery(organization.queries.profile());
  const update = organization.useUpdate();
  const canEdit = useCan('organization.write');
  const data = profile.data;
  const sharing = data?.whatsappSharing;
  const profileUnknown = data === undefined && !profile.isPending;
  const unknownStatus: Status = profileUnknown
    ? { label: t('status.unknown'), color: 'gray' }
    : null;
  return (
    <>
      <Tile
        icon={IconQrcode}
        title={t('upi.title')}
        status={
          data
            ? data.upiId
              ? { label: t('status.setUp'), color: 'green' }
              : { label: t('status.notSetUp'), color: 'orange' }
            : unknownStatus
        }
        actions={
          <Button component={Link} to="/settings/account" variant="default">
            {t('upi.edit')}
          </Button>
        }
      >
        <Text size="sm">{t('upi.text')}</Text>
        {data ? (
          <Text size="sm">
            <Text span c="dimmed">
              {t('upi.address')}:{' '}
            </Text>
            <Text span fw={600} ff={data.upiId ? 'monospace' : undefined}>
              {data.upiId ?? t('upi.none')}
            </Text>
          </Text>
        ) : profileUnknown ? (
          <Text size="sm" c="dimmed">
            {t('errors.fetchProfile')}
          </Text>
        ) : null}
      </Tile>
      <Tile
        icon={IconBrandWhatsapp}
        title={t('whatsapp.title')}
        status={
          sharing === undefined
            ? unknownStatus
            : sharing
              ? { label: t('status.on'), color: 'green' }
              : { label: t('status.off'), color: 'gray' }
        }
      >
        <Text size="sm">{t('whatsapp.text')}</Text>
        {data ? (
          <Switch
            mt="xs"
            checked={update.isPending ? !data.whatsappSharing : data.whatsappSharing}
            disabled={!canEdit || update.isPending}
            label={t('whatsapp.switch')}
            description={canEdit ? undefined : t('whatsapp.readOnly')}
            onChange={(event) =>
              update.mutate({ version: data.version, whatsappSharing: event.currentTarget.checked })
            }
          />
        ) : null}
      </Tile>
    </>
  );
}

/** `/apps`: what the organization is connected to and how data goes in and out (owner, admin). */
export default function AppsPage() {
  const { t } = useTranslation(['apps', 'ui']);
  const canImport = useCan('backup.import');
  const canBackUp = useCan('backup.download');
  const canSeeBills = useCan('bills.read');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <EmailTile />
        <ProfileTiles />
        {canSeeBills ? (
          <Tile
            icon={IconFileSpreadsheet}
            title={t('exports.title')}
            actions={
              <Button component={Link} to="/billing" variant="default">
                {t('exports.open')}
              </Button>
            }
          >
            <Text size="sm">{t('exports.text')}</Text>
          </Tile>
        ) : null}
        {canImport ? (
          <Tile
            icon={IconFileUpload}
            title={t('import.title')}
            actions={
              <Button component={Link} to="/apps/import" variant="light">
                {t('import.open')}
              </Button>
            }
          >
            <Text size="sm">{t('import.text')}</Text>
          </Tile>
        ) : null}
        {canBackUp ? (
          <Tile
            icon={IconCloudDownload}
            title={t('backup.title')}
            actions={
              <Button component={Link} to="/apps/backup" variant="light">
                {t('backup.open')}
              </Button>
            }
          >
            <Text size="sm">{t('backup.text')}</Text>
          </Tile>
        ) : null}
      </SimpleGrid>
    </>
  );
}
