import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authOptions, verifyCodeData } from '../../../contract/auth.ts';
import { envelope } from '../../../contract/common.ts';
import {
  auditLog,
  passwordResetCodes,
  passwordResetTokens,
  users,
} from '../../db/platform-tables.ts';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { TEST_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createOrganizationWithOwner } from './repository.ts';
import { ADDRESS_LIMITS } from './attempt-throttle.ts';
import { FORGOT_PASSWORD_MESSAGE } from './recovery-routes.ts';
import { purgeExpiredRecovery } from './recovery.ts';

const MINUTE_MS = 60 * 1000;
const NEW_PASSWORD = 'a brand new passphrase';

let inbox: SmtpInbox;
let t: TestApp;
let now = new Date('2026-03-02T09:00:00Z');
const passwordHash = hashPassword(TEST_PASSWORD);
const logLines: string[] = [];

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    smtpUrl: inbox.url,
    mailFrom: 'Karkhana <no-reply@karkhana.test>',
    clock: () => now,
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});
beforeEach(() => {
  inbox.clear();
  // Each test starts an hour later, so the hourly code limit of one test never reaches the next.
  now = new Date(now.getTime() + 61 * MINUTE_MS);
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload });
const forgot = (email: string) => post('forgot-password', { email });
const verify = (email: string, code: string) => post('verify-code', { email, code });
const reset = (resetToken: string, password = NEW_PASSWORD) =>
  post('reset-password', { resetToken, password });
const login = (email: string, password: string) => post('login', { email, password });

const codeIn = (mail: ReceivedMail | undefined) => /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];

/** Waits for the mail a request sends, and for any that it should not have sent to show up. */
async function mailsAfter(count: number): Promise<ReceivedMail[]> {
  await inbox.waitFor(count);
  await new Promise((resolve) => setTimeout(resolve, 150));
  return [...inbox.messages];
}

async function codeFor(email: string): Promise<string> {
  const before = inbox.messages.length;
  expect((await forgot(email)).statusCode).toBe(200);
  const messages = await inbox.waitFor(before + 1);
  const code = codeIn(messages[before]);
  expect(code).toBeDefined();
  return code!;
}

async function tokenFor(email: string): Promise<string> {
  const response = await verify(email, await codeFor(email));
  expect(response.statusCode, response.body).toBe(200);
  return envelope(verifyCodeData).parse(response.json()).data.resetToken;
}

const expectInvalidCode = (
  response: Awaited<ReturnType<typeof post>>,
  path: 'code' | 'resetToken',
) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    code: 'validation_failed',
    errors: [{ path, code: 'invalid_value', params: { rule: 'reset_code' } }],
  });
};

interface Account {
  id: string;
  email: string;
  organizationId: string;
  /** A signed-in session's access token. */
  token: string;
}

/** With mail on, sign-up waits for a mailed code, so accounts are made directly and signed in. */
async function newAccount(name = 'Test Owner'): Promise<Account> {
  const email = `owner-${randomUUID()}@example.com`;
  const user = await createOrganizationWithOwner(t.database.handle.db, {
    organizationName: 'Recovery Works',
    name,
    email,
    passwordHash: await passwordHash,
  });
  const signIn = await login(email, TEST_PASSWORD);
  expect(signIn.statusCode).toBe(200);
  return {
    id: user.id,
    email,
    organizationId: user.organizationId,
    token: signIn.json<{ data: { token: { accessToken: string } } }>().data.token.accessToken,
  };
}

async function setUser(account: Account, values: Partial<typeof users.$inferInsert>) {
  await t.database.handle.db.update(users).set(values).where(eq(users.id, account.id));
}

