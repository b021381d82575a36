import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessages } from '@tabler/icons-react';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  NOTE_PAGE_MAX,
  noteSubjectType,
  type Inbox,
  type InboxThread,
  type NoteSubjectType,
} from '../../../../contract/notes.ts';
import { BackLink } from '@/components/back-link';
import { EmptyState } from '@/components/empty-state';
import { NotesPanel } from '@/components/notes/notes-panel';
import { PageHeader } from '@/components/page-header';
import { useQueryFallback } from '@/components/query-state';
import { useFormatters } from '@/lib/format';
import { noteQueries } from '@/lib/notes';

const INBOX_PAGE = 50;

export function chatPath(subjectType: NoteSubjectType, subjectId: string) {
  return `/chats/${subjectType}/${subjectId}`;
}

/**
 * Where the record itself is, from its thread. Merchants have no page of their own: their list,
 * filtered down to this one by name.
 */
function recordPath(subjectType: NoteSubjectType, subjectId: string, name: string | undefined) {
  if (subjectType === 'order') return `/orders/edit/${subjectId}`;
  return name ? `/merchants?name=${encodeURIComponent(name)}` : '/merchants';
}

/**
 * `/chats` and `/chats/:subjectType/:subjectId`: every notes thread, threads that mention the
 * reader unread first, then newest; the chosen thread beside the list (on a narrow screen, in its
 * place). Opening a thread marks it read.
 */
export default function ChatsPage() {
  const { t } = useTranslation('notes');
  const params = useParams();
  const parsedType = noteSubjectType.safeParse(params.subjectType);
  const selected =
    parsedType.success && params.subjectId
      ? { subjectType: parsedType.data, subjectId: params.subjectId }
      : null;
  const narrow = useMediaQuery('(max-width: 62em)') ?? false;
  const [limit, setLimit] = useState(INBOX_PAGE);
  const inbox = useQuery(noteQueries.inbox({ page: 1, limit }));

  const list = (
    <InboxList
      query={inbox}
      selected={selected}
      onMore={
        inbox.data?.hasNextPage && limit < NOTE_PAGE_MAX ? () => setLimit(NOTE_PAGE_MAX) : undefined
      }
    />
  );
  const thread = selected ? (
    <NotesPanel
      key={`${selected.subjectType}:${selected.subjectId}`}
      subject={selected}
      heading={
        <ThreadHeading
          subjectType={selected.subjectType}
          subjectId={selected.subjectId}
          withBack={narrow}
        />
      }
    />
  ) : (
    <Paper withBorder p="xl" radius="md">
      <Text c="dimmed" ta="center">
        {t('inbox.chooseThread')}
      </Text>
    </Paper>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {narrow ? (
        selected ? (
          thread
        ) : (
          list
        )
      ) : (
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(18rem, 5fr) 7fr',
            gap: 'var(--mantine-spacing-md)',
            alignItems: 'start',
          }}
        >
          <Box>{list}</Box>
          <Box>{thread}</Box>
        </Box>
      )}
    </>
  );
}

function ThreadHeading({
  subjectType,
  subjectId,
  withBack,
}: {
  subjectType: NoteSubjectType;
  subjectId: string;
  withBack: boolean;
}) {
  const { t } = useTranslation('notes');
  const client = useQueryClient();
  // The same query as the panel's: it names the record also before the thread has a note.
  const name = useQuery(noteQueries.thread(client, { subjectType, subjectId })).data?.subjectName;
  const label = name ? t(`subjects.${subjectType}`, { name }) : t(`subjectTypes.${subjectType}`);
  return (
    <Stack gap={4}>
      {withBack ? <BackLink to="/chats">{t('inbox.back')}</BackLink> : null}
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Text fw={700} size="lg" component="h2" m={0}>
          {label}
        </Text>
        <Anchor component={Link} to={recordPath(subjectType, subjectId, name)} size="sm">
          {t('panel.openRecord', { name: name ?? t(`subjectTypes.${subjectType}`) })}
        </Anchor>
      </Group>
    </Stack>
  );
}

function InboxList({
  query,
  selected,
  onMore,
}: {
  query: UseQueryResult<Inbox>;
  selected: { subjectType: NoteSubjectType; subjectId: string } | null;
  onMore: (() => void) | undefined;
}) {
  const { t } = useTranslation('notes');
  const fallback = useQueryFallback(query, {
    failureKey: 'notes:errors.fetchInbox',
    loadingLabel: t('inbox.tableLabel'),
  });
  if (fallback || !query.data) return fallback;
  const threads = query.data.data;
  if (threads.length === 0) {
    return (
      <EmptyState
        icon={<IconMessages size={28} stroke={1.5} aria-hidden />}
        title={t('inbox.empty')}
        description={t('inbox.emptyDescription')}
      />
    );
  }
  return (
    <Stack gap="xs">
      <Stack gap="xs" component="ul" aria-label={t('inbox.tableLabel')} p={0} m={0}>
        {threads.map((thread) => (
          <InboxRow
            key={`${thread.subjectType}:${thread.subjectId}`}
            thread={thread}
            active={
              selected?.subjectType === thread.subjectType &&
              selected.subjectId === thread.subjectId
            }
          />
        ))}
      </Stack>
      {onMore ? (
        <Button variant="subtle" onClick={onMore}>
          {t('inbox.more')}
        </Button>
      ) : null}
    </Stack>
  );
}

function InboxRow({ thread, active }: { thread: InboxThread; active: boolean }) {
  const { t } = useTranslation('notes');
  const format = useFormatters();
  const navigate = useNavigate();
  const unread = thread.unreadCount > 0;
  return (
    <Box component="li" style={{ listStyle: 'none' }}>
      <UnstyledButton
        w="100%"
        onClick={() => void navigate(chatPath(thread.subjectType, thread.subjectId))}
        aria-current={active ? 'true' : undefined}
        data-testid="inbox-thread"
      >
        <Paper
          withBorder
          p="sm"
          radius="md"
          bg={active ? 'var(--mantine-primary-color-light)' : undefined}
          style={unread ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={unread ? 700 : 500} size="sm" truncate>
              {t(`subjects.${thread.subjectType}`, { name: thread.subjectName })}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {format.relative(thread.lastNote.createdAt)}
            </Text>
          </Group>
          <Text size="sm" c={unread ? undefined : 'dimmed'} lineClamp={2}>
            {t('inbox.lastBy', { name: thread.lastNote.authorName, body: thread.lastNote.body })}
          </Text>
          <Group gap={6} mt={6}>
            {thread.mentionedUnread ? (
              <Badge color="orange" variant="filled" size="sm">
                {t('inbox.mentionsYou')}
              </Badge>
            ) : null}
            {unread ? (
              <Badge variant="light" size="sm">
                {t('inbox.unread', { count: thread.unreadCount })}
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('inbox.noteCount', { count: thread.noteCount })}
            </Text>
          </Group>
        </Paper>
      </UnstyledButton>
    </Box>
  );
}
