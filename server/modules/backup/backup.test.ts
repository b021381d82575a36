import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_VERSION, backupFile, type BackupFile } from '../../../contract/data-io.ts';
import type { Inbox, Note, NoteThread } from '../../../contract/notes.ts';
import { queryRows } from '../../db/database.ts';
import { demoSeeders } from '../../db/seed.ts';
import { createTenantContext } from '../../lib/tenant.ts';
import { billNoteRepository } from '../bill-notes/repository.ts';
import { signInThroughApi } from '../../test/sign-in.ts';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
let source: TestUser;
let file: BackupFile;

/** What a merchant owes and has paid in advance, as the dues report adds it up. */
async function dues(organizationId: string) {
  return queryRows<{ merchant: string; billed: string; paid: string; advance: string }>(
    t.database.handle.db,
    sql`select m.name as merchant,
               coalesce((select sum(total_amount) from bills b
                 where b.organization_id = m.organization_id and b.merchant_id = m.id
                   and b.status <> 'cancelled'), 0)::text as billed,
               coalesce((select sum(paid_amount) from bills b
                 where b.organization_id = m.organization_id and b.merchant_id = m.id), 0)::text as paid,
               coalesce((select sum(amount + tds_amount - allocated_amount) from payments p
                 where p.organization_id = m.organization_id and p.merchant_id = m.id), 0)::text as advance
        from merchants m where m.organization_id = ${organizationId}
        order by m.name, m.id`,
  );
}

async function reports(user: TestUser) {
  const analytics = await t.send(user, 'GET', '/api/reports/orders?groupBy=month');
  const merchants = await t.send(user, 'GET', '/api/reports/orders?groupBy=merchant');
  const register = await t.send(user, 'GET', '/api/bills/export.csv');
  const bills = await t.send(user, 'GET', '/api/bills?limit=100&sort=billDate');
  const orders = await t.send(user, 'GET', '/api/orders/export.csv?sort=orderDate');
  // The report's billed and received come from running totals the restored rows rebuild. Read as
  // of a fixed far day: the backup's bills carry fixed dates, which "today" could precede.
  const duesReport = await t.send(user, 'GET', '/api/reports/dues?asOf=2099-12-31');
  for (const response of [analytics, merchants, register, bills, orders, duesReport]) {
    expect(response.statusCode, response.body).toBe(200);
  }
  const strip = (value: unknown) =>
    JSON.parse(JSON.stringify(value), (key, inner: unknown) =>
      key === 'organizationId' ? undefined : inner,
    ) as unknown;
  return {
    analytics: strip(analytics.json()),
    byMerchant: strip(merchants.json()),
    register: register.body,
    bills: strip(bills.json()),
    orders: orders.body,
    dues: await dues(user.auth.organization._id),
    duesReport: strip(duesReport.json()),
  };
}

async function download(user: TestUser) {
  const response = await t.send(user, 'GET', '/api/backup');
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  expect(response.headers['content-disposition']).toMatch(
    /karkhana-backup-\d{4}-\d{2}-\d{2}\.json/,
  );
  return backupFile.parse(response.json());
}

