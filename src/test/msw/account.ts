import { http } from 'msw';
import {
  changePasswordBody,
  updateMeBody,
  type MeData,
  type SessionInfo,
  type SessionUser,
} from '../../../contract/auth.ts';
import { fieldErrorOf, validationErrorMap } from '../../../contract/validation.ts';
import { useAuthStore } from '@/stores/auth';
import { testSession } from '../fixtures';
import { fail, ok } from './envelope';
import { jsonBodyOf, keepRequest, testId, type RecordedRequest } from './resource-fake';

const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const EDGE_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51';

export interface AccountFakeOptions {
  /** The signed-in user as the server has them; the auth store's user (or the test owner). */
  user?: SessionUser;
  /** The password `change-password` accepts as current. */
  password?: string;
  /** What `GET /auth/options` says about mail. */
  emailRecovery?: boolean;
  sessions?: SessionInfo[];
}

/**
 * The signed-in user's own account endpoints over one in-memory user: profile, password change
 * (with the wrong-current-password field error), sessions and sign-out everywhere, and the
 * server's options.
 */
export function createAccountFake(options: AccountFakeOptions = {}) {
  const session = testSession();
  let user: SessionUser = options.user ?? useAuthStore.getState().user ?? session.user;
  let password = options.password ?? 'temporary-1';
  const organization = session.organization;
  const now = Date.now();
  let sessions: SessionInfo[] = options.sessions ?? [
    {
      _id: testId(7001),
      createdAt: new Date(now - 10 * 86_400_000).toISOString(),
      lastUsedAt: new Date(now - 60_000).toISOString(),
      userAgent: EDGE_ON_WINDOWS,
      current: true,
    },
    {
      _id: testId(7002),
      createdAt: new Date(now - 3 * 86_400_000).toISOString(),
      lastUsedAt: new Date(now - 2 * 3_600_000).toISOString(),
      userAgent: CHROME_ON_ANDROID,
      current: false,
    },
    {
      _id: testId(7003),
      createdAt: new Date(now - 30 * 86_400_000).toISOString(),
      lastUsedAt: new Date(now - 5 * 86_400_000).toISOString(),
      userAgent: SAFARI_ON_IPHONE,
      current: false,
    },
  ];
  const requests: RecordedRequest[] = [];
  const me = (): MeData => ({ user, organization });

  const record = async (request: Request) =>
    keepRequest(requests, request, await jsonBodyOf(request));

  const handlers = [
    http.get('*/api/auth/me', async ({ request }) => {
      await record(request);
      return ok(me());
    }),
    http.put('*/api/auth/me', async ({ request }) => {
      const parsed = updateMeBody.safeParse(await record(request), { error: validationErrorMap });
      if (!parsed.success) {
        return fail(400, 'Validation failed', parsed.error.issues.map(fieldErrorOf));
      }
      const { notifications, ...rest } = parsed.data;
      const changes = Object.fromEntries(
        Object.entries(rest).filter(([, value]) => value !== undefined),
      );
      user = {
        ...user,
        ...changes,
        notifications: { ...user.notifications, ...notifications },
      };
      return ok(me());
    }),
    http.post('*/api/auth/change-password', async ({ request }) => {
      const parsed = changePasswordBody.safeParse(await record(request), {
        error: validationErrorMap,
      });
      if (!parsed.success) {
        return fail(400, 'Validation failed', parsed.error.issues.map(fieldErrorOf));
      }
      if (parsed.data.currentPassword !== password) {
        return fail(400, 'Validation failed', [
          {
            path: 'currentPassword',
            code: 'invalid_value',
            params: { rule: 'current_password' },
            message: 'Current password is wrong',
          },
        ]);
      }
      password = parsed.data.newPassword;
      user = { ...user, mustChangePassword: false };
      sessions = sessions.filter((item) => item.current);
      return ok(me());
    }),
    http.get('*/api/auth/sessions', async ({ request }) => {
      await record(request);
      return ok({ data: sessions });
    }),
    http.delete('*/api/auth/sessions/:id', async ({ request, params }) => {
      await record(request);
      const found = sessions.find((item) => item._id === params.id);
      if (!found) return fail(404, 'Not found');
      sessions = sessions.filter((item) => item._id !== params.id);
      return ok({ _id: found._id });
    }),
    http.post('*/api/auth/logout-all', async ({ request }) => {
      await record(request);
      sessions = [];
      return ok(null);
    }),
    http.post('*/api/auth/logout', async ({ request }) => {
      await record(request);
      return ok(null);
    }),
    http.get('*/api/auth/options', async ({ request }) => {
      await record(request);
      return ok({ emailRecovery: options.emailRecovery ?? true });
    }),
  ];

  return {
    handlers,
    requests,
    requestsTo(method: string, path: string) {
      return requests.filter(
        (request) => request.method === method && request.url.pathname === `/api${path}`,
      );
    },
    get user() {
      return user;
    },
    get sessions() {
      return sessions;
    },
    get password() {
      return password;
    },
  };
}

export type AccountFake = ReturnType<typeof createAccountFake>;