describe('password recovery by emailed code', () => {
  it('resets the password, clears a forced change and signs out every session', async () => {
    const owner = await newAccount('Meena');
    const email = owner.email;
    await setUser(owner, { mustChangePassword: true });
    const secondSession = await login(email, TEST_PASSWORD);
    expect(secondSession.statusCode).toBe(200);

    expect((await forgot(email)).json()).toEqual({
      success: true,
      data: null,
      message: FORGOT_PASSWORD_MESSAGE,
    });
    const [mail] = await inbox.waitFor(1);
    expect(mail?.to).toEqual([email]);
    expect(mail?.subject).toBe('Reset your Karkhana password');
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.subject).not.toContain(code);
    expect(mail?.text).toContain('Hello Meena');
    expect(mail?.html).toContain(`<strong`);
    expect(mail?.html).toContain(code);

    // Spaces, as copied from a mail, are fine.
    const verified = await verify(email.toUpperCase(), `${code!.slice(0, 3)} ${code!.slice(3)}`);
    expect(verified.statusCode, verified.body).toBe(200);
    const { resetToken } = envelope(verifyCodeData).parse(verified.json()).data;

    const done = await reset(resetToken);
    expect(done.statusCode, done.body).toBe(200);

    for (const token of [
      owner.token,
      secondSession.json<{ data: { token: { accessToken: string } } }>().data.token.accessToken,
    ]) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(401);
    }
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(401);
    const fresh = await login(email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ data: { user: { mustChangePassword: false } } });

    const entries = await t.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, owner.id), eq(auditLog.action, 'passwordReset')));
    expect(entries).toEqual([
      expect.objectContaining({
        organizationId: owner.organizationId,
        action: 'passwordReset',
        entity: 'user',
        userId: owner.id,
        changes: { mustChangePassword: [true, false] },
      }),
    ]);
    // The code worked once.
    expectInvalidCode(await verify(email, code!), 'code');
  });

  it('answers an unknown or inactive address exactly as a known one, and mails neither', async () => {
    const known = await newAccount();
    const inactive = await newAccount();
    await setUser(inactive, { isActive: false });

    const unknownAnswer = await forgot('nobody-here@example.com');
    const inactiveAnswer = await forgot(inactive.email);
    const knownAnswer = await forgot(known.email);
    for (const answer of [unknownAnswer, inactiveAnswer]) {
      expect(answer.statusCode).toBe(knownAnswer.statusCode);
      expect(answer.body).toBe(knownAnswer.body);
      expect(Object.keys(answer.headers).sort()).toEqual(Object.keys(knownAnswer.headers).sort());
    }
    const messages = await mailsAfter(1);
    expect(messages.map((mail) => mail.to)).toEqual([[known.email]]);
    expectInvalidCode(await verify('nobody-here@example.com', '123456'), 'code');
  });

  it('mails at most five codes per address an hour, still answering the same', async () => {
    const owner = await newAccount();
    const email = owner.email;
    for (let request = 0; request < 5; request += 1) {
      now = new Date(now.getTime() + MINUTE_MS);
      expect((await forgot(email)).statusCode).toBe(200);
      await inbox.waitFor(request + 1);
    }
    const lastMailed = codeIn(inbox.messages.at(-1));

    now = new Date(now.getTime() + MINUTE_MS);
    const sixth = await forgot(email);
    expect(sixth.statusCode).toBe(200);
    expect(sixth.json()).toMatchObject({ message: FORGOT_PASSWORD_MESSAGE });
    expect(await mailsAfter(5)).toHaveLength(5);
    // No new code replaced the last mailed one.
    expect((await verify(email, lastMailed!)).statusCode).toBe(200);

    // An hour after the first request, one more may go out.
    now = new Date(now.getTime() + 55 * MINUTE_MS);
    await forgot(email);
    expect(await inbox.waitFor(6)).toHaveLength(6);
  });

  it('replaces the previous code with a new one', async () => {
    const owner = await newAccount();
    const email = owner.email;
    const first = await codeFor(email);
    let second = await codeFor(email);
    while (second === first) second = await codeFor(email);
    expectInvalidCode(await verify(email, first), 'code');
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it('kills a code after five wrong tries, even for the right code after', async () => {
    const owner = await newAccount();
    const email = owner.email;
    const code = await codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expectInvalidCode(await verify(email, wrong), 'code');
    }
    expectInvalidCode(await verify(email, code), 'code');
  });

  it('allows four wrong tries before the right one', async () => {
    const owner = await newAccount();
    const email = owner.email;
    const code = await codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 4; attempt += 1) await verify(email, wrong);
    expect((await verify(email, code)).statusCode).toBe(200);
  });

  it('refuses a code after 15 minutes', async () => {
    const owner = await newAccount();
    const email = owner.email;
    const code = await codeFor(email);
    now = new Date(now.getTime() + 15 * MINUTE_MS + 1000);
    expectInvalidCode(await verify(email, code), 'code');
  });

  it('takes a code only for the address it was sent to', async () => {
    const owner = await newAccount();
    const other = await newAccount();
    const code = await codeFor(owner.email);
    await codeFor(other.email);
    expectInvalidCode(await verify(other.email, code), 'code');
  });

  it('uses a reset token once', async () => {
    const owner = await newAccount();
    const token = await tokenFor(owner.email);
    expect((await reset(token)).statusCode).toBe(200);
    expectInvalidCode(await reset(token, 'yet another passphrase'), 'resetToken');
    expect((await login(owner.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a reset token after 15 minutes and an unknown one', async () => {
    const owner = await newAccount();
    const token = await tokenFor(owner.email);
    now = new Date(now.getTime() + 15 * MINUTE_MS + 1000);
    expectInvalidCode(await reset(token), 'resetToken');
    expectInvalidCode(await reset('not-a-token'), 'resetToken');
    expect((await login(owner.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a reset for an account deactivated after the code was verified', async () => {
    const owner = await newAccount();
    const token = await tokenFor(owner.email);
    await setUser(owner, { isActive: false });
    expectInvalidCode(await reset(token), 'resetToken');
  });

  it('checks the new password like any other', async () => {
    const owner = await newAccount();
    const token = await tokenFor(owner.email);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ errors: [{ path: 'password', code: 'too_short' }] });
    // A refused password leaves the token usable.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('writes the mail in the user’s language', async () => {
    const gujarati = await newAccount('Meena');
    const hindi = await newAccount('Ravi');
    await setUser(gujarati, { language: 'gu' });
    await setUser(hindi, { language: 'hi' });

    await codeFor(gujarati.email);
    await codeFor(hindi.email);
    const [gu, hi] = inbox.messages;
    expect(gu?.subject).toBe('તમારો Karkhana પાસવર્ડ રીસેટ કરો');
    expect(gu?.text).toContain('નમસ્તે Meena');
    expect(gu?.text).toContain('તમારો કોડ:');
    expect(hi?.subject).toBe('अपना Karkhana पासवर्ड रीसेट करें');
    expect(hi?.text).toContain('आपका कोड:');
    expect(hi?.html).toContain('नमस्ते Ravi');
  });

  it('stores codes and tokens only as hashes and never logs them', async () => {
    logLines.length = 0;
    const owner = await newAccount();
    const email = owner.email;
    const code = await codeFor(email);
    const verified = await verify(email, code);
    const { resetToken } = envelope(verifyCodeData).parse(verified.json()).data;
    expect((await reset(resetToken)).statusCode).toBe(200);

    expect(logLines.length).toBeGreaterThan(5);
    const log = logLines.join('\n');
    expect(log).toContain('/api/auth/verify-code');
    expect(log).not.toContain(code);
    expect(log).not.toContain(resetToken);

    const db = t.database.handle.db;
    const codes = await db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, owner.id));
    const tokens = await db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, owner.id));
    const stored = JSON.stringify([codes, tokens]);
    expect(codes).toHaveLength(1);
    expect(tokens).toHaveLength(1);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(resetToken);
    expect(codes[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('says that email recovery is offered', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(response.statusCode).toBe(200);
    expect(envelope(authOptions).parse(response.json()).data).toEqual({ emailRecovery: true });
  });

  it('purges spent tokens and codes once they no longer count against the hourly limit', async () => {
    const owner = await newAccount();
    const userId = owner.id;
    const token = await tokenFor(owner.email);
    const unusedToken = await tokenFor(owner.email);
    expect(token).not.toBe(unusedToken);
    const db = t.database.handle.db;
    const codesOf = () =>
      db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
    const tokensOf = () =>
      db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));

    await purgeExpiredRecovery(db, new Date(now.getTime() + 30 * MINUTE_MS));
    expect(await codesOf()).toHaveLength(2);
    expect(await tokensOf()).toHaveLength(0);

    await purgeExpiredRecovery(db, new Date(now.getTime() + 61 * MINUTE_MS));
    expect(await codesOf()).toHaveLength(0);
  });
});

