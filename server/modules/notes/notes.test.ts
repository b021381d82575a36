import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../../contract/common.ts';
import { inbox, note, noteThread, type Inbox, type Note } from '../../../contract/notes.ts';
import { auditLog, users } from '../../db/platform-tables.ts';
import { merchants } from '../merchants/schema.ts';
import { orders } from '../orders/schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let staff: TestUser;
let stranger: TestUser;
let merchantId: string;
let orderId: string;
let strangerOrderId: string;

async function createMerchant(user: TestUser, name: string) {
  const id = uuidv7();
  await t.database.handle.db
    .insert(merchants)
    .values({ organizationId: user.auth.organization._id, id, name });
  return id;
}

async function createOrder(user: TestUser, merchant: string, poNumber: string) {
  const id = uuidv7();
  await t.database.handle.db.insert(orders).values({
    organizationId: user.auth.organization._id,
    id,
    merchantId: merchant,
    poNumber,
    orderDate: '2026-11-20',
  });
  return id;
}

interface Failure {
  code: string;
  errors?: { path: string; code: string; params?: Record<string, unknown> }[];
}

async function write(
  user: TestUser,
  body: Record<string, unknown>,
): Promise<{ status: number; note: Note; failure: Failure }> {
  const response = await t.send(user, 'POST', '/api/notes', body);
  const json = response.json<{ data: Note } & Failure>();
  if (response.statusCode === 201) envelope(note).parse(json);
  return { status: response.statusCode, note: json.data, failure: json };
}

/** The owner's write is refused with 400 and this one field error alone. */
async function expectOneFieldError(body: Record<string, unknown>, error: Record<string, unknown>) {
  const refused = await write(owner, body);
  expect(refused.status).toBe(400);
  expect(refused.failure.errors).toEqual([expect.objectContaining(error)]);
}

async function readInbox(user: TestUser, query = ''): Promise<Inbox> {
  const response = await t.send(user, 'GET', `/api/notes/inbox${query}`);
  expect(response.statusCode).toBe(200);
  return envelope(inbox).parse(response.json()).data;
}

async function thread(user: TestUser, query: string) {
  const response = await t.send(user, 'GET', `/api/notes?${query}`);
  expect(response.statusCode).toBe(200);
  return envelope(noteThread).parse(response.json()).data;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser({ name: 'Ramesh Patel' });
  admin = await t.addUser(owner, 'admin');
  staff = await t.addUser(owner, 'staff');
  stranger = await t.registerUser({ name: 'Other Owner' });
  merchantId = await createMerchant(owner, 'Surat Silk Mills');
  orderId = await createOrder(owner, merchantId, 'PO-771');
  strangerOrderId = await createOrder(stranger, await createMerchant(stranger, 'Elsewhere'), 'X-1');
});

afterAll(async () => {
  await t.close();
});

