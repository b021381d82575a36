import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authData, signUpPending } from '../../../contract/auth.ts';
import { envelope } from '../../../contract/common.ts';
import { DEFAULT_PRODUCTION_STAGE_NAMES } from '../../../contract/production-stages.ts';
import { pendingSignups, users } from '../../db/platform-tables.ts';
import { productionStages } from '../production/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { TEST_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.ts';
import { createOrganizationWithOwner } from './repository.ts';
import { purgeExpiredSignUps } from './sign-up.ts';

let smtp: SmtpInbox;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await createTestApp({ smtpUrl: smtp.url, mailFrom: 'Karkhana <no-reply@karkhana.test>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => smtp.clear());

const signUp = (email: string, password = TEST_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { organizationName: 'Shree Embroidery', name: 'Meena', email, password },
  });

const confirm = (email: string, code: string, password = TEST_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register/confirm',
    payload: { email, code, password },
  });

const codeIn = (mail: ReceivedMail | undefined) =>
  /Your code: ([A-Z0-9]{5}-[A-Z0-9]{5})/.exec(mail?.raw ?? '')?.[1];

describe('with mail configured', () => {
  it('answers a new and a taken email alike, and mails each address what applies to it', async () => {
    await createOrganizationWithOwner(t.database.handle.db, {
      organizationName: 'Existing Works',
      name: 'Owner',
      email: 'taken@example.com',
      passwordHash: await hashPassword(TEST_PASSWORD),
    });

    const fresh = await signUp('fresh@example.com');
    const taken = await signUp('taken@example.com', 'another password');
    expect(fresh.statusCode).toBe(202);
    expect(taken.statusCode).toBe(202);
    const freshBody = envelope(signUpPending).parse(fresh.json());
    const takenBody = envelope(signUpPending).parse(taken.json());
    expect(freshBody.message).toBe('Check your email to finish signing up');
    expect({ ...takenBody, data: { ...takenBody.data, email: 'fresh@example.com' } }).toEqual(
      freshBody,
    );
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    expect(taken.cookies.map((c) => c.name)).toEqual(fresh.cookies.map((c) => c.name));

    expect(smtp.messages.map((mail) => mail.to)).toEqual([
      ['fresh@example.com'],
      ['taken@example.com'],
    ]);
    expect(codeIn(smtp.messages[0])).toBeDefined();
    expect(smtp.messages[1]?.raw).toContain('Someone tried to sign up with your email address');
    expect(codeIn(smtp.messages[1])).toBeUndefined();

    // The taken account is untouched: its own password still signs in.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'taken@example.com', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('creates the account only when the mailed code comes back', async () => {
    const email = 'code-check@example.com';
    expect((await signUp(email)).statusCode).toBe(202);
    const code = codeIn(smtp.messages[0]);
    expect(code).toBeDefined();
    const db = t.database.handle.db;
    expect((await db.select().from(users)).some((user) => user.email === email)).toBe(false);

    const wrong = await confirm(email, 'AAAAA-AAAAA');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ errors: unknown[] }>().errors).toEqual([
      expect.objectContaining({
        path: 'code',
        code: 'invalid_value',
        params: { rule: 'sign_up_code' },
      }),
    ]);

    const right = await confirm(email, code!.toLowerCase().replace('-', ' '));
    expect(right.statusCode, right.body).toBe(201);
    const session = envelope(authData).parse(right.json()).data;
    expect(session.user).toMatchObject({ email, name: 'Meena', role: 'owner' });
    expect(session.organization.name).toBe('Shree Embroidery');
    expect(right.cookies.map((c) => c.name).sort()).toEqual(['XSRF-TOKEN', 'accessToken']);

    // A code works once.
    expect((await confirm(email, code!)).statusCode).toBe(400);
    const waiting = await db.select().from(pendingSignups);
    expect(waiting.map((row) => row.email)).not.toContain(email);
  });

  it('names the stages in the language of the page that finishes the sign-up', async () => {
    const email = 'hindi-owner@example.com';
    expect((await signUp(email)).statusCode).toBe(202);
    const code = codeIn(smtp.messages[0]);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/confirm',
      payload: { email, code, password: TEST_PASSWORD, language: 'hi' },
    });
    expect(right.statusCode, right.body).toBe(201);
    const session = envelope(authData).parse(right.json()).data;
    expect(session.user.language).toBe('hi');
    const stages = await t.database.handle.db
      .select({ name: productionStages.name })
      .from(productionStages)
      .where(eq(productionStages.organizationId, session.user.organizationId))
      .orderBy(asc(productionStages.position));
    expect(stages.map((stage) => stage.name)).toEqual([...DEFAULT_PRODUCTION_STAGE_NAMES.hi]);
  });

  it('never finishes a sign-up with a stranger’s password, even with the code the owner received', async () => {
    const email = 'victim@example.com';
    await signUp(email);
    // A stranger starts a sign-up for the same address; the owner now holds the newer code.
    await signUp(email, 'stranger password');
    const newest = codeIn(smtp.messages[1]);
    expect(newest).toBeDefined();
    expect((await confirm(email, newest!, TEST_PASSWORD)).statusCode).toBe(400);
    expect((await confirm(email, codeIn(smtp.messages[0])!, 'stranger password')).statusCode).toBe(
      400,
    );
    const db = t.database.handle.db;
    expect((await db.select().from(users)).some((user) => user.email === email)).toBe(false);
  });

  it('refuses an expired code', async () => {
    const email = 'late@example.com';
    await signUp(email);
    const code = codeIn(smtp.messages[0])!;
    await t.database.handle.db
      .update(pendingSignups)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await confirm(email, code)).statusCode).toBe(400);
  });

  it('forgets waiting sign-ups once their code has run out, in the hourly housekeeping', async () => {
    await signUp('waiting-1@example.com');
    await signUp('waiting-2@example.com');
    const db = t.database.handle.db;
    const stored = async () => (await db.select().from(pendingSignups)).map((row) => row.email);
    expect(await stored()).toEqual(
      expect.arrayContaining(['waiting-1@example.com', 'waiting-2@example.com']),
    );
    await purgeExpiredSignUps(db, new Date(Date.now() + 23 * 60 * 60 * 1000));
    expect(await stored()).toEqual(
      expect.arrayContaining(['waiting-1@example.com', 'waiting-2@example.com']),
    );
    await purgeExpiredSignUps(db, new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await stored()).not.toEqual(expect.arrayContaining(['waiting-1@example.com']));
    expect(await stored()).not.toEqual(expect.arrayContaining(['waiting-2@example.com']));
  });
});

describe('sign-up limit per address', () => {
  it('allows 10 sign-ups per address in 15 minutes, with or without mail', async () => {
    const limited = await createTestApp({ rateLimitPerMinute: 1200 });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: '10.7.0.1',
          payload: {
            organizationName: 'Org',
            name: 'Name',
            email: `limit-${attempt}@example.com`,
            password: TEST_PASSWORD,
          },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '10.7.0.2',
        payload: {
          organizationName: 'Org',
          name: 'Name',
          email: 'limit-other@example.com',
          password: TEST_PASSWORD,
        },
      });
      expect(elsewhere.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('when the mail server is down', () => {
  it('answers 503 and creates no account', async () => {
    const broken = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const response = await broken.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          organizationName: 'Org',
          name: 'Name',
          email: 'nomail@example.com',
          password: TEST_PASSWORD,
        },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ code: string }>().code).toBe('service_unavailable');
    } finally {
      await broken.close();
    }
  });
});
