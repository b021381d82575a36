import { http } from 'msw';
import type { InboxThread, Note, NotePerson, NoteSubjectType } from '../../../contract/notes.ts';
import { TEST_USER_ID } from '../fixtures';
import { fail, ok } from './envelope';

const NOTE_ORG_ID = '00000000-0000-4000-8000-0000000000aa';
export const STAFF_ID = '00000000-0000-4000-8000-0000000000b1';
const ADMIN_ID = '00000000-0000-4000-8000-0000000000b2';
export const ORDER_ID = '00000000-0000-4000-8000-0000000000c1';
export const OTHER_ORDER_ID = '00000000-0000-4000-8000-0000000000c2';
export const MERCHANT_ID = '00000000-0000-4000-8000-0000000000d1';

const PEOPLE: NotePerson[] = [
  { _id: ADMIN_ID, name: 'Meena Admin' },
  { _id: TEST_USER_ID, name: 'Asha Patel' },
  { _id: STAFF_ID, name: 'Suresh Staff' },
];

const SUBJECT_NAMES: Record<string, string> = {
  [ORDER_ID]: 'PO-771',
  [OTHER_ORDER_ID]: 'PO-772',
  [MERCHANT_ID]: 'Surat Silk Mills',
};

interface ReceivedNote {
  body: string;
  mentions: string[];
  key: string | null;
}

/**
 * An in-memory notes API with the server's rules that the SPA relies on: oldest-first pages by
 * cursor, a read position per thread for the signed-in user, and an Idempotency-Key applied once.
 */