describe('writing notes', () => {
  it('staff writes a note on an order with a mention; it is audited', async () => {
    const { status, note: created } = await write(staff, {
      subjectType: 'order',
      subjectId: orderId,
      body: '  Rate ₹12 a piece, agreed on the phone\n20 pieces rejected  ',
      mentions: [owner.auth.user._id],
    });
    expect(status).toBe(201);
    expect(created.body).toBe('Rate ₹12 a piece, agreed on the phone\n20 pieces rejected');
    expect(created.authorId).toBe(staff.auth.user._id);
    expect(created.authorName).toBe('Test staff');
    expect(created.mentions).toEqual([{ userId: owner.auth.user._id, name: 'Ramesh Patel' }]);
    expect(created.subjectType).toBe('order');
    expect(created.subjectId).toBe(orderId);
    const entries = await t.database.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, created._id));
    expect(entries.map((entry) => [entry.entity, entry.action])).toEqual([['note', 'create']]);
  });

  it('refuses a body over 2,000 characters and an empty one', async () => {
    const long = await write(owner, {
      subjectType: 'merchant',
      subjectId: merchantId,
      body: 'x'.repeat(2001),
    });
    expect(long.status).toBe(400);
    expect(long.failure.errors?.[0]).toMatchObject({ path: 'body', code: 'too_long' });
    const exact = await write(owner, {
      subjectType: 'merchant',
      subjectId: merchantId,
      body: 'x'.repeat(2000),
    });
    expect(exact.status).toBe(201);
    const blank = await write(owner, { subjectType: 'merchant', subjectId: merchantId, body: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.failure.errors?.[0]).toMatchObject({ path: 'body', code: 'required' });
  });

  it('refuses a subject of another organization, an unknown one and a malformed one', async () => {
    await expectOneFieldError(
      { subjectType: 'order', subjectId: strangerOrderId, body: 'hi' },
      { path: 'subjectId', code: 'not_found' },
    );
    // A merchant's id is not an order's.
    const wrongType = await write(owner, {
      subjectType: 'order',
      subjectId: merchantId,
      body: 'hi',
    });
    expect(wrongType.status).toBe(400);
    const malformed = await write(owner, { subjectType: 'order', subjectId: 'nope', body: 'hi' });
    expect(malformed.status).toBe(400);
    expect(malformed.failure.errors?.[0]).toMatchObject({
      path: 'subjectId',
      code: 'invalid_format',
    });
    const badType = await write(owner, { subjectType: 'bill', subjectId: orderId, body: 'hi' });
    expect(badType.status).toBe(400);
  });

  it('refuses to mention an inactive member or a user of another organization', async () => {
    const leaver = await t.addUser(owner, 'staff');
    await t.database.handle.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, leaver.auth.user._id));
    const onOrder = { subjectType: 'order', subjectId: orderId };
    await expectOneFieldError(
      { ...onOrder, body: 'ask @leaver', mentions: [staff.auth.user._id, leaver.auth.user._id] },
      { path: 'mentions.1', code: 'invalid_value', params: { rule: 'mention_inactive' } },
    );
    await expectOneFieldError(
      { ...onOrder, body: 'ask the stranger', mentions: [stranger.auth.user._id] },
      { path: 'mentions.0', code: 'not_found' },
    );
    const twice = await write(owner, {
      ...onOrder,
      body: 'twice',
      mentions: [staff.auth.user._id, staff.auth.user._id],
    });
    expect(twice.status).toBe(400);
  });

  it('refuses hostile text in the body and in query values with 400, never a 5xx', async () => {
    for (const body of ['Rate\u0000agreed', 'Rate\u0007agreed', 'Rate\ud800agreed']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/notes',
        headers: { 'content-type': 'application/json', ...owner.bearer },
        payload: JSON.stringify({ subjectType: 'merchant', subjectId: merchantId, body }),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<Failure>().errors?.[0]).toMatchObject({
        path: 'body',
        code: 'invalid_format',
      });
    }
    const invisible = await write(owner, {
      subjectType: 'merchant',
      subjectId: merchantId,
      body: '\u200b\u200c\u2060',
    });
    expect(invisible.failure.errors?.[0]).toMatchObject({ path: 'body', code: 'required' });
    // Line breaks and tabs are what a note is made of.
    const multiline = await write(owner, {
      subjectType: 'merchant',
      subjectId: merchantId,
      body: 'line one\n\tline two',
    });
    expect(multiline.status).toBe(201);
    for (const key of ['subjectType', 'subjectId', 'before', 'after', 'limit']) {
      const response = await t.send(
        owner,
        'GET',
        `/api/notes?subjectType=order&subjectId=${orderId}&${key}=a%00b`,
      );
      expect(response.statusCode, key).toBe(400);
    }
  });

  it('applies a repeated POST with the same Idempotency-Key once', async () => {
    const subject = await createOrder(owner, merchantId, 'PO-IDEM');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/notes',
        headers: { ...owner.bearer, 'idempotency-key': 'note-key-1' },
        payload: { subjectType: 'order', subjectId: subject, body: 'once' },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json<{ data: Note }>().data._id).toBe(first.json<{ data: Note }>().data._id);
    expect((await thread(owner, `subjectType=order&subjectId=${subject}`)).data).toHaveLength(1);
  });
});

