import { sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type {
  Inbox,
  InboxParams,
  Note,
  NoteCreate,
  NotePerson,
  NoteRead,
  NoteReadState,
  NoteSubjectType,
  NoteThread,
  NoteThreadParams,
} from '../../../contract/notes.ts';
import type { Role } from '../../../contract/permissions.ts';
import { queryRows, type Database } from '../../db/database.ts';
import { appendTenantAudit } from '../../lib/audit.ts';
import { badRequest, fieldError, forbidden, type FieldError } from '../../lib/http-errors.ts';
import { isoTimestamp, recordIdentity, recordStamp } from '../../lib/sql-values.ts';
import type { TenantContext } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/tenant-repository.ts';

interface NoteSubject {
  subjectType: NoteSubjectType;
  subjectId: string;
}

/** The column of `notes` that holds a subject of this type. */
const subjectColumn = (type: NoteSubjectType) =>
  type === 'order' ? sql.raw('notes.order_id') : sql.raw('notes.merchant_id');

/** The API record of the `notes` row in scope, built by the database. */
const noteRecord = sql`json_build_object(
  ${recordIdentity('notes')},
  ${recordStamp('notes')},
  'subjectType', notes.subject_type,
  'subjectId', coalesce(notes.order_id, notes.merchant_id),
  'body', notes.body,
  'authorId', notes.author_id,
  'authorName', (select users.name from users
    where users.organization_id = notes.organization_id and users.id = notes.author_id),
  'mentions', coalesce((
    select json_agg(json_build_object('userId', users.id, 'name', users.name)
      order by lower(users.name), users.id)
    from note_mentions
    join users on users.id = note_mentions.user_id
      and users.organization_id = note_mentions.organization_id
    where note_mentions.organization_id = notes.organization_id
      and note_mentions.note_id = notes.id
  ), '[]'::json),
  'cursor', notes.seq::text
)`;

/** The subject's display name (an order's PO number, a merchant's name); undefined when missing. */
async function subjectName(
  db: Database,
  tenant: TenantContext,
  subject: NoteSubject,
): Promise<string | undefined> {
  const rows =
    subject.subjectType === 'order'
      ? await queryRows<{ name: string }>(
          db,
          sql`select po_number as name from orders
              where organization_id = ${tenant.organizationId} and id = ${subject.subjectId}`,
        )
      : await queryRows<{ name: string }>(
          db,
          sql`select name from merchants
              where organization_id = ${tenant.organizationId} and id = ${subject.subjectId}`,
        );
  return rows[0]?.name;
}

async function readCursorOf(
  db: Database,
  tenant: TenantContext,
  subject: NoteSubject,
): Promise<string | null> {
  const rows = await queryRows<{ read_seq: string }>(
    db,
    sql`select read_seq::text as read_seq from note_reads
        where organization_id = ${tenant.organizationId} and user_id = ${tenant.userId}
          and subject_type = ${subject.subjectType} and subject_id = ${subject.subjectId}`,
  );
  return rows[0]?.read_seq ?? null;
}

/** One page of a thread, oldest first; undefined when the subject does not exist. */
export async function listThread(
  db: Database,
  tenant: TenantContext,
  query: NoteThreadParams,
): Promise<NoteThread | undefined> {
  const name = await subjectName(db, tenant, query);
  if (name === undefined) return undefined;
  const inThread = sql`notes.organization_id = ${tenant.organizationId}
    and ${subjectColumn(query.subjectType)} = ${query.subjectId}`;
  let page: SQL;
  if (query.after) {
    page = sql`select ${noteRecord} as record, notes.seq from notes
      where ${inThread} and notes.seq > ${query.after}::bigint
      order by notes.seq asc limit ${query.limit}`;
  } else {
    const older = query.before ? sql`and notes.seq < ${query.before}::bigint` : sql``;
    page = sql`select record, seq from (
        select ${noteRecord} as record, notes.seq from notes
        where ${inThread} ${older}
        order by notes.seq desc limit ${query.limit}
      ) newest order by seq asc`;
  }
  const rows = await queryRows<{ record: Note }>(db, page);
  const data = rows.map((row) => row.record);
  const first = data[0];
  const last = data.at(-1);
  let olderCursor: string | null = null;
  if (first) {
    const older = await queryRows<{ found: boolean }>(
      db,
      sql`select exists (select 1 from notes where ${inThread}
        and notes.seq < ${first.cursor}::bigint) as found`,
    );
    if (older[0]?.found) olderCursor = first.cursor;
  }
  return {
    subjectType: query.subjectType,
    subjectId: query.subjectId,
    subjectName: name,
    data,
    olderCursor,
    newerCursor: last?.cursor ?? query.after ?? null,
    readCursor: await readCursorOf(db, tenant, query),
  };
}

async function findNote(db: Database, tenant: TenantContext, id: string) {
  const rows = await queryRows<{ record: Note; author_id: string }>(
    db,
    sql`select ${noteRecord} as record, notes.author_id from notes
        where notes.organization_id = ${tenant.organizationId} and notes.id = ${id}`,
  );
  return rows[0];
}

/**
 * Mentioned users must be active members of the caller's organization: an unknown or foreign id
 * is `not_found`, a deactivated member `mention_inactive`, each on its own index.
 */
async function assertMentionable(db: Database, tenant: TenantContext, ids: readonly string[]) {
  if (ids.length === 0) return;
  const rows = await queryRows<{ id: string; is_active: boolean }>(
    db,
    sql`select id, is_active from users
        where organization_id = ${tenant.organizationId}
          and id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  const found = new Map(rows.map((row) => [row.id, row.is_active]));
  const errors: FieldError[] = [];
  ids.forEach((id, index) => {
    const active = found.get(id);
    if (active === undefined) {
      errors.push(fieldError(`mentions.${index}`, 'not_found'));
    } else if (!active) {
      errors.push(fieldError(`mentions.${index}`, 'invalid_value', { rule: 'mention_inactive' }));
    }
  });
  if (errors.length > 0)
    throw badRequest('Only active members of the team can be mentioned', errors);
}

/** Moves the caller's read position forward to `seq`, never back. */
async function advanceRead(
  db: Database,
  tenant: TenantContext,
  subject: NoteSubject,
  seq: string,
): Promise<void> {
  await db.execute(sql`insert into note_reads
      (organization_id, user_id, subject_type, subject_id, read_seq, read_at)
    values (${tenant.organizationId}, ${tenant.userId}, ${subject.subjectType},
      ${subject.subjectId}, ${seq}::bigint, now())
    on conflict (organization_id, user_id, subject_type, subject_id) do update
      set read_seq = greatest(note_reads.read_seq, excluded.read_seq), read_at = now()`);
}

export async function createNote(
  db: Database,
  tenant: TenantContext,
  values: NoteCreate,
): Promise<Note> {
  return inTransaction(db, async (tx) => {
    const subject = { subjectType: values.subjectType, subjectId: values.subjectId };
    if ((await subjectName(tx, tenant, subject)) === undefined) {
      throw badRequest('The order or merchant of the note does not exist', [
        fieldError('subjectId', 'not_found'),
      ]);
    }
    const mentions = values.mentions ?? [];
    await assertMentionable(tx, tenant, mentions);
    const id = uuidv7();
    const isOrder = values.subjectType === 'order';
    const inserted = await queryRows<{ seq: string }>(
      tx,
      sql`insert into notes (organization_id, id, subject_type, order_id, merchant_id, author_id, body)
          values (${tenant.organizationId}, ${id}, ${values.subjectType},
            ${isOrder ? values.subjectId : null}, ${isOrder ? null : values.subjectId},
            ${tenant.userId}, ${values.body})
          returning seq::text as seq`,
    );
    const seq = inserted[0]?.seq;
    if (seq === undefined) throw new Error('The note was not stored');
    if (mentions.length > 0) {
      await tx.execute(sql`insert into note_mentions (organization_id, note_id, user_id)
        values ${sql.join(
          mentions.map((userId) => sql`(${tenant.organizationId}, ${id}, ${userId})`),
          sql`, `,
        )}`);
    }
    await tx.execute(sql`insert into note_threads
        (organization_id, subject_type, subject_id, order_id, merchant_id, last_seq, note_count)
      values (${tenant.organizationId}, ${values.subjectType}, ${values.subjectId},
        ${isOrder ? values.subjectId : null}, ${isOrder ? null : values.subjectId}, ${seq}::bigint, 1)
      on conflict (organization_id, subject_type, subject_id) do update
        set last_seq = greatest(note_threads.last_seq, excluded.last_seq),
          note_count = note_threads.note_count + 1`);
    // What one wrote oneself is read: the author's position follows their own note. The inbox
    // relies on it: a thread is unread exactly when its newest note is past the reader's position.
    await advanceRead(tx, tenant, subject, seq);
    await appendTenantAudit(tx, tenant, {
      action: 'create',
      entity: 'note',
      entityId: id,
      changes: {
        subjectType: [null, values.subjectType],
        subjectId: [null, values.subjectId],
        body: [null, values.body],
        ...(mentions.length > 0 ? { mentions: [null, mentions] } : {}),
      },
    });
    const created = await findNote(tx, tenant, id);
    if (!created) throw new Error('The note was not stored');
    return created.record;
  });
}

/** Recounts a thread's summary row after a note left it; the row goes with its last note. */
async function refreshThread(db: Database, tenant: TenantContext, subject: NoteSubject) {
  const org = tenant.organizationId;
  const inThread = sql`notes.organization_id = ${org}
    and ${subjectColumn(subject.subjectType)} = ${subject.subjectId}`;
  await db.execute(sql`update note_threads
      set last_seq = summary.last_seq, note_count = summary.note_count
      from (select max(notes.seq) as last_seq, count(*)::int as note_count
        from notes where ${inThread}) summary
      where note_threads.organization_id = ${org}
        and note_threads.subject_type = ${subject.subjectType}
        and note_threads.subject_id = ${subject.subjectId}
        and summary.note_count > 0`);
  await db.execute(sql`delete from note_threads
      where note_threads.organization_id = ${org}
        and note_threads.subject_type = ${subject.subjectType}
        and note_threads.subject_id = ${subject.subjectId}
        and not exists (select 1 from notes where ${inThread})`);
}

/** Owners and admins keep the threads tidy; anyone else deletes only what they wrote. */
const MAY_DELETE_OTHERS: readonly Role[] = ['owner', 'admin'];

/** The deleted id, or undefined when there is no such note. */
export async function deleteNote(
  db: Database,
  tenant: TenantContext,
  role: Role,
  id: string,
): Promise<string | undefined> {
  return inTransaction(db, async (tx) => {
    const found = await findNote(tx, tenant, id);
    if (!found) return undefined;
    if (found.author_id !== tenant.userId && !MAY_DELETE_OTHERS.includes(role)) {
      throw forbidden('Only the author or a manager can delete this note');
    }
    await tx.execute(
      sql`delete from notes where organization_id = ${tenant.organizationId} and id = ${id}`,
    );
    await refreshThread(tx, tenant, {
      subjectType: found.record.subjectType,
      subjectId: found.record.subjectId,
    });
    await appendTenantAudit(tx, tenant, {
      action: 'delete',
      entity: 'note',
      entityId: id,
      changes: {
        subjectType: [found.record.subjectType, null],
        subjectId: [found.record.subjectId, null],
        body: [found.record.body, null],
      },
    });
    return id;
  });
}

/** Marks the thread read up to `upTo` (or its newest note); undefined when the subject is missing. */
export async function markRead(
  db: Database,
  tenant: TenantContext,
  values: NoteRead,
): Promise<NoteReadState | undefined> {
  const subject = { subjectType: values.subjectType, subjectId: values.subjectId };
  if ((await subjectName(db, tenant, subject)) === undefined) return undefined;
  const upTo = values.upTo ? sql`and notes.seq <= ${values.upTo}::bigint` : sql``;
  // Only a note that exists in the thread can be the read position, so a made-up cursor cannot
  // mark notes read that arrive later.
  const newest = await queryRows<{ seq: string | null }>(
    db,
    sql`select max(notes.seq)::text as seq from notes
        where notes.organization_id = ${tenant.organizationId}
          and ${subjectColumn(values.subjectType)} = ${values.subjectId} ${upTo}`,
  );
  const seq = newest[0]?.seq;
  if (seq) await advanceRead(db, tenant, subject, seq);
  return { ...subject, readCursor: await readCursorOf(db, tenant, subject) };
}

/**
 * Every thread of the organization with the caller's unread count: threads with an unread note
 * mentioning the caller first, then by newest note.
 */
export async function listInbox(
  db: Database,
  tenant: TenantContext,
  params: InboxParams,
): Promise<Inbox> {
  const org = tenant.organizationId;
  const me = tenant.userId;
  const offset = (params.page - 1) * params.limit;
  const rows = await queryRows<{
    subject_type: NoteSubjectType | null;
    subject_id: string;
    subject_name: string | null;
    last_note: Inbox['data'][number]['lastNote'];
    note_count: number;
    unread_count: number;
    mentioned_unread: boolean;
    total: number;
    unread_threads: number;
  }>(
    db,
    sql`with mentioned as (
        -- The reader's unread mentions: few, found through the reader's own mentions.
        select distinct notes.subject_type,
          coalesce(notes.order_id, notes.merchant_id) as subject_id
        from note_mentions
        join notes on notes.organization_id = note_mentions.organization_id
          and notes.id = note_mentions.note_id
        left join note_reads on note_reads.organization_id = notes.organization_id
          and note_reads.user_id = ${me}
          and note_reads.subject_type = notes.subject_type
          and note_reads.subject_id = coalesce(notes.order_id, notes.merchant_id)
        where note_mentions.organization_id = ${org} and note_mentions.user_id = ${me}
          and notes.author_id <> ${me}
          and notes.seq > coalesce(note_reads.read_seq, 0)
      ), threads as (
        select note_threads.subject_type, note_threads.subject_id, note_threads.last_seq,
          note_threads.note_count,
          coalesce(note_reads.read_seq, 0) as read_seq,
          mentioned.subject_id is not null as mentioned_unread
        from note_threads
        left join note_reads on note_reads.organization_id = note_threads.organization_id
          and note_reads.user_id = ${me}
          and note_reads.subject_type = note_threads.subject_type
          and note_reads.subject_id = note_threads.subject_id
        left join mentioned on mentioned.subject_type = note_threads.subject_type
          and mentioned.subject_id = note_threads.subject_id
        where note_threads.organization_id = ${org}
      ), totals as (
        -- Writing moves the author's position to their note, so a thread has a note by someone
        -- else after the reader's position exactly when its newest note is past that position.
        select count(*)::int as total,
          (count(*) filter (where last_seq > read_seq))::int as unread_threads
        from threads
      ), page as (
        select threads.* from threads
        order by mentioned_unread desc, last_seq desc
        limit ${params.limit} offset ${offset}
      )
      -- The totals row comes back even for a page past the end, which has no threads.
      select page.subject_type, page.subject_id, page.note_count,
        page.mentioned_unread, totals.total, totals.unread_threads,
        case page.subject_type
          when 'order' then (select count(*)::int from notes
            where notes.organization_id = ${org} and notes.order_id = page.subject_id
              and notes.seq > page.read_seq and notes.author_id <> ${me})
          else (select count(*)::int from notes
            where notes.organization_id = ${org} and notes.merchant_id = page.subject_id
              and notes.seq > page.read_seq and notes.author_id <> ${me})
        end as unread_count,
        case page.subject_type
          when 'order' then (select orders.po_number from orders
            where orders.organization_id = ${org} and orders.id = page.subject_id)
          else (select merchants.name from merchants
            where merchants.organization_id = ${org} and merchants.id = page.subject_id)
        end as subject_name,
        (select json_build_object(
            '_id', notes.id,
            'body', notes.body,
            'authorId', notes.author_id,
            'authorName', (select users.name from users
              where users.organization_id = notes.organization_id and users.id = notes.author_id),
            'createdAt', ${isoTimestamp(sql`notes.created_at`)})
          from notes
          where notes.organization_id = ${org} and notes.seq = page.last_seq) as last_note
      from totals left join page on true
      order by page.mentioned_unread desc, page.last_seq desc`,
  );
  const totalCount = rows[0]?.total ?? 0;
  const unreadThreads = rows[0]?.unread_threads ?? 0;
  const totalPages = Math.ceil(totalCount / params.limit);
  return {
    data: rows.flatMap((row) => {
      if (row.subject_type === null) return [];
      return [
        {
          subjectType: row.subject_type,
          subjectId: row.subject_id,
          subjectName: row.subject_name ?? '',
          lastNote: row.last_note,
          noteCount: row.note_count,
          unreadCount: row.unread_count,
          mentionedUnread: row.mentioned_unread,
        },
      ];
    }),
    totalCount,
    totalPages,
    currentPage: params.page,
    hasNextPage: params.page < totalPages,
    hasPrevPage: params.page > 1,
    unreadThreads,
  };
}

/** Active members, by name: whom a note can mention. */
export async function listPeople(db: Database, tenant: TenantContext): Promise<NotePerson[]> {
  return queryRows<NotePerson>(
    db,
    sql`select id as "_id", name from users
        where organization_id = ${tenant.organizationId} and is_active
        order by lower(name), id`,
  );
}