beforeAll(async () => {
  t = await createTestApp();
  source = await t.registerUser({ email: `source-${uuidv7()}@example.com` });
  const organizationId = source.auth.organization._id;
  const tenant = createTenantContext(organizationId, source.auth.user._id);
  const db = t.database.handle.db;
  for (const seeder of demoSeeders)
    await seeder(db, { tenant, now: new Date('2026-11-20T10:00:00Z') });
  // A payment settling one bill in full and part of another, plus an advance.
  const open = await queryRows<{ id: string; merchant_id: string; total_amount: string }>(
    db,
    sql`select id, merchant_id, total_amount::text from bills
        where organization_id = ${organizationId} and status = 'unpaid'
        order by bill_date, id limit 2`,
  );
  expect(open.length).toBe(2);
  const paymentId = uuidv7();
  await db.execute(sql`insert into payments
      (organization_id, id, merchant_id, payment_date, amount, method, tds_amount)
      values (${organizationId}, ${paymentId}, ${open[0]!.merchant_id}, '2026-11-01',
              ${Number(open[0]!.total_amount) + 100}, 'upi', 0)`);
  await db.execute(sql`insert into payment_allocations (organization_id, payment_id, bill_id, amount)
      values (${organizationId}, ${paymentId}, ${open[0]!.id}, ${open[0]!.total_amount}::numeric)`);
  const other = uuidv7();
  await db.execute(sql`insert into payments
      (organization_id, id, merchant_id, payment_date, amount, method, tds_amount)
      values (${organizationId}, ${other}, ${open[1]!.merchant_id}, '2026-11-02', 50, 'cash', 0)`);
  await db.execute(sql`insert into payment_allocations (organization_id, payment_id, bill_id, amount)
      values (${organizationId}, ${other}, ${open[1]!.id}, 50)`);
  // A credit note settling part of the second bill (its round-off below zero) and a debit note.
  const note = { noteDate: '2026-11-20', reason: 'post_sale_discount', notes: null } as const;
  const credit = await billNoteRepository.create(db, tenant, {
    ...note,
    billId: open[1]!.id,
    kind: 'credit',
    taxableAmount: 100.1,
  });
  expect(credit.roundOff).toBeLessThan(0);
  await billNoteRepository.create(db, tenant, {
    ...note,
    billId: open[0]!.id,
    kind: 'debit',
    taxableAmount: 20,
  });
  file = await download(source);
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('GET /api/backup', () => {
  it('holds every table of the organization and no sessions', async () => {
    expect(file.version).toBe(BACKUP_VERSION);
    expect(file.organization.name).toBe(source.auth.organization.name);
    for (const table of ['users', 'merchants', 'designs', 'orders', 'order_lines', 'bills']) {
      expect(file.tables[table]?.length, table).toBeGreaterThan(0);
    }
    for (const table of [
      'bill_lines',
      'bill_orders',
      'bill_counters',
      'payments',
      'bill_notes',
      'bill_note_counters',
    ]) {
      expect(file.tables[table]?.length, table).toBeGreaterThan(0);
    }
    const allocations = await queryRows<{ count: string }>(
      t.database.handle.db,
      sql`select count(*)::text as count from payment_allocations
          where organization_id = ${source.auth.organization._id}`,
    );
    // The demo's own payments plus the two written above.
    expect(file.tables.payment_allocations).toHaveLength(Number(allocations[0]?.count));
    expect(Number(allocations[0]?.count)).toBeGreaterThan(2);
    expect(file.tables.audit_log?.length).toBeGreaterThan(0);
    expect(file.tables).not.toHaveProperty('sessions');
    expect(file.tables).not.toHaveProperty('idempotency_keys');
    const owner = file.tables.users?.[0];
    expect(owner?.password_hash).toEqual(expect.any(String));
    const others = new Set(
      Object.values(file.tables).flatMap((rows) => rows.map((row) => row.organization_id)),
    );
    expect(others).toEqual(new Set([source.auth.organization._id]));
  });
});

describe('POST /api/backup/restore', () => {
  it('rebuilds the organization in a new one: same reports, register, dues and numbers', async () => {
    const target = await t.registerUser();
    const before = await reports(source);
    const restored = await t.send(target, 'POST', '/api/backup/restore', file);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<{ data: { tables: Record<string, number> } }>().data.tables.orders).toBe(
      file.tables.orders?.length,
    );
    const after = await reports(target);
    expect(after.analytics).toEqual(before.analytics);
    expect(after.byMerchant).toEqual(before.byMerchant);
    expect(after.register).toBe(before.register);
    expect(after.bills).toEqual(before.bills);
    expect(after.orders).toBe(before.orders);
    expect(after.dues).toEqual(before.dues);
    expect(after.duesReport).toEqual(before.duesReport);
    const { totals } = (before.duesReport as { data: { totals: Record<string, number> } }).data;
    expect(totals.billedAmount).toBeGreaterThan(0);
    expect(totals.receivedAmount).toBeGreaterThan(0);
    expect(before.dues.some((row) => Number(row.paid) > 0)).toBe(true);
    expect(before.dues.some((row) => Number(row.advance) > 0)).toBe(true);

    // The restored organization goes on where the old one stopped: the next bill number follows.
    const counters = await queryRows<{ last_number: number }>(
      t.database.handle.db,
      sql`select last_number from bill_counters where organization_id = ${target.auth.organization._id}`,
    );
    expect(counters.map((row) => row.last_number)).toEqual(
      file.tables.bill_counters?.map((row) => row.last_number),
    );

    // The source is untouched, and its users are not moved: their emails already have accounts.
    expect(await reports(source)).toEqual(before);
    expect(restored.json<{ data: { skippedUsers: string[] } }>().data.skippedUsers).toEqual([
      source.auth.user.email,
    ]);

    // A second restore finds the organization full.
    const again = await t.send(target, 'POST', '/api/backup/restore', file);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('organization_not_empty');
  }, 60_000);

  it('restores users with their passwords when their emails are free (a new server)', async () => {
    const email = `moved-${uuidv7()}@example.com`;
    const movedFile: BackupFile = {
      ...file,
      tables: {
        ...file.tables,
        users: (file.tables.users ?? []).map((row) => ({ ...row, email })),
      },
    };
    const target = await t.registerUser();
    const response = await t.send(target, 'POST', '/api/backup/restore', movedFile);
    expect(response.statusCode, response.body).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json<{ data: { organization: { _id: string } } }>().data.organization._id).toBe(
      target.auth.organization._id,
    );
  }, 60_000);

  it('refuses a file of a newer version, and anything that is not a backup', async () => {
    const target = await t.registerUser();
    const newer = await t.send(target, 'POST', '/api/backup/restore', {
      ...file,
      version: BACKUP_VERSION + 1,
    });
    expect(newer.statusCode).toBe(400);
    expect(newer.json<{ code: string }>().code).toBe('backup_newer_version');
    const other = await t.send(target, 'POST', '/api/backup/restore', { hello: 'world' });
    expect(other.json<{ code: string }>().code).toBe('backup_invalid');
    for (const tables of [{ orders: [1] }, { orders: {} }, { orders: [null] }, [], null]) {
      const malformed = await t.send(target, 'POST', '/api/backup/restore', { ...file, tables });
      expect(malformed.statusCode, JSON.stringify(tables)).toBe(400);
      expect(malformed.json<{ code: string }>().code).toBe('backup_invalid');
    }
    const [counted] = await queryRows<{ count: number }>(
      t.database.handle.db,
      sql`select count(*)::int as count from orders where organization_id = ${target.auth.organization._id}`,
    );
    expect(counted?.count).toBe(0);
  });

  it('leaves nothing behind when a row fails: one transaction', async () => {
    const target = await t.registerUser();
    const broken: BackupFile = {
      ...file,
      tables: {
        ...file.tables,
        order_lines: [
          ...(file.tables.order_lines ?? []),
          { ...file.tables.order_lines![0]!, quantity: -1 },
        ],
      },
    };
    const response = await t.send(target, 'POST', '/api/backup/restore', broken);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const [counted] = await queryRows<{ count: number }>(
      t.database.handle.db,
      sql`select count(*)::int as count from merchants where organization_id = ${target.auth.organization._id}`,
    );
    expect(counted?.count).toBe(0);
  });

  it('accepts a body larger than the API-wide limit on this route only', async () => {
    const terms = 'Payment within 15 days. '.repeat(60_000);
    const padded: BackupFile = {
      ...file,
      organization: { ...file.organization, bill_terms: terms },
    };
    expect(JSON.stringify(padded).length).toBeGreaterThan(1024 * 1024);
    const target = await t.registerUser();
    const restored = await t.send(target, 'POST', '/api/backup/restore', padded);
    expect(restored.statusCode, restored.body.slice(0, 300)).toBe(200);
    const large = await t.send(target, 'POST', '/api/merchants', { name: terms });
    expect(large.statusCode).toBe(413);
  }, 60_000);

  it('replays a retry with the same Idempotency-Key, fingerprinted from the bytes sent', async () => {
    const target = await t.registerUser();
    const body = JSON.stringify(file);
    const send = (payload: string, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/backup/restore',
        headers: { ...target.bearer, 'content-type': 'application/json', 'idempotency-key': key },
        payload,
      });
    const first = await send(body, 'restore-once');
    expect(first.statusCode, first.body).toBe(200);
    const retry = await send(body, 'restore-once');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const other = await send(JSON.stringify({ ...file, exportedAt: 'another' }), 'restore-once');
    expect(other.statusCode).toBe(409);
    expect(other.json<{ code: string }>().code).toBe('idempotency_key_reused');
    const [stored] = await queryRows<{ body_hash: string }>(
      t.database.handle.db,
      sql`select body_hash from idempotency_keys
          where organization_id = ${target.auth.organization._id} and key = 'restore-once'`,
    );
    expect(stored?.body_hash).toBe(`raw:${createHash('sha256').update(body).digest('hex')}`);
  }, 60_000);

  it('is for the owner only', async () => {
    const admin = await t.addUser(source, 'admin');
    const staff = await t.addUser(source, 'staff');
    for (const user of [admin, staff]) {
      expect((await t.send(user, 'GET', '/api/backup')).statusCode).toBe(403);
      expect((await t.send(user, 'POST', '/api/backup/restore', file)).statusCode).toBe(403);
    }
  });
});

