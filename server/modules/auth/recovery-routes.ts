import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authOptions,
  forgotPasswordBody,
  resetPasswordBody,
  verifyCodeBody,
  verifyCodeData,
} from '../../../contract/auth.ts';
import { envelope } from '../../../contract/common.ts';
import { englishFieldMessage } from '../../../contract/validation.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/http-errors.ts';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { assertAddressAllowance } from './attempt-throttle.ts';
import {
  exchangeResetCode,
  findActiveAccount,
  issueResetCode,
  resetCodeMail,
  resetPasswordWithToken,
} from './recovery.ts';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses this email, a code to reset its password is on its way';

/**
 * Setting the password costs a slow hash; the token itself is far too long to guess. Code checks
 * and code requests have their limits in the database instead (attempt-throttle.ts).
 */
const RESET_RATE_LIMIT = { max: 20, timeWindow: 15 * 60 * 1000 };

const invalidCode = (path: 'code' | 'resetToken') =>
  badRequest('Invalid or expired code', [
    {
      path,
      code: 'invalid_value',
      params: { rule: 'reset_code' },
      message: englishFieldMessage('invalid_value', { rule: 'reset_code' }),
    },
  ]);

/** Issues and mails a code when an active account uses `email` and is under its hourly limit. */
async function sendResetCode(db: Database, mailer: Mailer, email: string, now: Date) {
  const account = await findActiveAccount(db, email);
  if (!account) return;
  const code = await issueResetCode(db, account.id, now);
  if (code) await mailer.send(resetCodeMail(account, code));
}

/**
 * Password recovery by emailed code. Without mail (`mailer` null) forgot-password still answers
 * the same 200 but sends and stores nothing; `GET /options` tells the sign-in pages so they can
 * point people to the owner, who resets passwords from Users.
 */
export function recoveryRoutes(mailer: Mailer | null): FastifyPluginCallback {
  return function registerRecoveryRoutes(scope, _options, done) {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['Auth'];
    /** Codes being issued and mailed after their answer; waited for before the app closes. */
    const pending = new Set<Promise<void>>();
    app.addHook('onClose', async () => {
      await Promise.allSettled(pending);
    });

    app.get(
      '/options',
      {
        config: { permission: 'public' },
        schema: {
          operationId: 'getAuthOptions',
          tags,
          summary: 'What the sign-in pages may offer on this server',
          description: '`emailRecovery` is true only when SMTP is configured (`SMTP_URL`).',
          response: { 200: envelope(authOptions) },
        },
      },
      () => Promise.resolve(ok({ emailRecovery: mailer !== null }, 'Options fetched successfully')),
    );

    app.post(
      '/forgot-password',
      {
        config: { permission: 'public' },
        schema: {
          operationId: 'requestPasswordReset',
          tags,
          summary: 'Email a password reset code',
          description:
            'Always 200 with the same message, whether or not an active account uses the email. ' +
            'An active account is mailed a 6-digit code valid for 15 minutes that replaces any ' +
            'earlier one; past 5 codes in an hour, or without SMTP, nothing is sent. One client ' +
            'address may ask 10 times in 15 minutes, then 429 with `Retry-After`.',
          body: forgotPasswordBody,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        const { email } = request.body;
        await assertAddressAllowance(request, 'recoveryRequest', email);
        if (mailer) {
          // Looked up, limited and mailed after answering: the answer then takes as long, and
          // says as much, whether or not the address has an account.
          const work = sendResetCode(app.db, mailer, email, app.clock()).catch((error: unknown) => {
            request.log.error({ err: error }, 'password reset code could not be sent');
          });
          pending.add(work);
          void work.finally(() => pending.delete(work));
        }
        return ok(null, FORGOT_PASSWORD_MESSAGE);
      },
    );

    app.post(
      '/verify-code',
      {
        config: { permission: 'public' },
        schema: {
          operationId: 'verifyResetCode',
          tags,
          summary: 'Exchange the emailed code for a reset token',
          description:
            'Returns a reset token valid for 15 minutes, usable once. A wrong or expired code is ' +
            '400 with a field error on `code`; after 5 wrong tries the code no longer works. One ' +
            'client address may check 20 codes (these and sign-up confirmations) in 15 minutes, ' +
            'then 429 with `Retry-After`.',
          body: verifyCodeBody,
          response: { 200: envelope(verifyCodeData) },
        },
      },
      async (request) => {
        const { email, code } = request.body;
        await assertAddressAllowance(request, 'codeCheck', email);
        const resetToken = await exchangeResetCode(app.db, email, code, app.clock());
        if (!resetToken) throw invalidCode('code');
        return ok({ resetToken }, 'Code accepted');
      },
    );

    app.post(
      '/reset-password',
      {
        config: { permission: 'public', rateLimit: RESET_RATE_LIMIT },
        schema: {
          operationId: 'resetPassword',
          tags,
          summary: 'Set a new password with a reset token',
          description:
            'Sets the password, clears a forced password change and signs the user out everywhere. ' +
            'An unknown, used or expired token is 400 with a field error on `resetToken`.',
          body: resetPasswordBody,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        const { resetToken, password } = request.body;
        const passwordHash = await hashPassword(password);
        const reset = await resetPasswordWithToken(app.db, resetToken, passwordHash, app.clock());
        if (!reset) throw invalidCode('resetToken');
        return ok(null, 'Password reset. Sign in with the new password');
      },
    );
    done();
  };
}
