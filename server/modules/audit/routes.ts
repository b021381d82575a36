import type { FastifyPluginCallback } from 'fastify';
import { auditEntry, auditListQuery } from '../../../contract/audit.ts';
import type { ResourceModule } from '../registry.ts';
import { AUDIT_TIME_ZONE, auditRepository } from './repository.ts';
import { registerListRoute } from '../../lib/area-routes.ts';

/** The trail is read-only over HTTP: entries are written by the writes they describe. */
export const auditRoutes: FastifyPluginCallback = (scope, _options, done) => {
  registerListRoute(scope, {
    permission: 'audit.read',
    operationId: 'listAuditEntries',
    summary: 'List the audit trail, newest first',
    tags: ['Audit trail'],
    description:
      'Every write of the organization, newest first (`-at`, then `_id`). `startDate` and ' +
      '`endDate` are calendar days in the server’s time zone ' +
      `(${AUDIT_TIME_ZONE} on this server): from the start of \`startDate\` to the end of ` +
      '`endDate`, both included.',
    querystring: auditListQuery,
    record: auditEntry,
    repository: auditRepository,
    message: 'Audit log fetched successfully',
  });
  done();
};

export const resourceModule: ResourceModule = { prefix: '/audit-log', routes: auditRoutes };