export function createNotesFake(options: { subjects?: Record<string, string> } = {}) {
  const subjectNames: Record<string, string> = { ...SUBJECT_NAMES, ...options.subjects };
  const notes: Note[] = [];
  const reads = new Map<string, string>();
  const received: ReceivedNote[] = [];
  const readRequests: { subjectId: string; upTo: string | undefined }[] = [];
  const answeredKeys = new Map<string, Note>();
  let seq = 0;

  const threadKey = (type: string, id: string) => `${type}:${id}`;
  const cursorNumber = (cursor: string | null | undefined) => (cursor ? Number(cursor) : 0);

  function add(
    subjectType: NoteSubjectType,
    subjectId: string,
    body: string,
    options: {
      authorId?: string;
      mentions?: string[];
    } = {},
  ): Note {
    seq += 1;
    const authorId = options.authorId ?? ADMIN_ID;
    const at = new Date(Date.UTC(2026, 10, 24, 9, 0, seq)).toISOString();
    const note: Note = {
      _id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
      organizationId: NOTE_ORG_ID,
      version: 1,
      createdAt: at,
      updatedAt: at,
      subjectType,
      subjectId,
      body,
      authorId,
      authorName: PEOPLE.find((person) => person._id === authorId)?.name ?? 'Someone',
      mentions: (options.mentions ?? []).map((userId) => ({
        userId,
        name: PEOPLE.find((person) => person._id === userId)?.name ?? '',
      })),
      cursor: String(seq),
    };
    notes.push(note);
    return note;
  }

  function thread(type: string, id: string) {
    return notes.filter((note) => note.subjectType === type && note.subjectId === id);
  }

  function inbox(): InboxThread[] {
    const keys = [...new Set(notes.map((note) => threadKey(note.subjectType, note.subjectId)))];
    const rows = keys.map((key) => {
      const [type, id] = key.split(':') as [NoteSubjectType, string];
      const all = thread(type, id);
      const read = cursorNumber(reads.get(key));
      const unread = all.filter(
        (note) => Number(note.cursor) > read && note.authorId !== TEST_USER_ID,
      );
      const last = all.at(-1)!;
      return {
        subjectType: type,
        subjectId: id,
        subjectName: subjectNames[id] ?? id,
        lastNote: {
          _id: last._id,
          body: last.body,
          authorId: last.authorId,
          authorName: last.authorName,
          createdAt: last.createdAt,
        },
        noteCount: all.length,
        unreadCount: unread.length,
        mentionedUnread: unread.some((note) =>
          note.mentions.some((mention) => mention.userId === TEST_USER_ID),
        ),
        lastSeq: Number(last.cursor),
      };
    });
    rows.sort((a, b) =>
      a.mentionedUnread === b.mentionedUnread ? b.lastSeq - a.lastSeq : a.mentionedUnread ? -1 : 1,
    );
    return rows.map(({ lastSeq: _lastSeq, ...row }) => row);
  }

  const handlers = [
    http.get('*/api/notes/people', () => ok({ data: PEOPLE })),
    http.get('*/api/notes/inbox', () => {
      const data = inbox();
      return ok({
        data,
        totalCount: data.length,
        totalPages: data.length > 0 ? 1 : 0,
        currentPage: 1,
        hasNextPage: false,
        hasPrevPage: false,
        unreadThreads: data.filter((row) => row.unreadCount > 0).length,
      });
    }),
    http.get('*/api/notes', ({ request }) => {
      const url = new URL(request.url);
      const type = url.searchParams.get('subjectType') ?? '';
      const id = url.searchParams.get('subjectId') ?? '';
      if (!(id in subjectNames)) return fail(404, 'Order or merchant not found');
      const before = url.searchParams.get('before');
      const limit = Number(url.searchParams.get('limit') ?? 50);
      let page = thread(type, id);
      if (before) page = page.filter((note) => Number(note.cursor) < Number(before));
      page = page.slice(-limit);
      const first = page[0];
      const all = thread(type, id);
      return ok({
        subjectType: type,
        subjectId: id,
        subjectName: subjectNames[id],
        data: page,
        olderCursor: first && all[0] !== first ? first.cursor : null,
        newerCursor: page.at(-1)?.cursor ?? null,
        readCursor: reads.get(threadKey(type, id)) ?? null,
      });
    }),
    http.post('*/api/notes/read', async ({ request }) => {
      const body = (await request.json()) as {
        subjectType: string;
        subjectId: string;
        upTo?: string;
      };
      readRequests.push({ subjectId: body.subjectId, upTo: body.upTo });
      const key = threadKey(body.subjectType, body.subjectId);
      const newest = thread(body.subjectType, body.subjectId).at(-1)?.cursor;
      const target = body.upTo ?? newest;
      if (target && cursorNumber(target) > cursorNumber(reads.get(key))) reads.set(key, target);
      return ok({
        subjectType: body.subjectType,
        subjectId: body.subjectId,
        readCursor: reads.get(key) ?? null,
      });
    }),
    http.post('*/api/notes', async ({ request }) => {
      const key = request.headers.get('Idempotency-Key');
      const body = (await request.json()) as {
        subjectType: NoteSubjectType;
        subjectId: string;
        body: string;
        mentions?: string[];
      };
      received.push({ body: body.body, mentions: body.mentions ?? [], key });
      const answered = key ? answeredKeys.get(key) : undefined;
      if (answered) return ok(answered, 'Note added', 201);
      const note = add(body.subjectType, body.subjectId, body.body.trim(), {
        authorId: TEST_USER_ID,
        mentions: body.mentions ?? [],
      });
      reads.set(threadKey(body.subjectType, body.subjectId), note.cursor);
      if (key) answeredKeys.set(key, note);
      return ok(note, 'Note added', 201);
    }),
    http.delete('*/api/notes/:id', ({ params }) => {
      const index = notes.findIndex((note) => note._id === params.id);
      if (index < 0) return fail(404, 'Note not found');
      notes.splice(index, 1);
      return ok({ _id: params.id as string }, 'Note deleted');
    }),
  ];

  return { handlers, add, notes, received, readRequests, reads, inbox };
}

export type NotesFake = ReturnType<typeof createNotesFake>;
