import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutationState, useQuery, useQueryClient, type Mutation } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Note, NoteCreateInput, NoteThread } from '../../../contract/notes.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { NoteComposer } from '@/components/notes/note-composer';
import { useQueryFallback } from '@/components/query-state';
import { useFormatters } from '@/lib/format';
import {
  compareCursors,
  loadOlderNotes,
  markThreadRead,
  NOTE_CREATE_KEY,
  noteQueries,
  useDeleteNote,
  type NoteSubject,
} from '@/lib/notes';
import { useIsOnline } from '@/lib/offline/use-online-status';
import { discardWrite, retryWrite } from '@/lib/offline/write-queue';
import type { KeyedVariables } from '@/lib/resource-writes';
import { useCan } from '@/lib/permissions';
import { useAuthStore } from '@/stores/auth';

export interface NotesPanelProps {
  subject: NoteSubject;
  /** Shown above the thread; the panel's own title when absent. */
  heading?: ReactNode;
  /** Set false where a surrounding drawer or page already names the thread. */
  withTitle?: boolean;
}

/** A note this device wrote that the server has not confirmed yet, or confirmed moments ago. */
interface LocalNote {
  mutationId: number;
  input: NoteCreateInput;
  state: 'waiting' | 'failed' | 'sent';
  sent?: Note;
}

function localNoteOf(mutation: Mutation<unknown, Error, unknown, unknown>): LocalNote | null {
  const variables = mutation.state.variables as KeyedVariables<NoteCreateInput> | undefined;
  if (!variables) return null;
  const { status } = mutation.state;
  if (status === 'success') {
    return {
      mutationId: mutation.mutationId,
      input: variables.input,
      state: 'sent',
      sent: mutation.state.data as Note,
    };
  }
  if (status === 'pending') {
    return { mutationId: mutation.mutationId, input: variables.input, state: 'waiting' };
  }
  // A note refused after it was queued stays until it is sent again or discarded; one refused
  // while the user watched is still in the composer.
  if (status === 'error' && variables.queuedOffline === true) {
    return { mutationId: mutation.mutationId, input: variables.input, state: 'failed' };
  }
  return null;
}

/** The notes this device wrote on `subject`, oldest first, that the thread does not show yet. */
function useLocalNotes(subject: NoteSubject, thread: NoteThread | undefined): LocalNote[] {
  const local = useMutationState({
    filters: { mutationKey: NOTE_CREATE_KEY },
    select: localNoteOf,
  });
  const newest = thread?.newerCursor ?? null;
  return local.filter((entry): entry is LocalNote => {
    if (!entry) return false;
    if (entry.input.subjectType !== subject.subjectType) return false;
    if (entry.input.subjectId !== subject.subjectId) return false;
    // A sent note is shown from its answer only until the thread itself has caught up to it.
    if (entry.state === 'sent') {
      return (
        entry.sent !== undefined &&
        (newest === null || compareCursors(entry.sent.cursor, newest) > 0)
      );
    }
    return true;
  });
}

/**
 * The notes thread of an order or a merchant: oldest first with older pages on demand, new notes
 * arriving by polling while it is open, the composer with its @mention picker, and notes written
 * offline shown as waiting until the write queue delivers them. Reading the thread marks it read.
 */
