import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { SIGN_UP_CODE_ALPHABET, SIGN_UP_CODE_LENGTH } from '../../../contract/auth.ts';
import type { Database } from '../../db/database.ts';
import { pendingSignups } from '../../db/platform-tables.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { verifyPassword } from '../../lib/passwords.ts';

/** How long a mailed sign-up code stays good. */
const SIGN_UP_CODE_TTL_MS = 24 * 60 * 60 * 1000;

export interface PendingSignUp {
  email: string;
  organizationName: string;
  name: string;
  passwordHash: string;
}

function generateSignUpCode(): string {
  let code = '';
  for (let index = 0; index < SIGN_UP_CODE_LENGTH; index += 1) {
    code += SIGN_UP_CODE_ALPHABET[randomInt(SIGN_UP_CODE_ALPHABET.length)];
  }
  return code;
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** `ABCDE-FGHJK`: easier to read off a phone and type on a tablet. */
const displayCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** Forgets sign-ups whose code ran out, with the password hash they were holding. */
export async function purgeExpiredSignUps(db: Database, now = new Date()): Promise<void> {
  await db.delete(pendingSignups).where(lt(pendingSignups.expiresAt, now));
}

/** Stores (or replaces) the waiting sign-up for the address and returns its fresh code. */
export async function savePendingSignUp(
  db: Database,
  pending: PendingSignUp,
  now: Date,
): Promise<string> {
  const code = generateSignUpCode();
  const row = {
    ...pending,
    codeHash: hashCode(code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_UP_CODE_TTL_MS),
  };
  await purgeExpiredSignUps(db, now);
  await db
    .insert(pendingSignups)
    .values(row)
    .onConflictDoUpdate({ target: pendingSignups.email, set: row });
  return code;
}

/**
 * The waiting sign-up when `code` is its live code and `password` the one it was started with;
 * used up only on success.
 */
export async function takePendingSignUp(
  db: Database,
  email: string,
  code: string,
  password: string,
  now: Date,
): Promise<PendingSignUp | undefined> {
  const [row] = await db
    .select()
    .from(pendingSignups)
    .where(and(eq(pendingSignups.email, email), gt(pendingSignups.expiresAt, now)))
    .limit(1);
  if (!row) return undefined;
  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = Buffer.from(hashCode(code), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  if (!(await verifyPassword(password, row.passwordHash))) return undefined;
  await db.delete(pendingSignups).where(eq(pendingSignups.email, email));
  return {
    email: row.email,
    organizationName: row.organizationName,
    name: row.name,
    passwordHash: row.passwordHash,
  };
}

export function confirmationMail(email: string, code: string): MailMessage {
  return {
    to: email,
    subject: 'Your Karkhana sign-up code',
    text: [
      'Someone (hopefully you) started creating a Karkhana account with this email address.',
      '',
      `Your code: ${displayCode(code)}`,
      '',
      'Enter it on the sign-up page to finish. It is valid for 24 hours.',
      'If this was not you, ignore this email: no account is created without the code.',
    ].join('\n'),
  };
}

export function existingAccountMail(email: string): MailMessage {
  return {
    to: email,
    subject: 'Someone tried to sign up with your email address',
    text: [
      'Someone tried to create a new Karkhana account with this email address, which already has',
      'an account. Nothing was changed and no new account was created.',
      '',
      'If it was you, sign in with your existing account instead.',
      'If it was not you, you can ignore this email.',
    ].join('\n'),
  };
}
