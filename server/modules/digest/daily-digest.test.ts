import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../contract/orders.ts';
import { users } from '../../db/platform-tables.ts';
import { merchants } from '../merchants/schema.ts';
import { orders } from '../orders/schema.ts';
import { createSmtpMailer, type Mailer } from '../../lib/mailer.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { createOrganizationWithOwner } from '../auth/repository.ts';
import { localDay } from '../../lib/calendar-day.ts';
import { sendDailyDigests } from './daily-digest.ts';

/** Local times of the server, as the digest reads them (Monday 2 March 2026). */
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute);

let inbox: SmtpInbox;
let mailer: Mailer;
let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let staff: TestUser;
let otherOwner: TestUser;

const db = () => t.database.handle.db;

async function setUser(user: TestUser, values: Partial<typeof users.$inferInsert>) {
  await db().update(users).set(values).where(eq(users.id, user.auth.user._id));
}

async function addOrder(
  user: TestUser,
  merchantId: string,
  poNumber: string,
  deliveryDate: string | null,
  status: OrderStatus = 'pending',
  totalQuantity = 10,
) {
  await db().insert(orders).values({
    organizationId: user.auth.user.organizationId,
    id: randomUUID(),
    merchantId,
    poNumber,
    orderDate: '2026-02-20',
    deliveryDate,
    status,
    totalQuantity,
  });
}

async function addMerchant(user: TestUser, name: string) {
  const id = randomUUID();
  await db().insert(merchants).values({ organizationId: user.auth.user.organizationId, id, name });
  return id;
}

/** Runs the job and then gives any mail it sent time to arrive. */
async function run(now: Date, using = mailer) {
  const result = await sendDailyDigests(db(), using, now);
  if (result.sent > 0) await inbox.waitFor(result.sent);
  return result;
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  mailer = createSmtpMailer(inbox.url, 'Karkhana <no-reply@karkhana.test>');
  t = await createTestApp();
  owner = await t.registerUser({ name: 'Meena', organizationName: 'Shree Embroidery' });
  admin = await t.addUser(owner, 'admin');
  staff = await t.addUser(owner, 'staff');
  const inactive = await t.addUser(owner, 'staff');
  otherOwner = await t.registerUser({ organizationName: 'Quiet Works' });
  await setUser(owner, { notifyDailyDigest: true });
  await setUser(admin, { notifyDailyDigest: true, language: 'gu', name: 'Ramesh' });
  await setUser(inactive, { notifyDailyDigest: true, isActive: false });
  await setUser(otherOwner, { notifyDailyDigest: true });

  const surat = await addMerchant(owner, 'Surat Silk Emporium');
  const mumbai = await addMerchant(owner, 'Mumbai <Fashion> House');
  await addOrder(owner, surat, 'PO-TODAY', '2026-03-02', 'pending', 120);
  await addOrder(owner, mumbai, 'PO-IN-3-DAYS', '2026-03-05', 'completed', 1500);
  await addOrder(owner, surat, 'PO-IN-4-DAYS', '2026-03-06');
  await addOrder(owner, surat, 'PO-YESTERDAY', '2026-03-01');
  await addOrder(owner, surat, 'PO-DELIVERED', '2026-03-03', 'delivered');
  await addOrder(owner, surat, 'PO-CANCELLED', '2026-03-03', 'cancelled');
  await addOrder(owner, surat, 'PO-NO-DATE', null);
  // Quiet Works has an order due, but not in the next three days.
  await addOrder(
    otherOwner,
    await addMerchant(otherOwner, 'Far Away Mills'),
    'PO-LATER',
    '2026-03-20',
  );
});
afterAll(async () => {
  mailer.close();
  await t.close();
  await inbox.close();
});
beforeEach(() => {
  inbox.clear();
});