export function NotesPanel({ subject, heading, withTitle = true }: NotesPanelProps) {
  const { t } = useTranslation(['notes', 'ui']);
  const client = useQueryClient();
  const query = useQuery(noteQueries.thread(client, subject));
  const online = useIsOnline();
  const canWrite = useCan('notes.write');
  const local = useLocalNotes(subject, query.data);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);

  // Where "New" goes: the read position as it was when the thread was opened, not as reading it
  // moves it, so the divider stays put while the user reads.
  const [openedReadCursor, setOpenedReadCursor] = useState<string | null | undefined>(undefined);
  if (query.data && openedReadCursor === undefined) setOpenedReadCursor(query.data.readCursor);

  const newest = query.data?.newerCursor ?? null;
  const readCursor = query.data?.readCursor ?? null;
  const { subjectType, subjectId } = subject;
  useEffect(() => {
    if (!online || newest === null) return;
    if (readCursor !== null && compareCursors(readCursor, newest) >= 0) return;
    if (document.visibilityState === 'hidden') return;
    markThreadRead(client, { subjectType, subjectId }, newest).catch(() => undefined);
  }, [client, online, newest, readCursor, subjectType, subjectId]);

  // Follow the conversation: a note that arrives or is written while the thread is open scrolls
  // into view. The thread as it opens does not: the notes sit low on a record's page, and
  // scrolling to them would carry the page's heading away under the top bar.
  const lastShown = query.data ? (local.at(-1)?.mutationId ?? newest) : undefined;
  const followedLast = useRef<typeof lastShown>(undefined);
  useEffect(() => {
    const before = followedLast.current;
    followedLast.current = lastShown;
    if (before === undefined || before === lastShown) return;
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [lastShown]);

  const fallback = useQueryFallback(query, {
    failureKey: 'notes:errors.fetchThread',
    loadingLabel: t('panel.loading'),
  });

  const title = withTitle ? (
    <Group justify="space-between" align="baseline">
      <Title order={3} size="h4">
        {t('panel.title')}
      </Title>
      {query.isFetching && !query.isPending ? <Loader size="xs" aria-hidden /> : null}
    </Group>
  ) : null;

  let body: ReactNode = fallback;
  if (!fallback && query.data) {
    const notes = query.data.data;
    const firstUnread = notes.find(
      (note) =>
        openedReadCursor !== undefined &&
        openedReadCursor !== null &&
        compareCursors(note.cursor, openedReadCursor) > 0,
    );
    body = (
      <Stack gap="xs" role="log" aria-label={t('panel.title')} aria-live="polite">
        {query.data.olderCursor ? (
          <Button
            variant="subtle"
            size="xs"
            loading={loadingOlder}
            onClick={() => {
              setLoadingOlder(true);
              loadOlderNotes(client, subject)
                .catch(() => undefined)
                .finally(() => setLoadingOlder(false));
            }}
          >
            {t('panel.olderNotes')}
          </Button>
        ) : null}
        {notes.length === 0 && local.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('panel.empty')}
          </Text>
        ) : null}
        {notes.map((note) => (
          <Fragment key={note._id}>
            {note === firstUnread ? (
              <Divider
                label={t('panel.newDivider')}
                labelPosition="center"
                color="orange"
                c="orange"
              />
            ) : null}
            <NoteItem note={note} />
          </Fragment>
        ))}
        {local.map((entry) =>
          entry.sent ? (
            <NoteItem key={`local-${entry.mutationId}`} note={entry.sent} />
          ) : (
            <LocalNoteItem key={`local-${entry.mutationId}`} entry={entry} />
          ),
        )}
        <div ref={endRef} />
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('panel.title')}>
      <Stack gap="sm">
        {heading ?? title}
        {body}
        {canWrite ? <NoteComposer subject={subject} /> : null}
      </Stack>
    </Paper>
  );
}

function NoteItem({ note }: { note: Note }) {
  const { t } = useTranslation(['notes', 'ui']);
  const format = useFormatters();
  const me = useAuthStore((state) => state.user);
  const remove = useDeleteNote();
  const [confirming, setConfirming] = useState(false);
  const mine = note.authorId === me?._id;
  const mayDelete = mine || me?.role === 'owner' || me?.role === 'admin';
  const mentionsMe = note.mentions.some((mention) => mention.userId === me?._id);
  return (
    <Paper
      p="xs"
      radius="md"
      bg={mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
      data-testid="note"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600}>
            {mine ? t('panel.you') : note.authorName}
          </Text>
          <Tooltip label={new Date(note.createdAt).toLocaleString(format.language)}>
            <Text size="xs" c="dimmed" component="time" dateTime={note.createdAt}>
              {format.relative(note.createdAt)}
            </Text>
          </Tooltip>
          {mentionsMe ? (
            <Badge size="xs" color="orange" variant="light">
              {t('inbox.mentionsYou')}
            </Badge>
          ) : null}
        </Group>
        {mayDelete ? (
          <Tooltip label={t('panel.delete')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('panel.delete')}
              onClick={() => setConfirming(true)}
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <Text
        size="sm"
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        data-testid="note-body"
      >
        {note.body}
      </Text>
      <ConfirmDialog
        opened={confirming}
        title={t('panel.deleteTitle')}
        message={t('panel.deleteMessage')}
        confirmLabel={t('ui:actions.delete')}
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(note._id, {
            onSettled: () => setConfirming(false),
            onQueued: () => setConfirming(false),
          })
        }
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

function LocalNoteItem({ entry }: { entry: LocalNote }) {
  const { t } = useTranslation(['notes', 'ui']);
  const client = useQueryClient();
  const mutation = () =>
    client
      .getMutationCache()
      .getAll()
      .find((candidate) => candidate.mutationId === entry.mutationId);
  return (
    <Paper
      p="xs"
      radius="md"
      withBorder
      style={{ borderStyle: 'dashed' }}
      data-testid="note-waiting"
    >
      <Group gap={6} justify="space-between">
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {t('panel.you')}
          </Text>
          <Badge size="xs" variant="light" color={entry.state === 'failed' ? 'red' : 'gray'}>
            {entry.state === 'failed' ? t('panel.sendFailed') : t('panel.waitingToSend')}
          </Badge>
        </Group>
        {entry.state === 'failed' ? (
          <Group gap={4}>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => {
                const found = mutation();
                if (found) void retryWrite(found);
              }}
            >
              {t('panel.retry')}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() => {
                const found = mutation();
                if (found) discardWrite(client, found);
              }}
            >
              {t('panel.discard')}
            </Button>
          </Group>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {entry.input.body}
      </Text>
    </Paper>
  );
}