describe('restoring notes', () => {
  async function writeNote(user: TestUser, body: Record<string, unknown>): Promise<Note> {
    const response = await t.send(user, 'POST', '/api/notes', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Note }>().data;
  }

  async function thread(user: TestUser, subjectType: string, subjectId: string) {
    const response = await t.send(
      user,
      'GET',
      `/api/notes?subjectType=${subjectType}&subjectId=${subjectId}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: NoteThread }>().data;
  }

  async function inbox(user: TestUser) {
    const response = await t.send(user, 'GET', '/api/notes/inbox');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Inbox }>().data;
  }

  /** What a reader sees of a thread: who wrote what, whom it names, in which order. */
  const readable = (notes: Note[]) =>
    notes.map((note) => ({
      body: note.body,
      author: note.authorName,
      mentions: note.mentions.map((mention) => mention.name),
      createdAt: note.createdAt,
    }));

  it('keeps text, authors, mentions, read positions and order, on numbers of the new server', async () => {
    const organizationId = source.auth.organization._id;
    const [order] = await queryRows<{ id: string; merchant_id: string }>(
      t.database.handle.db,
      sql`select id, merchant_id from orders where organization_id = ${organizationId}
          order by order_date, id limit 1`,
    );
    const writer = await t.addUser(source, 'admin');
    const reader = await t.addUser(source, 'staff');
    const orderNotes = { subjectType: 'order', subjectId: order!.id };
    const merchantNotes = { subjectType: 'merchant', subjectId: order!.merchant_id };
    // Another organization writes in between, so the source's numbers have gaps.
    const elsewhere = await t.registerUser();
    const elsewhereMerchant = uuidv7();
    await t.database.handle.db.execute(
      sql`insert into merchants (organization_id, id, name)
          values (${elsewhere.auth.organization._id}, ${elsewhereMerchant}, 'Elsewhere')`,
    );
    const first = await writeNote(source, {
      ...orderNotes,
      body: 'Rate agreed at ₹12 a piece',
      mentions: [writer.auth.user._id],
    });
    await writeNote(elsewhere, {
      subjectType: 'merchant',
      subjectId: elsewhereMerchant,
      body: 'Not ours',
    });
    await writeNote(writer, { ...merchantNotes, body: 'Wants delivery before the 10th' });
    await writeNote(writer, {
      ...orderNotes,
      body: 'Twenty pieces rejected',
      mentions: [source.auth.user._id],
    });
    await writeNote(source, { ...merchantNotes, body: 'Noted' });
    // Someone who writes nothing has read the order's thread up to the first note only.
    const marked = await t.send(reader, 'POST', '/api/notes/read', {
      ...orderNotes,
      upTo: first.cursor,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    await t.send(source, 'POST', '/api/notes/read', merchantNotes);

    const before = {
      order: await thread(reader, 'order', order!.id),
      merchant: await thread(reader, 'merchant', order!.merchant_id),
      inbox: await inbox(writer),
      ownerInbox: await inbox(source),
      readerInbox: await inbox(reader),
    };
    expect(before.order.data).toHaveLength(2);
    expect(before.order.readCursor).toBe(first.cursor);

    // A new server: every email is free there, so every user comes along.
    const downloaded = await download(source);
    expect(downloaded.tables.notes).toHaveLength(4);
    expect(downloaded.tables.note_mentions).toHaveLength(2);
    expect(downloaded.tables.note_reads?.length).toBeGreaterThanOrEqual(3);
    expect(downloaded.tables.note_threads).toHaveLength(2);
    const renamed = (email: unknown) => `restored-${String(email)}`;
    const moved: BackupFile = {
      ...downloaded,
      tables: {
        ...downloaded.tables,
        users: (downloaded.tables.users ?? []).map((row) => ({
          ...row,
          email: renamed(row.email),
        })),
      },
    };
    const target = await t.registerUser();
    const restored = await t.send(target, 'POST', '/api/backup/restore', moved);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<{ data: { tables: Record<string, number> } }>().data.tables.notes).toBe(4);

    const restoredWriter = await signInThroughApi(t, renamed(writer.auth.user.email));
    const restoredOwner = await signInThroughApi(t, renamed(source.auth.user.email));
    const restoredReader = await signInThroughApi(t, renamed(reader.auth.user.email));
    expect(restoredWriter.auth.organization._id).toBe(target.auth.organization._id);
    // The same ids are taken on this server, so the users got new ones: links follow them.
    expect(restoredWriter.auth.user._id).not.toBe(writer.auth.user._id);
    const after = {
      order: await thread(restoredReader, 'order', order!.id),
      merchant: await thread(restoredReader, 'merchant', order!.merchant_id),
      inbox: await inbox(restoredWriter),
      ownerInbox: await inbox(restoredOwner),
      readerInbox: await inbox(restoredReader),
    };
    expect(readable(after.order.data)).toEqual(readable(before.order.data));
    expect(readable(after.merchant.data)).toEqual(readable(before.merchant.data));
    expect(after.order.data.map((note) => note.authorId)).toEqual([
      restoredOwner.auth.user._id,
      restoredWriter.auth.user._id,
    ]);
    expect(after.order.data.map((note) => note.mentions.map((mention) => mention.userId))).toEqual([
      [restoredWriter.auth.user._id],
      [restoredOwner.auth.user._id],
    ]);
    const strip = (box: Inbox) =>
      box.data.map(({ lastNote, ...rest }) => ({
        ...rest,
        lastNote: { body: lastNote.body, authorName: lastNote.authorName },
      }));
    expect(strip(after.inbox)).toEqual(strip(before.inbox));
    expect(strip(after.ownerInbox)).toEqual(strip(before.ownerInbox));
    expect(strip(after.readerInbox)).toEqual(strip(before.readerInbox));
    expect(after.readerInbox.data.find((row) => row.subjectId === order!.id)?.unreadCount).toBe(1);
    expect(after.readerInbox.unreadThreads).toBe(before.readerInbox.unreadThreads);

    // The notes were numbered again on this server, in their old order, and the read position
    // moved with the note it pointed at.
    const cursors = [...after.order.data, ...after.merchant.data]
      .map((note) => ({ body: note.body, seq: BigInt(note.cursor) }))
      .sort((a, b) => (a.seq < b.seq ? -1 : 1))
      .map((note) => note.body);
    expect(cursors).toEqual([
      'Rate agreed at ₹12 a piece',
      'Wants delivery before the 10th',
      'Twenty pieces rejected',
      'Noted',
    ]);
    expect(BigInt(after.order.data[0]!.cursor)).toBeGreaterThan(BigInt(first.cursor));
    expect(after.order.readCursor).toBe(after.order.data[0]!.cursor);
    const next = await writeNote(restoredWriter, { ...orderNotes, body: 'After the move' });
    expect(BigInt(next.cursor)).toBeGreaterThan(BigInt(after.merchant.data.at(-1)!.cursor));
    expect((await thread(restoredWriter, 'order', order!.id)).data.at(-1)?.body).toBe(
      'After the move',
    );
  }, 60_000);
});

describe('restoring notes whose people stay behind', () => {
  it('keeps the notes under the restoring owner and drops the read marks and mentions of others', async () => {
    const organizationId = source.auth.organization._id;
    const [merchant] = await queryRows<{ id: string }>(
      t.database.handle.db,
      sql`select id from merchants where organization_id = ${organizationId} order by name, id limit 1`,
    );
    const colleague = await t.addUser(source, 'admin');
    const subject = { subjectType: 'merchant', subjectId: merchant!.id };
    const written = await t.send(colleague, 'POST', '/api/notes', {
      ...subject,
      body: 'Call before dispatch',
      mentions: [source.auth.user._id],
    });
    expect(written.statusCode, written.body).toBe(201);
    expect((await t.send(source, 'POST', '/api/notes/read', subject)).statusCode).toBe(200);
    const downloaded = await download(source);

    // The same server: every email of the file already has an account in the source.
    const target = await t.registerUser();
    const restored = await t.send(target, 'POST', '/api/backup/restore', downloaded);
    expect(restored.statusCode, restored.body).toBe(200);
    const result = restored.json<{
      data: { tables: Record<string, number>; skippedUsers: string[] };
    }>().data;
    expect(result.skippedUsers).toEqual(
      expect.arrayContaining([source.auth.user.email, colleague.auth.user.email]),
    );
    expect(result.tables.notes).toBe(downloaded.tables.notes?.length);
    expect(result.tables.note_reads).toBe(0);
    expect(result.tables.note_mentions).toBe(0);

    const response = await t.send(
      target,
      'GET',
      `/api/notes?subjectType=merchant&subjectId=${merchant!.id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const notes = response.json<{ data: NoteThread }>().data.data;
    expect(notes.map((note) => [note.body, note.authorId, note.mentions])).toContainEqual([
      'Call before dispatch',
      target.auth.user._id,
      [],
    ]);
  }, 60_000);
});