describe('daily digest', () => {
  it('sends nothing before seven in the morning', async () => {
    expect(await run(at(2, 6, 59))).toEqual({ claimed: 0, sent: 0 });
    const [row] = await db().select().from(users).where(eq(users.id, owner.auth.user._id));
    expect(row?.digestSentOn).toBeNull();
  });

  it('mails the orders due in the next three days and not delivered, to those who chose it', async () => {
    const result = await run(at(2, 8));
    // Owner, admin and Quiet Works' owner were claimed; Quiet Works has nothing due.
    expect(result).toEqual({ claimed: 3, sent: 2 });
    const byRecipient = new Map(inbox.messages.map((mail) => [mail.to[0], mail]));
    expect([...byRecipient.keys()].sort()).toEqual(
      [owner.auth.user.email, admin.auth.user.email].sort(),
    );

    const english = byRecipient.get(owner.auth.user.email)!;
    expect(english.subject).toBe('2 orders due for delivery in the next 3 days');
    expect(english.text).toContain('Hello Meena,');
    expect(english.text).toContain('These orders of Shree Embroidery');
    expect(english.text).toContain('PO-TODAY  Surat Silk Emporium  120');
    expect(english.text).toContain('PO-IN-3-DAYS  Mumbai <Fashion> House  1,500');
    expect(english.text.indexOf('PO-TODAY')).toBeLessThan(english.text.indexOf('PO-IN-3-DAYS'));
    expect(english.text).toMatch(/Mon, 2 Mar/);
    for (const absent of [
      'PO-IN-4-DAYS',
      'PO-YESTERDAY',
      'PO-DELIVERED',
      'PO-CANCELLED',
      'PO-NO-DATE',
      'PO-LATER',
    ]) {
      expect(english.text).not.toContain(absent);
    }
    expect(english.html).toContain('Mumbai &lt;Fashion&gt; House');
    expect(english.html).not.toContain('<Fashion>');

    const gujarati = byRecipient.get(admin.auth.user.email)!;
    expect(gujarati.subject).toBe('આગામી 3 દિવસમાં ડિલિવરીના 2 ઓર્ડર');
    expect(gujarati.text).toContain('નમસ્તે Ramesh,');
    expect(gujarati.html).toContain(
      '<th style="text-align:left;padding:4px 12px 4px 0">વેપારી</th>',
    );
    expect(gujarati.text).toContain('PO-TODAY');

    const [staffRow] = await db().select().from(users).where(eq(users.id, staff.auth.user._id));
    expect(staffRow?.digestSentOn).toBeNull();
  });

  it('sends at most once a day, across runs and restarts', async () => {
    expect(await run(at(2, 9))).toEqual({ claimed: 0, sent: 0 });
    const restarted = createSmtpMailer(inbox.url, 'Karkhana <no-reply@karkhana.test>');
    try {
      expect(await run(at(2, 23, 59), restarted)).toEqual({ claimed: 0, sent: 0 });
    } finally {
      restarted.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(inbox.messages).toHaveLength(0);
  });

  it('lets two servers running at once send each digest once', async () => {
    const second = createSmtpMailer(inbox.url, 'Karkhana <no-reply@karkhana.test>');
    try {
      const results = await Promise.all([
        sendDailyDigests(db(), mailer, at(3, 7, 30)),
        sendDailyDigests(db(), second, at(3, 7, 30)),
      ]);
      expect(results.map((result) => result.sent).reduce((a, b) => a + b)).toBe(2);
      await inbox.waitFor(2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(inbox.messages.map((mail) => mail.to[0]).sort()).toEqual(
        [owner.auth.user.email, admin.auth.user.email].sort(),
      );
    } finally {
      second.close();
    }
    // On 3 March, 2 March's order is past and 6 March's is now within three days.
    const english = inbox.messages.find((mail) => mail.to[0] === owner.auth.user.email)!;
    expect(english.text).toContain('PO-IN-4-DAYS');
    expect(english.text).not.toContain('PO-TODAY');
  });

  it('tries again on the next run when the mail could not be sent', async () => {
    const broken: Mailer = {
      send: () => Promise.reject(new Error('SMTP server unreachable')),
      close: () => undefined,
    };
    expect(await sendDailyDigests(db(), broken, at(4, 8))).toEqual({ claimed: 3, sent: 0 });
    const [row] = await db().select().from(users).where(eq(users.id, owner.auth.user._id));
    expect(row?.digestSentOn).toBeNull();
    expect((await run(at(4, 8, 10))).sent).toBe(2);
  });

  it('reads the day in the server’s local time', () => {
    expect(localDay(at(2, 0, 0))).toBe('2026-03-02');
    expect(localDay(at(2, 23, 59))).toBe('2026-03-02');
  });
});

describe('the scheduler in the app', () => {
  it('starts once the app is ready, on the app’s clock, and stops on close', async () => {
    const email = `scheduled-${randomUUID()}@example.com`;
    const scheduled = await createTestApp({
      smtpUrl: inbox.url,
      dailyDigest: true,
      clock: () => at(10, 7, 5),
      beforeReady: async (app) => {
        const user = await createOrganizationWithOwner(app.db, {
          organizationName: 'Scheduled Works',
          name: 'Kiran',
          email,
          passwordHash: 'not used',
        });
        await app.db
          .update(users)
          .set({ notifyDailyDigest: true, language: 'hi' })
          .where(eq(users.id, user.id));
        const merchantId = randomUUID();
        await app.db
          .insert(merchants)
          .values({ organizationId: user.organizationId, id: merchantId, name: 'Jaipur Prints' });
        await app.db.insert(orders).values({
          organizationId: user.organizationId,
          id: randomUUID(),
          merchantId,
          poNumber: 'PO-SCHEDULED',
          orderDate: '2026-03-01',
          deliveryDate: '2026-03-12',
          totalQuantity: 40,
        });
      },
    });
    try {
      const [mail] = await inbox.waitFor(1);
      expect(mail?.to).toEqual([email]);
      expect(mail?.subject).toBe('अगले 3 दिनों में डिलीवरी वाले 1 ऑर्डर');
      expect(mail?.text).toContain('PO-SCHEDULED');
    } finally {
      await scheduled.close();
    }
  });
});
