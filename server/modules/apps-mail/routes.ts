import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { testMailData } from '../../../contract/apps.ts';
import { envelope } from '../../../contract/common.ts';
import { ok } from '../../lib/envelope.ts';
import { failureResponse } from '../../lib/openapi-responses.ts';
import { conflict, HttpError } from '../../lib/http-errors.ts';
import { authenticatedOf } from '../../lib/request-auth.ts';
import type { ResourceModule } from '../registry.ts';
import { testMail } from './test-mail.ts';

/**
 * The Apps page's email check: a manager sends a mail to their own address to see that the
 * server's SMTP settings work, before a worker needs a password reset code.
 */
export const appsMailRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/test-mail',
    {
      config: { permission: 'organization.write' },
      schema: {
        operationId: 'sendTestMail',
        tags: ['Apps'],
        summary: "Send a test mail to the signed-in user's address",
        description:
          'Mails the signed-in user, in their language, over the configured SMTP server. 409 ' +
          '`mail_not_configured` when `SMTP_URL` is not set; 502 `mail_not_sent` when the SMTP ' +
          'server refuses the mail or cannot be reached.',
        response: {
          200: envelope(testMailData),
          502: failureResponse('The SMTP server did not take the mail: `mail_not_sent`'),
        },
      },
    },
    async (request) => {
      const mailer = app.mailer;
      if (!mailer) {
        throw conflict('Email is not configured on this server (SMTP_URL)', {
          code: 'mail_not_configured',
        });
      }
      const { user, organization } = authenticatedOf(request).session;
      try {
        await mailer.send(testMail(user, organization.name));
      } catch (error) {
        request.log.warn({ err: error }, 'test mail could not be sent');
        throw new HttpError(502, 'The mail server did not accept the mail', {
          code: 'mail_not_sent',
        });
      }
      return ok({ to: user.email }, 'Test mail sent');
    },
  );
  done();
};

export const resourceModule: ResourceModule = { prefix: '/apps', routes: appsMailRoutes };
