import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  RESET_CODE_LENGTH,
  RESET_CODE_TRIES,
  RESET_CODE_TTL_MINUTES,
  RESET_CODES_PER_HOUR,
  type Language,
} from '../../../contract/auth.ts';
import type { Database } from '../../db/database.ts';
import {
  passwordResetCodes,
  passwordResetTokens,
  sessions,
  users,
} from '../../db/platform-tables.ts';
import { appendAudit, auditChanges } from '../../lib/audit.ts';
import { escapeHtml, type MailMessage } from '../../lib/mailer.ts';
import { passwordWrite } from './password-write.ts';

const MINUTE_MS = 60 * 1000;
const RESET_CODE_TTL_MS = RESET_CODE_TTL_MINUTES * MINUTE_MS;
/** A verified code buys this long to choose the new password. */
const RESET_TOKEN_TTL_MS = 15 * MINUTE_MS;
/** Codes are kept this long after they were made: they count against the hourly limit. */
const CODE_LIMIT_WINDOW_MS = 60 * MINUTE_MS;

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** Compares two SHA-256 digests without leaking, by timing, how many leading bytes match. */
function sameDigest(expectedHex: string, actual: Buffer): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function generateResetCode(): string {
  return String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
}

export interface RecoveryAccount {
  id: string;
  name: string;
  email: string;
  language: Language;
  organizationId: string;
}

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  language: users.language,
  organizationId: users.organizationId,
};

/** The active account signed in with `email`; inactive accounts cannot recover either. */
export async function findActiveAccount(
  db: Database,
  email: string,
): Promise<RecoveryAccount | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.isActive, true)))
    .limit(1);
  return row;
}

/**
 * Makes a fresh code for the account, replacing any live one, unless the account already had
 * `RESET_CODES_PER_HOUR` codes in the last hour: then undefined and nothing changes. The user row
 * is locked meanwhile so that simultaneous requests cannot both slip under the limit.
 */
export async function issueResetCode(
  db: Database,
  userId: string,
  now: Date,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(passwordResetCodes)
      .where(
        and(
          eq(passwordResetCodes.userId, userId),
          gt(passwordResetCodes.createdAt, new Date(now.getTime() - CODE_LIMIT_WINDOW_MS)),
        ),
      );
    if ((recent?.count ?? 0) >= RESET_CODES_PER_HOUR) return undefined;
    await tx
      .update(passwordResetCodes)
      .set({ expiresAt: now })
      .where(
        and(
          eq(passwordResetCodes.userId, userId),
          isNull(passwordResetCodes.usedAt),
          gt(passwordResetCodes.expiresAt, now),
        ),
      );
    const code = generateResetCode();
    await tx.insert(passwordResetCodes).values({
      userId,
      codeHash: sha256(code).toString('hex'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
    });
    return code;
  });
}

/**
 * Exchanges the account's live code for a reset token. A wrong code counts against the live one,
 * which dies after `RESET_CODE_TRIES` wrong tries; the right one works once.
 */
export async function exchangeResetCode(
  db: Database,
  email: string,
  code: string,
  now: Date,
): Promise<string | undefined> {
  const account = await findActiveAccount(db, email);
  // Hashed either way, so an unknown address costs the same as a known one.
  const offered = sha256(code);
  if (!account) return undefined;
  return db.transaction(async (tx) => {
    const [live] = await tx
      .select({ id: passwordResetCodes.id, codeHash: passwordResetCodes.codeHash })
      .from(passwordResetCodes)
      .where(
        and(
          eq(passwordResetCodes.userId, account.id),
          isNull(passwordResetCodes.usedAt),
          gt(passwordResetCodes.expiresAt, now),
          lt(passwordResetCodes.failedTries, RESET_CODE_TRIES),
        ),
      )
      .orderBy(desc(passwordResetCodes.createdAt), desc(passwordResetCodes.id))
      .limit(1)
      .for('update');
    if (!live) return undefined;
    if (!sameDigest(live.codeHash, offered)) {
      await tx
        .update(passwordResetCodes)
        .set({ failedTries: sql`${passwordResetCodes.failedTries} + 1` })
        .where(eq(passwordResetCodes.id, live.id));
      return undefined;
    }
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: now })
      .where(eq(passwordResetCodes.id, live.id));
    const token = randomBytes(32).toString('base64url');
    await tx.insert(passwordResetTokens).values({
      tokenHash: sha256(token).toString('hex'),
      userId: account.id,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    return token;
  });
}

/**
 * Sets the new password of the token's account, once: clears a forced change, ends every session
 * and every other outstanding code or token of the user, and records the reset in the audit
 * trail. False when the token is unknown, used, expired or its account is no longer active.
 */
