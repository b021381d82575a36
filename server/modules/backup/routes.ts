import { Readable } from 'node:stream';
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/common.ts';
import { backupFile, restoreResult } from '../../../contract/data-io.ts';
import { ok } from '../../lib/envelope.ts';
import { failureResponse } from '../../lib/openapi-responses.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import { hashBodyWhileReading } from '../../plugins/idempotency.ts';
import type { ResourceModule } from '../registry.ts';
import { backupDocument, poolOf, readBackupFile, restoreBackup } from './repository.ts';

/**
 * A backup holds every record of the organization: large ones run to tens of megabytes of JSON.
 * Only this route accepts such a body; the rest of the API keeps its small limit.
 */
export const RESTORE_BODY_LIMIT_BYTES = 512 * 1024 * 1024;

const tags = ['Backup'];

export const backupRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get(
    '/',
    {
      config: { permission: 'backup.download' },
      schema: {
        operationId: 'downloadBackup',
        tags,
        summary: 'Download the whole organization as one JSON file',
        description:
          '`{ format: "karkhana-backup", version, exportedAt, organization, tables }`: every ' +
          'table of the organization (users with their password hashes, so they can sign in ' +
          'after a restore; no sessions), read as one consistent snapshot and streamed.',
        response: {
          200: {
            description: 'The backup file, sent as an attachment',
            content: { 'application/json': { schema: backupFile } },
          },
        },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const now = app.clock();
      const document = Readable.from(backupDocument(poolOf(app.db), tenant.organizationId, now));
      const stamp = now.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="karkhana-backup-${stamp}.json"`)
        .send(document);
    },
  );

  app.post(
    '/restore',
    {
      config: { permission: 'backup.restore' },
      bodyLimit: RESTORE_BODY_LIMIT_BYTES,
      preParsing: hashBodyWhileReading,
      schema: {
        operationId: 'restoreBackup',
        tags,
        summary: 'Restore a backup into this organization (only while it is empty)',
        description:
          'The body is the downloaded file. 400 `backup_invalid` for anything else, 400 ' +
          '`backup_newer_version` for a file of a newer release, 409 `organization_not_empty` ' +
          'when the organization already holds records. All or nothing, in one transaction.',
        body: z.unknown(),
        response: {
          200: envelope(restoreResult),
          409: failureResponse('`organization_not_empty`: restore into a new organization'),
        },
      },
    },
    async (request) => {
      const file = readBackupFile(request.body);
      const result = await restoreBackup(app.db, tenantOf(request), file);
      return ok(result, 'Backup restored');
    },
  );

  done();
};

export const resourceModule: ResourceModule = { prefix: '/backup', routes: backupRoutes };
