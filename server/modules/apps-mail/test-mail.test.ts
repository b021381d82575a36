import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthData } from '../../../contract/auth.ts';
import { users } from '../../db/platform-tables.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import {
  TEST_PASSWORD,
  createTestApp,
  testUserFromAuth,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';
import { createOrganizationWithOwner } from '../auth/repository.ts';

let inbox: SmtpInbox;
let t: TestApp;
let owner: TestUser;

/** With mail on, sign-up waits for a mailed code: the owner is made directly and signed in. */
async function ownerOf(app: TestApp, organizationName: string): Promise<TestUser> {
  const email = `owner-${randomUUID()}@example.com`;
  await createOrganizationWithOwner(app.database.handle.db, {
    organizationName,
    name: 'Meena Patel',
    email,
    passwordHash: await hashPassword(TEST_PASSWORD),
  });
  const login = await app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  return testUserFromAuth(login.json<{ data: AuthData }>().data);
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ smtpUrl: inbox.url, mailFrom: 'Karkhana <no-reply@karkhana.test>' });
  owner = await ownerOf(t, 'Shree Embroidery');
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});
beforeEach(() => inbox.clear());

const sendTestMail = (user: TestUser | null) => t.send(user, 'POST', '/api/apps/test-mail');

describe('POST /api/apps/test-mail', () => {
  it('mails the signed-in owner at their own address, from MAIL_FROM', async () => {
    const response = await sendTestMail(owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { to: owner.auth.user.email } });
    const [mail] = await inbox.waitFor(1);
    expect(mail?.to).toEqual([owner.auth.user.email]);
    expect(mail?.raw).toMatch(/^From: Karkhana <no-reply@karkhana\.test>/m);
    expect(mail?.subject).toBe('Karkhana test mail');
    expect(mail?.text).toContain('Hello Meena Patel,');
    expect(mail?.text).toContain('Shree Embroidery');
  });

  it("writes in the user's language", async () => {
    await t.database.handle.db
      .update(users)
      .set({ language: 'gu' })
      .where(eq(users.id, owner.auth.user._id));
    try {
      expect((await sendTestMail(owner)).statusCode).toBe(200);
      const [mail] = await inbox.waitFor(1);
      expect(mail?.subject).toBe('Karkhana તરફથી ટેસ્ટ મેઇલ');
      expect(mail?.text).toContain('નમસ્તે Meena Patel,');
    } finally {
      await t.database.handle.db
        .update(users)
        .set({ language: 'en' })
        .where(eq(users.id, owner.auth.user._id));
    }
  });

  it('is open to an admin and closed to staff', async () => {
    const admin = await t.addUser(owner, 'admin');
    const staff = await t.addUser(owner, 'staff');
    const allowed = await sendTestMail(admin);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ data: { to: admin.auth.user.email } });

    const refused = await sendTestMail(staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    const received = await inbox.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(received.map((mail) => mail.to)).toEqual([[admin.auth.user.email]]);
  });

  it('needs a session', async () => {
    const response = await sendTestMail(null);
    expect(response.statusCode).toBe(401);
  });
});

describe('without a working mail server', () => {
  it('answers 409 mail_not_configured when SMTP_URL is not set', async () => {
    const bare = await createTestApp();
    try {
      const user = await bare.registerUser();
      const response = await bare.send(user, 'POST', '/api/apps/test-mail');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ success: false, code: 'mail_not_configured' });
    } finally {
      await bare.close();
    }
  });

  it('answers 502 mail_not_sent when the SMTP server cannot be reached', async () => {
    // A port that was free a moment ago: nothing listens there, so the connection is refused.
    const probe: Server = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));

    const unreachable = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const user = await ownerOf(unreachable, 'Offline Mail Works');
      const response = await unreachable.send(user, 'POST', '/api/apps/test-mail');
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ success: false, code: 'mail_not_sent' });
    } finally {
      await unreachable.close();
    }
  });
});
