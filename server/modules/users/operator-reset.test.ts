import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, sessions } from '../../db/platform-tables.ts';
import { TEST_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.ts';
import { resetPasswordByEmail, temporaryPassword } from './operator-reset.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

it('makes readable temporary passwords without look-alike characters', () => {
  const seen = new Set<string>();
  for (let index = 0; index < 50; index += 1) {
    const password = temporaryPassword();
    expect(password).toMatch(/^[a-hj-km-np-z2-9]{4}-[a-hj-km-np-z2-9]{4}-[a-hj-km-np-z2-9]{4}$/);
    seen.add(password);
  }
  expect(seen.size).toBe(50);
});

it('sets a temporary password, ends the sessions, forces a change and audits it', async () => {
  const owner = await t.registerUser({ email: 'locked-out@example.com', name: 'Locked Out' });
  const reset = await resetPasswordByEmail(t.database.handle.db, 'LOCKED-OUT@example.com');
  expect(reset).toMatchObject({
    name: 'Locked Out',
    email: 'locked-out@example.com',
    isActive: true,
    sessionsEnded: 1,
  });

  expect((await t.send(owner, 'GET', '/api/auth/me')).statusCode).toBe(401);
  expect((await login('locked-out@example.com', TEST_PASSWORD)).statusCode).toBe(401);
  const signedIn = await login('locked-out@example.com', reset!.password);
  expect(signedIn.statusCode).toBe(200);
  expect(signedIn.json()).toMatchObject({ data: { user: { mustChangePassword: true } } });

  const [entry] = await t.database.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, owner.auth.user._id), eq(auditLog.action, 'passwordReset')));
  expect(entry).toMatchObject({
    organizationId: owner.auth.user.organizationId,
    userId: null,
    entity: 'user',
    changes: { mustChangePassword: [false, true] },
  });
  expect(JSON.stringify(entry)).not.toContain(reset!.password);
  const left = await t.database.handle.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, owner.auth.user._id));
  expect(left).toHaveLength(1);
});

it('answers undefined for an unknown email', async () => {
  expect(await resetPasswordByEmail(t.database.handle.db, 'nobody@example.com')).toBeUndefined();
});