describe('without mail', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it('answers forgot-password alike but stores nothing, and options say recovery is off', async () => {
    const owner = await plain.registerUser();
    const response = await plain.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: owner.auth.user.email },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: FORGOT_PASSWORD_MESSAGE });
    expect(await plain.database.handle.db.select().from(passwordResetCodes)).toEqual([]);

    const options = await plain.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(options.json()).toMatchObject({ data: { emailRecovery: false } });
  });
});

describe('with an unreachable mail server', () => {
  it('still answers forgot-password alike, without waiting for the mail', async () => {
    const unreachable = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const email = `owner-${randomUUID()}@example.com`;
      await createOrganizationWithOwner(unreachable.database.handle.db, {
        organizationName: 'Offline Works',
        name: 'Owner',
        email,
        passwordHash: await passwordHash,
      });
      const response = await unreachable.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ message: FORGOT_PASSWORD_MESSAGE });
    } finally {
      await unreachable.close();
    }
  });
});

describe('rate limits', () => {
  // More in recovery-limits.test.ts; here with the API-wide limit on as well.
  it('slows down one address guessing codes, on top of the per-account limits', async () => {
    const limited = await createTestApp({ rateLimitPerMinute: 1200 });
    try {
      const guess = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/verify-code',
          payload: { email: 'someone@example.com', code: '123456' },
        });
      for (let attempt = 0; attempt < ADDRESS_LIMITS.codeCheck.max; attempt += 1) {
        expect((await guess()).statusCode).toBe(400);
      }
      const refused = await guess();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    } finally {
      await limited.close();
    }
  });
});
