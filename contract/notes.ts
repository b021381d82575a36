import { z } from 'zod';
import { id, queryParam, recordVersion, requiredText, timestamp } from './common.ts';

/**
 * Notes: a thread on every order and every merchant, where what was agreed ("rate ₹12 a piece",
 * "20 pieces rejected") is written down next to the record instead of in a phone's chat.
 */

const NOTE_SUBJECT_TYPES = ['order', 'merchant'] as const;
export const noteSubjectType = z.enum(NOTE_SUBJECT_TYPES, { error: 'oneOf' });
export type NoteSubjectType = z.infer<typeof noteSubjectType>;

export const NOTE_BODY_MAX = 2000;
/** A note names a handful of people at most; the bound keeps one request small. */
const NOTE_MENTIONS_MAX = 20;
const NOTE_PAGE_DEFAULT = 50;
export const NOTE_PAGE_MAX = 100;

/**
 * Where a note sits in its thread: a position the server hands out in the order notes arrive,
 * opaque to clients (they send back what they read). Decimal digits.
 */
const noteCursor = z.string().regex(/^[1-9][0-9]{0,17}$/, { error: 'noteCursor' });

const subjectFields = { subjectType: noteSubjectType, subjectId: id };

/**
 * Mentions are the user ids picked in the mention picker, not names parsed from the text: names
 * are not unique in a team and a rename would change whom an old note meant.
 */
export const noteCreate = z.strictObject({
  ...subjectFields,
  body: requiredText(NOTE_BODY_MAX, { multiline: true }),
  mentions: z
    .array(id)
    .max(NOTE_MENTIONS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'duplicateIds' })
    .optional(),
});
export type NoteCreate = z.output<typeof noteCreate>;
export type NoteCreateInput = z.input<typeof noteCreate>;

const noteMention = z.object({ userId: id, name: z.string() });

export const note = z.object({
  _id: id,
  organizationId: id,
  version: recordVersion,
  createdAt: timestamp,
  updatedAt: timestamp,
  subjectType: noteSubjectType,
  subjectId: id,
  body: z.string(),
  authorId: id,
  /** The author's name as it is now. */
  authorName: z.string(),
  mentions: z.array(noteMention),
  cursor: noteCursor,
});
export type Note = z.infer<typeof note>;

const queryCursor = queryParam.optional(noteCursor);

/**
 * One page of a thread, oldest first. Without a cursor: the newest `limit` notes. `before`: the
 * `limit` notes just older than that cursor (scrolling back). `after`: the notes newer than it,
 * oldest first (catching up). Not both.
 */
export const noteThreadQuery = z
  .strictObject({
    ...subjectFields,
    before: queryCursor,
    after: queryCursor,
    limit: queryParam.int(1, NOTE_PAGE_MAX).transform((value) => value ?? NOTE_PAGE_DEFAULT),
  })
  .refine((query) => !(query.before && query.after), {
    error: 'noteCursorBoth',
    path: ['after'],
  });
export type NoteThreadParams = z.output<typeof noteThreadQuery>;

export const noteThread = z.object({
  subjectType: noteSubjectType,
  subjectId: id,
  subjectName: z.string(),
  data: z.array(note),
  /** Pass as `before` for the page of older notes; null when this page starts the thread. */
  olderCursor: noteCursor.nullable(),
  /** Pass as `after` for notes newer than this page; null when the thread is empty. */
  newerCursor: noteCursor.nullable(),
  /** The caller's read position: notes after it by others are unread. Null: nothing read yet. */
  readCursor: noteCursor.nullable(),
});
export type NoteThread = z.infer<typeof noteThread>;

export const noteRead = z.strictObject({
  ...subjectFields,
  /**
   * The newest note the reader saw; without it, the thread's newest note. A read position only
   * moves forward, so a late request from another tab never marks notes unread again.
   */
  upTo: noteCursor.optional(),
});
export type NoteRead = z.output<typeof noteRead>;

export const noteReadState = z.object({
  subjectType: noteSubjectType,
  subjectId: id,
  readCursor: noteCursor.nullable(),
});
export type NoteReadState = z.infer<typeof noteReadState>;

export const inboxQuery = z.strictObject({
  page: queryParam.int(1, 1_000_000).transform((value) => value ?? 1),
  limit: queryParam.int(1, NOTE_PAGE_MAX).transform((value) => value ?? NOTE_PAGE_DEFAULT),
});
export type InboxParams = z.output<typeof inboxQuery>;

export const inboxThread = z.object({
  subjectType: noteSubjectType,
  subjectId: id,
  subjectName: z.string(),
  lastNote: z.object({
    _id: id,
    body: z.string(),
    authorId: id,
    authorName: z.string(),
    createdAt: timestamp,
  }),
  noteCount: z.number().int(),
  /** Notes by others after the caller's read position. */
  unreadCount: z.number().int(),
  /** An unread note mentions the caller; such threads come first. */
  mentionedUnread: z.boolean(),
});
export type InboxThread = z.infer<typeof inboxThread>;

export const inbox = z.object({
  data: z.array(inboxThread),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
  /** Threads with unread notes, over all pages: the navigation's badge. */
  unreadThreads: z.number().int(),
});
export type Inbox = z.infer<typeof inbox>;

/** Who can be mentioned: the organization's active members. */
export const notePerson = z.object({ _id: id, name: z.string() });
export type NotePerson = z.infer<typeof notePerson>;

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const noteAuditEntities = { note: null } as const;