export async function resetPasswordWithToken(
  db: Database,
  token: string,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const tokenHash = sha256(token).toString('hex');
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) return false;
    const [before] = await tx
      .select({
        organizationId: users.organizationId,
        mustChangePassword: users.mustChangePassword,
      })
      .from(users)
      .where(and(eq(users.id, claimed.userId), eq(users.isActive, true)))
      .for('update');
    if (!before) return false;
    await tx
      .update(users)
      .set(passwordWrite(passwordHash, false, now))
      .where(eq(users.id, claimed.userId));
    await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)),
      );
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: now })
      .where(and(eq(passwordResetCodes.userId, claimed.userId), isNull(passwordResetCodes.usedAt)));
    await appendAudit(txDb, {
      organizationId: before.organizationId,
      // Nobody is signed in: the emailed code proved that the user asked, so they are the actor.
      userId: claimed.userId,
      action: 'passwordReset',
      entity: 'user',
      entityId: claimed.userId,
      changes: auditChanges(
        { mustChangePassword: before.mustChangePassword },
        { mustChangePassword: false },
      ),
    });
    return true;
  });
}

/**
 * Forgets spent and expired tokens, and codes older than the hourly limit's window (younger ones
 * still count against it, even when dead).
 */
export async function purgeExpiredRecovery(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(passwordResetCodes)
    .where(lt(passwordResetCodes.createdAt, new Date(now.getTime() - CODE_LIMIT_WINDOW_MS)));
  await db
    .delete(passwordResetTokens)
    .where(
      or(
        lt(passwordResetTokens.expiresAt, now),
        lt(passwordResetTokens.usedAt, new Date(now.getTime() - MINUTE_MS)),
      ),
    );
}

interface RecoveryMailText {
  subject: string;
  greeting: (name: string) => string;
  intro: string;
  codeLabel: string;
  instructions: string;
  notYou: string;
}

const RECOVERY_MAIL: Record<Language, RecoveryMailText> = {
  en: {
    subject: 'Reset your Karkhana password',
    greeting: (name) => `Hello ${name},`,
    intro: 'Someone (hopefully you) asked to reset the password of your Karkhana account.',
    codeLabel: 'Your code:',
    instructions: `Enter it on the password reset page. It is valid for ${RESET_CODE_TTL_MINUTES} minutes.`,
    notYou: 'If this was not you, ignore this email: your password stays as it is.',
  },
  gu: {
    subject: 'તમારો Karkhana પાસવર્ડ રીસેટ કરો',
    greeting: (name) => `નમસ્તે ${name},`,
    intro: 'કોઈએ (આશા છે કે તમે જ) તમારા Karkhana ખાતાનો પાસવર્ડ રીસેટ કરવાની વિનંતી કરી છે.',
    codeLabel: 'તમારો કોડ:',
    instructions: `પાસવર્ડ રીસેટ પાના પર આ કોડ દાખલ કરો. તે ${RESET_CODE_TTL_MINUTES} મિનિટ સુધી માન્ય છે.`,
    notYou: 'જો આ વિનંતી તમે ન કરી હોય, તો આ ઇમેઇલને અવગણો: તમારો પાસવર્ડ બદલાશે નહીં.',
  },
  hi: {
    subject: 'अपना Karkhana पासवर्ड रीसेट करें',
    greeting: (name) => `नमस्ते ${name},`,
    intro: 'किसी ने (उम्मीद है आपने ही) आपके Karkhana खाते का पासवर्ड रीसेट करने का अनुरोध किया है।',
    codeLabel: 'आपका कोड:',
    instructions: `पासवर्ड रीसेट पेज पर यह कोड दर्ज करें। यह ${RESET_CODE_TTL_MINUTES} मिनट तक मान्य है।`,
    notYou: 'अगर यह अनुरोध आपने नहीं किया, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड नहीं बदलेगा।',
  },
};

/**
 * The code mail in the account's language. The code stays out of the subject, which phones show
 * on the lock screen.
 */
export function resetCodeMail(account: RecoveryAccount, code: string): MailMessage {
  const words = RECOVERY_MAIL[account.language];
  const greeting = words.greeting(account.name);
  return {
    to: account.email,
    subject: words.subject,
    text: [
      greeting,
      '',
      words.intro,
      '',
      `${words.codeLabel} ${code}`,
      '',
      words.instructions,
      words.notYou,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(words.intro)}</p>`,
      `<p>${escapeHtml(words.codeLabel)} <strong style="font-size:1.5em;letter-spacing:0.2em">${code}</strong></p>`,
      `<p>${escapeHtml(words.instructions)}<br>${escapeHtml(words.notYou)}</p>`,
    ].join('\n'),
  };
}
