import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEntry, auditListQuery } from '../../../contract/audit.ts';
import { envelope, paged } from '../../../contract/common.ts';
import { ok } from '../../lib/envelope.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import type { ResourceModule } from '../registry.ts';
import { AUDIT_TIME_ZONE, auditRepository } from './repository.ts';

/** The trail is read-only over HTTP: entries are written by the writes they describe. */
export const auditRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    {
      config: { permission: 'audit.read' },
      schema: {
        operationId: 'listAuditEntries',
        summary: 'List the audit trail, newest first',
        tags: ['Audit trail'],
        description:
          'Every write of the organization, newest first (`-at`, then `_id`). `startDate` and ' +
          '`endDate` are calendar days in the server’s time zone ' +
          `(${AUDIT_TIME_ZONE} on this server): from the start of \`startDate\` to the end of ` +
          '`endDate`, both included.',
        querystring: auditListQuery,
        response: { 200: envelope(paged(auditEntry)) },
      },
    },
    async (request) =>
      ok(
        await auditRepository.list(app.db, tenantOf(request), request.query),
        'Audit log fetched successfully',
      ),
  );
  done();
};

export const resourceModule: ResourceModule = { prefix: '/audit-log', routes: auditRoutes };
