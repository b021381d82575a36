import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  Inbox,
  InboxParams,
  Note,
  NoteCreateInput,
  NotePerson,
  NoteReadState,
  NoteSubjectType,
  NoteThread,
} from '../../contract/notes.ts';
import { apiRequest } from '@/lib/api-client';
import { createWriteHook } from '@/lib/resource-writes';
import type noteTexts from '../../public/locales/en/notes.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    notes: typeof noteTexts;
  }
}

export interface NoteSubject {
  subjectType: NoteSubjectType;
  subjectId: string;
}

/**
 * How often an open thread and the inbox ask for news. Polling rather than a held-open stream:
 * see docs/notes.md. react-query stops it while the tab is hidden and while offline.
 */
export const THREAD_POLL_MS = 10_000;
const INBOX_POLL_MS = 20_000;
/** The team changes rarely; the picker need not ask for it on every open. */
const PEOPLE_STALE_MS = 5 * 60_000;

const endpoint = { name: 'notes', path: '/notes' };

/** Cursors are decimal positions that outgrow a double's exact range, so compare them as text. */
export function compareCursors(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

const noteKeys = {
  all: ['notes'] as const,
  thread: ({ subjectType, subjectId }: NoteSubject) =>
    ['notes', 'thread', subjectType, subjectId] as const,
  inbox: (params: InboxParams) => ['notes', 'inbox', params] as const,
  people: () => ['notes', 'people'] as const,
};

function fetchThread(subject: NoteSubject, extra: { before?: string }, signal?: AbortSignal) {
  return apiRequest<NoteThread>('GET', '/notes', {
    searchParams: { ...subject, ...extra },
    signal,
  }).then((result) => result.data);
}

/**
 * The newest page joined to the older notes already on screen, so a poll does not throw away
 * what the user scrolled back to. When more notes arrived than one page holds, the two no longer
 * meet and only the newest page is kept.
 */
function mergeNewestPage(previous: NoteThread | undefined, newest: NoteThread): NoteThread {
  const oldestFresh = newest.data[0];
  if (!previous || !oldestFresh || newest.olderCursor === null) return newest;
  const newestKept = previous.data.at(-1);
  if (!newestKept || compareCursors(newestKept.cursor, oldestFresh.cursor) < 0) return newest;
  const older = previous.data.filter((note) => compareCursors(note.cursor, oldestFresh.cursor) < 0);
  return {
    ...newest,
    data: [...older, ...newest.data],
    olderCursor: older.length > 0 ? previous.olderCursor : newest.olderCursor,
  };
}

export const noteQueries = {
  thread: (client: QueryClient, subject: NoteSubject) =>
    queryOptions({
      queryKey: noteKeys.thread(subject),
      queryFn: async ({ signal }) =>
        mergeNewestPage(
          client.getQueryData<NoteThread>(noteKeys.thread(subject)),
          await fetchThread(subject, {}, signal),
        ),
      refetchInterval: THREAD_POLL_MS,
      refetchIntervalInBackground: false,
      meta: { errorMessage: 'notes:errors.fetchThread' },
    }),
  inbox: (params: InboxParams) =>
    queryOptions({
      queryKey: noteKeys.inbox(params),
      queryFn: async ({ signal }) =>
        (await apiRequest<Inbox>('GET', '/notes/inbox', { searchParams: { ...params }, signal }))
          .data,
      refetchInterval: INBOX_POLL_MS,
      refetchIntervalInBackground: false,
      meta: { errorMessage: 'notes:errors.fetchInbox' },
    }),
  people: () =>
    queryOptions({
      queryKey: noteKeys.people(),
      queryFn: async ({ signal }) =>
        (await apiRequest<{ data: NotePerson[] }>('GET', '/notes/people', { signal })).data.data,
      staleTime: PEOPLE_STALE_MS,
      meta: { errorMessage: 'notes:errors.fetchPeople' },
    }),
};

/** Prepends the page of notes just older than what the thread shows. */
export async function loadOlderNotes(client: QueryClient, subject: NoteSubject) {
  const key = noteKeys.thread(subject);
  const current = client.getQueryData<NoteThread>(key);
  if (!current?.olderCursor) return;
  const page = await fetchThread(subject, { before: current.olderCursor });
  client.setQueryData<NoteThread>(key, (latest) => {
    if (!latest) return latest;
    const first = latest.data[0];
    const older = first
      ? page.data.filter((note) => compareCursors(note.cursor, first.cursor) < 0)
      : page.data;
    return { ...latest, data: [...older, ...latest.data], olderCursor: page.olderCursor };
  });
}

/**
 * Moves the caller's read position to `upTo`. Not queued offline: a read position that arrives
 * late says nothing the next visit will not say again, and it must not fill the pending list.
 */
export async function markThreadRead(client: QueryClient, subject: NoteSubject, upTo: string) {
  const key = noteKeys.thread(subject);
  const { data } = await apiRequest<NoteReadState>('POST', '/notes/read', {
    json: { ...subject, upTo },
  });
  client.setQueryData<NoteThread>(key, (thread) =>
    thread ? { ...thread, readCursor: data.readCursor } : thread,
  );
  await client.invalidateQueries({ queryKey: ['notes', 'inbox'] });
}

/**
 * Sending a note goes through the shared write queue: written offline, it waits on this device
 * with its Idempotency-Key and is sent once, in the order written, when the network returns.
 */
export const useCreateNote = createWriteHook<NoteCreateInput, Note>(endpoint, {
  verb: 'create',
  method: 'POST',
  path: () => '',
  body: (input) => input,
  // The note appearing in the thread is the confirmation; a toast per message would be noise.
  success: null,
  failure: 'notes:errors.create',
  invalidates: [],
  select: (data) => data as Note,
});

export const useDeleteNote = createWriteHook<string, { _id: string }>(endpoint, {
  verb: 'delete',
  method: 'DELETE',
  path: (id) => `/${encodeURIComponent(id)}`,
  success: 'notes:toast.deleted',
  failure: 'notes:errors.delete',
  invalidates: [],
  select: (data) => data as { _id: string },
});

export const NOTE_CREATE_KEY = ['notes', 'create'] as const;
