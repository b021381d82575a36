import { and, asc, between, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../../contract/auth.ts';
import type { Database } from '../../db/database.ts';
import { organizations, users } from '../../db/platform-tables.ts';
import { merchants } from '../merchants/schema.ts';
import { orders } from '../orders/schema.ts';
import { addDays, localDay } from '../../lib/calendar-day.ts';
import { escapeHtml, type Mailer, type MailMessage } from '../../lib/mailer.ts';

/** Digests go out from this local hour on, so they are waiting when the workshop opens. */
const DIGEST_HOUR = 7;
/** Orders due from today to this many days ahead. */
const DIGEST_DAYS_AHEAD = 3;
/** Lines a digest lists; the rest are counted. */
const DIGEST_MAX_LINES = 100;
/** How often the scheduler looks whether today's digests are due. */
const DIGEST_CHECK_INTERVAL_MS = 10 * 60 * 1000;

interface DigestLine {
  poNumber: string;
  merchant: string;
  deliveryDate: string;
  quantity: number;
}

interface DigestRecipient {
  id: string;
  name: string;
  email: string;
  language: Language;
  organizationId: string;
  organizationName: string;
}

/**
 * Marks today's digest as sent for every user who wants one and has not had it today, and returns
 * them. One UPDATE ... RETURNING: a user claimed by one server is not claimed by another, and a
 * restart does not claim them again.
 */
async function claimRecipients(db: Database, today: string): Promise<DigestRecipient[]> {
  return db
    .update(users)
    .set({ digestSentOn: today })
    .from(organizations)
    .where(
      and(
        eq(organizations.id, users.organizationId),
        eq(users.notifyDailyDigest, true),
        eq(users.isActive, true),
        sql`(${users.digestSentOn} is null or ${users.digestSentOn} < ${today})`,
      ),
    )
    .returning({
      id: users.id,
      name: users.name,
      email: users.email,
      language: users.language,
      organizationId: users.organizationId,
      organizationName: organizations.name,
    });
}

/** Orders of the organization due for delivery from `today` to `DIGEST_DAYS_AHEAD` days later. */
async function ordersDueSoon(
  db: Database,
  organizationId: string,
  today: string,
): Promise<{ lines: DigestLine[]; total: number }> {
  const rows = await db
    .select({
      poNumber: orders.poNumber,
      merchant: merchants.name,
      deliveryDate: sql<string>`to_char(${orders.deliveryDate}, 'YYYY-MM-DD')`,
      quantity: orders.totalQuantity,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(orders)
    .innerJoin(
      merchants,
      and(eq(merchants.organizationId, orders.organizationId), eq(merchants.id, orders.merchantId)),
    )
    .where(
      and(
        eq(orders.organizationId, organizationId),
        between(orders.deliveryDate, today, addDays(today, DIGEST_DAYS_AHEAD)),
        notInArray(orders.status, ['delivered', 'cancelled']),
      ),
    )
    .orderBy(asc(orders.deliveryDate), asc(orders.poNumber), asc(orders.id))
    .limit(DIGEST_MAX_LINES);
  return {
    lines: rows.map(({ total: _total, ...line }) => line),
    total: rows[0]?.total ?? 0,
  };
}

interface DigestText {
  locale: string;
  subject: (count: number) => string;
  greeting: (name: string) => string;
  intro: (organization: string) => string;
  columns: [string, string, string, string];
  more: (count: number) => string;
  why: string;
}

const DIGEST_TEXT: Record<Language, DigestText> = {
  en: {
    locale: 'en-IN',
    subject: (count) =>
      `${count} ${count === 1 ? 'order' : 'orders'} due for delivery in the next ${DIGEST_DAYS_AHEAD} days`,
    greeting: (name) => `Hello ${name},`,
    intro: (organization) =>
      `These orders of ${organization} are due for delivery in the next ${DIGEST_DAYS_AHEAD} days and are not delivered yet:`,
    columns: ['PO number', 'Merchant', 'Delivery date', 'Pieces'],
    more: (count) => `…and ${count} more.`,
    why: 'You get this email because the daily digest is turned on in your Karkhana settings.',
  },
  gu: {
    locale: 'gu-IN',
    subject: (count) => `આગામી ${DIGEST_DAYS_AHEAD} દિવસમાં ડિલિવરીના ${count} ઓર્ડર`,
    greeting: (name) => `નમસ્તે ${name},`,
    intro: (organization) =>
      `${organization} ના આ ઓર્ડરની ડિલિવરી આગામી ${DIGEST_DAYS_AHEAD} દિવસમાં છે અને તે હજી ડિલિવર થયા નથી:`,
    columns: ['PO નંબર', 'વેપારી', 'ડિલિવરીની તારીખ', 'નંગ'],
    more: (count) => `…અને બીજા ${count} ઓર્ડર.`,
    why: 'તમે Karkhana ની સેટિંગ્સમાં દૈનિક સારાંશ ચાલુ કર્યો છે, તેથી તમને આ ઇમેઇલ મળે છે.',
  },
  hi: {
    locale: 'hi-IN',
    subject: (count) => `अगले ${DIGEST_DAYS_AHEAD} दिनों में डिलीवरी वाले ${count} ऑर्डर`,
    greeting: (name) => `नमस्ते ${name},`,
    intro: (organization) =>
      `${organization} के इन ऑर्डर की डिलीवरी अगले ${DIGEST_DAYS_AHEAD} दिनों में है और ये अभी तक डिलीवर नहीं हुए हैं:`,
    columns: ['PO नंबर', 'व्यापारी', 'डिलीवरी की तारीख', 'नग'],
    more: (count) => `…और ${count} ऑर्डर।`,
    why: 'आपको यह ईमेल इसलिए मिला है क्योंकि आपने Karkhana की सेटिंग्स में दैनिक सारांश चालू किया है।',
  },
};

function digestMail(
  recipient: Pick<DigestRecipient, 'email' | 'name' | 'language' | 'organizationName'>,
  lines: DigestLine[],
  total: number,
): MailMessage {
  const words = DIGEST_TEXT[recipient.language];
  const date = new Intl.DateTimeFormat(words.locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const number = new Intl.NumberFormat(words.locale);
  const rows = lines.map((line) => [
    line.poNumber,
    line.merchant,
    date.format(new Date(`${line.deliveryDate}T00:00:00Z`)),
    number.format(line.quantity),
  ]);
  const more = total > lines.length ? words.more(total - lines.length) : undefined;
  const greeting = words.greeting(recipient.name);
  const intro = words.intro(recipient.organizationName);
  const cell = (tag: 'td' | 'th', value: string) =>
    `<${tag} style="text-align:left;padding:4px 12px 4px 0">${escapeHtml(value)}</${tag}>`;
  return {
    to: recipient.email,
    subject: words.subject(total),
    text: [
      greeting,
      '',
      intro,
      '',
      ...rows.map(([po, merchant, day, quantity]) => `${day}  ${po}  ${merchant}  ${quantity}`),
      ...(more ? [more] : []),
      '',
      words.why,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      '<table style="border-collapse:collapse">',
      `<tr>${words.columns.map((column) => cell('th', column)).join('')}</tr>`,
      ...rows.map((row) => `<tr>${row.map((value) => cell('td', value)).join('')}</tr>`),
      '</table>',
      ...(more ? [`<p>${escapeHtml(more)}</p>`] : []),
      `<p style="color:#666">${escapeHtml(words.why)}</p>`,
    ].join('\n'),
  };
}

export interface DigestRun {
  /** Users claimed for today (those with nothing due get no mail). */
  claimed: number;
  sent: number;
}

/**
 * Sends today's digests, once per user and local day, from `DIGEST_HOUR` on. A digest that could
 * not be sent is released, so the next run tries again.
 */
export async function sendDailyDigests(
  db: Database,
  mailer: Mailer,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<DigestRun> {
  if (now.getHours() < DIGEST_HOUR) return { claimed: 0, sent: 0 };
  const today = localDay(now);
  const recipients = await claimRecipients(db, today);
  const dueByOrganization = new Map<string, Promise<{ lines: DigestLine[]; total: number }>>();
  let sent = 0;
  for (const recipient of recipients) {
    let due = dueByOrganization.get(recipient.organizationId);
    if (!due) {
      due = ordersDueSoon(db, recipient.organizationId, today);
      dueByOrganization.set(recipient.organizationId, due);
    }
    const { lines, total } = await due;
    if (total === 0) continue;
    try {
      await mailer.send(digestMail(recipient, lines, total));
      sent += 1;
    } catch (error) {
      log?.error({ err: error, userId: recipient.id }, 'daily digest email could not be sent');
      await db
        .update(users)
        .set({ digestSentOn: null })
        .where(and(eq(users.id, recipient.id), eq(users.digestSentOn, today)));
    }
  }
  return { claimed: recipients.length, sent };
}

export interface DigestScheduler {
  stop(): Promise<void>;
}

/**
 * Runs `sendDailyDigests` now and then every `intervalMs` on the given clock; runs never overlap.
 * `stop` waits for a run in progress, so the database can be closed after it.
 */
export function startDailyDigest(options: {
  db: Database;
  mailer: Mailer;
  clock: () => Date;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): DigestScheduler {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const result = await sendDailyDigests(
          options.db,
          options.mailer,
          options.clock(),
          options.log,
        );
        if (result.sent > 0) options.log.info({ sent: result.sent }, 'daily digests sent');
      } catch (error) {
        options.log.warn({ err: error }, 'daily digest run failed');
      }
    });
  };
  const timer = setInterval(run, options.intervalMs ?? DIGEST_CHECK_INTERVAL_MS);
  timer.unref();
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