describe('reading a thread', () => {
  it('pages oldest first by cursor, backwards and forwards', async () => {
    const subject = await createOrder(owner, merchantId, 'PO-PAGES');
    for (let index = 1; index <= 5; index += 1) {
      expect(
        (await write(owner, { subjectType: 'order', subjectId: subject, body: `n${index}` }))
          .status,
      ).toBe(201);
    }
    const query = `subjectType=order&subjectId=${subject}`;
    const newest = await thread(owner, `${query}&limit=2`);
    expect(newest.subjectName).toBe('PO-PAGES');
    expect(newest.data.map((n) => n.body)).toEqual(['n4', 'n5']);
    expect(newest.olderCursor).toBe(newest.data[0]?.cursor);
    const older = await thread(owner, `${query}&limit=2&before=${newest.olderCursor}`);
    expect(older.data.map((n) => n.body)).toEqual(['n2', 'n3']);
    const oldest = await thread(owner, `${query}&limit=2&before=${older.olderCursor}`);
    expect(oldest.data.map((n) => n.body)).toEqual(['n1']);
    expect(oldest.olderCursor).toBeNull();
    const after = await thread(owner, `${query}&after=${older.newerCursor}`);
    expect(after.data.map((n) => n.body)).toEqual(['n4', 'n5']);
    const nothingNewer = await thread(owner, `${query}&after=${after.newerCursor}`);
    expect(nothingNewer.data).toEqual([]);
    expect(nothingNewer.newerCursor).toBe(after.newerCursor);
  });

  it('answers 404 for a subject of another organization and 400 for bad queries', async () => {
    expect(
      (await t.send(owner, 'GET', `/api/notes?subjectType=order&subjectId=${strangerOrderId}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.send(stranger, 'GET', `/api/notes?subjectType=order&subjectId=${orderId}`))
        .statusCode,
    ).toBe(404);
    expect((await t.send(owner, 'GET', `/api/notes?subjectType=order`)).statusCode).toBe(400);
    expect(
      (
        await t.send(
          owner,
          'GET',
          `/api/notes?subjectType=order&subjectId=${orderId}&before=1&after=2`,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.send(owner, 'GET', `/api/notes?subjectType=order&subjectId=${orderId}&before=abc`))
        .statusCode,
    ).toBe(400);
  });

  it("never shows another organization's notes", async () => {
    const strangerThread = await thread(stranger, `subjectType=order&subjectId=${strangerOrderId}`);
    expect(strangerThread.data).toEqual([]);
    expect((await readInbox(stranger)).data).toEqual([]);
  });
});

describe('unread counts and the inbox', () => {
  it('counts unread per user, puts unread mentions first and clears on read', async () => {
    const merchant = await createMerchant(owner, 'Unread Textiles');
    const mentioned = await createOrder(owner, merchant, 'PO-MENTION');
    const plain = await createOrder(owner, merchant, 'PO-PLAIN');
    const people = { subjectType: 'order' as const };
    expect(
      (
        await write(owner, {
          ...people,
          subjectId: mentioned,
          body: '@Test staff please check',
          mentions: [staff.auth.user._id],
        })
      ).status,
    ).toBe(201);
    // Written after the mention, so newer; still listed after it for staff.
    await write(admin, { ...people, subjectId: plain, body: 'one' });
    await write(admin, { ...people, subjectId: plain, body: 'two' });

    const staffInbox = await readInbox(staff);
    const staffThreads = staffInbox.data.filter((row) =>
      [mentioned, plain].includes(row.subjectId),
    );
    expect(
      staffThreads.map((row) => [row.subjectName, row.unreadCount, row.mentionedUnread]),
    ).toEqual([
      ['PO-MENTION', 1, true],
      ['PO-PLAIN', 2, false],
    ]);
    expect(staffInbox.data[0]?.subjectId).toBe(mentioned);
    expect(staffThreads[1]?.lastNote).toMatchObject({ body: 'two', authorName: 'Test admin' });

    // The owner wrote the mention; their own note is not unread for them.
    const ownerInbox = await readInbox(owner);
    const ownerRow = ownerInbox.data.find((row) => row.subjectId === mentioned);
    expect(ownerRow).toMatchObject({ unreadCount: 0, mentionedUnread: false });
    expect(ownerInbox.data.find((row) => row.subjectId === plain)?.unreadCount).toBe(2);

    const read = await t.send(staff, 'POST', '/api/notes/read', {
      subjectType: 'order',
      subjectId: mentioned,
    });
    expect(read.statusCode).toBe(200);
    const after = await readInbox(staff);
    expect(after.data.find((row) => row.subjectId === mentioned)).toMatchObject({
      unreadCount: 0,
      mentionedUnread: false,
    });
    // Other users' counts do not move.
    expect(
      (await readInbox(admin)).data.find((row) => row.subjectId === mentioned)?.unreadCount,
    ).toBe(1);
  });

  it('marks read only up to the note given, never backwards', async () => {
    const subject = await createOrder(owner, merchantId, 'PO-UPTO');
    const first = (await write(owner, { subjectType: 'order', subjectId: subject, body: 'a' }))
      .note;
    await write(owner, { subjectType: 'order', subjectId: subject, body: 'b' });
    const body = { subjectType: 'order', subjectId: subject };
    expect(
      (await t.send(staff, 'POST', '/api/notes/read', { ...body, upTo: first.cursor })).statusCode,
    ).toBe(200);
    expect(
      (await readInbox(staff)).data.find((row) => row.subjectId === subject)?.unreadCount,
    ).toBe(1);
    await t.send(staff, 'POST', '/api/notes/read', body);
    const backwards = await t.send(staff, 'POST', '/api/notes/read', {
      ...body,
      upTo: first.cursor,
    });
    expect(backwards.json<{ data: { readCursor: string } }>().data.readCursor).not.toBe(
      first.cursor,
    );
    expect(
      (await readInbox(staff)).data.find((row) => row.subjectId === subject)?.unreadCount,
    ).toBe(0);
    expect(
      (
        await t.send(staff, 'POST', '/api/notes/read', {
          subjectType: 'order',
          subjectId: strangerOrderId,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('pages the inbox and counts unread threads over all pages', async () => {
    const all = await readInbox(staff, '?limit=100');
    const first = await readInbox(staff, '?limit=1');
    expect(first.data).toHaveLength(1);
    expect(first.totalCount).toBe(all.data.length);
    expect(first.unreadThreads).toBe(all.data.filter((row) => row.unreadCount > 0).length);
    const past = await readInbox(staff, `?limit=1&page=${all.data.length + 1}`);
    expect(past.data).toEqual([]);
    expect(past.totalCount).toBe(all.data.length);
    expect(past.unreadThreads).toBe(first.unreadThreads);
  });
});

describe('deleting notes and who may', () => {
  it('lets the author delete, refuses another staff member, lets a manager delete anyone', async () => {
    const subject = await createOrder(owner, merchantId, 'PO-DELETE');
    const base = { subjectType: 'order', subjectId: subject };
    const byStaff = (await write(staff, { ...base, body: 'mine' })).note;
    const byAdmin = (await write(admin, { ...base, body: 'admin wrote' })).note;
    const otherStaff = await t.addUser(owner, 'staff');
    expect((await t.send(otherStaff, 'DELETE', `/api/notes/${byStaff._id}`)).statusCode).toBe(403);
    expect((await t.send(staff, 'DELETE', `/api/notes/${byAdmin._id}`)).statusCode).toBe(403);
    expect((await t.send(stranger, 'DELETE', `/api/notes/${byStaff._id}`)).statusCode).toBe(404);
    expect((await t.send(staff, 'DELETE', `/api/notes/${byStaff._id}`)).statusCode).toBe(200);
    expect((await t.send(owner, 'DELETE', `/api/notes/${byAdmin._id}`)).statusCode).toBe(200);
    expect((await t.send(owner, 'DELETE', `/api/notes/${byAdmin._id}`)).statusCode).toBe(404);
    expect((await thread(owner, `subjectType=order&subjectId=${subject}`)).data).toEqual([]);
    expect((await readInbox(owner)).data.some((row) => row.subjectId === subject)).toBe(false);
    const entries = await t.database.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, byAdmin._id));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['create', 'delete']);
  });

  it('the inbox follows a deleted newest note back to the one before', async () => {
    const subject = await createOrder(owner, merchantId, 'PO-SHRINK');
    const base = { subjectType: 'order', subjectId: subject };
    await write(admin, { ...base, body: 'older' });
    const newest = (await write(admin, { ...base, body: 'newer' })).note;
    const before = (await readInbox(staff)).data.find((row) => row.subjectId === subject);
    expect(before).toMatchObject({ noteCount: 2, unreadCount: 2, lastNote: { body: 'newer' } });
    expect((await t.send(admin, 'DELETE', `/api/notes/${newest._id}`)).statusCode).toBe(200);
    const after = (await readInbox(staff)).data.find((row) => row.subjectId === subject);
    expect(after).toMatchObject({ noteCount: 1, unreadCount: 1, lastNote: { body: 'older' } });
  });

  it('a deleted order takes its notes with it', async () => {
    const subject = await createOrder(owner, merchantId, 'PO-GONE');
    await write(owner, { subjectType: 'order', subjectId: subject, body: 'soon gone' });
    expect((await t.send(owner, 'DELETE', `/api/orders/${subject}`)).statusCode).toBe(200);
    expect((await readInbox(owner)).data.some((row) => row.subjectId === subject)).toBe(false);
  });
});

describe('people for the mention picker', () => {
  it('lists active members by name for every role, never another organization', async () => {
    const response = await t.send(staff, 'GET', '/api/notes/people');
    expect(response.statusCode).toBe(200);
    const people = response.json<{ data: { data: { _id: string; name: string }[] } }>().data.data;
    const ids = people.map((person) => person._id);
    expect(ids).toContain(owner.auth.user._id);
    expect(ids).toContain(staff.auth.user._id);
    expect(ids).not.toContain(stranger.auth.user._id);
    const inactive = await t.database.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isActive, false));
    for (const row of inactive) expect(ids).not.toContain(row.id);
    expect(people.map((p) => p.name)).toEqual(
      [...people.map((p) => p.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(Object.keys(people[0] ?? {}).sort()).toEqual(['_id', 'name']);
    // The full user list stays closed to staff.
    expect((await t.send(staff, 'GET', '/api/users')).statusCode).toBe(403);
  });

  it('needs a session', async () => {
    expect((await t.send(null, 'GET', '/api/notes/people')).statusCode).toBe(401);
    expect((await t.send(null, 'GET', '/api/notes/inbox')).statusCode).toBe(401);
  });
});
