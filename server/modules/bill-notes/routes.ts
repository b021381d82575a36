import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billNote,
  billNoteCancel,
  billNoteCreate,
  billNoteListQuery,
  billNoteNextNumber,
  billNoteNextNumberQuery,
} from '../../../contract/bill-notes.ts';
import { idParams } from '../../lib/crud-routes.ts';
import { ok } from '../../lib/envelope.ts';
import { okIfFound } from '../../lib/ok-if-found.ts';
import { routeOptions } from '../../lib/route-options.ts';
import { writingTenant } from '../../lib/writing-tenant.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import {
  registerCreateRoute,
  registerFindRoute,
  registerListRoute,
} from '../../lib/area-routes.ts';
import type { ResourceModule } from '../registry.ts';
import { billNoteRepository } from './repository.ts';

const NOTE_NOT_FOUND = 'Note not found';
const tags = ['Credit and debit notes'];
// Notes are bills' corrections: whoever may bill may note.
const read = { permission: 'bills.read' } as const;
const write = { permission: 'bills.write' } as const;

export const billNoteRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  registerListRoute(scope, {
    permission: read.permission,
    operationId: 'listBillNotes',
    summary: 'List credit and debit notes, newest first',
    tags,
    querystring: billNoteListQuery,
    record: billNote,
    repository: billNoteRepository,
    message: 'Notes fetched successfully',
  });

  app.get(
    '/next-number',
    routeOptions(write, {
      operationId: 'getNextBillNoteNumber',
      summary: 'The number the next note of a kind and date would take',
      tags,
      querystring: billNoteNextNumberQuery,
      data: billNoteNextNumber,
      description:
        'Nothing is reserved: a note of the kind issued meanwhile elsewhere takes it first. For the review before a note is issued.',
    }),
    async (request) =>
      ok(
        await billNoteRepository.nextNumber(app.db, tenantOf(request), request.query),
        'Next note number fetched successfully',
      ),
  );

  registerFindRoute(scope, {
    permission: read.permission,
    operationId: 'getBillNote',
    summary: 'Get one credit or debit note',
    tags,
    record: billNote,
    find: billNoteRepository.findById,
    notFoundMessage: NOTE_NOT_FOUND,
    message: 'Note fetched successfully',
  });

  registerCreateRoute(scope, {
    permission: write.permission,
    operationId: 'createBillNote',
    summary: 'Issue a credit or debit note against a live bill',
    description:
      "Tax follows the bill (rate and split). A credit note settles the bill's balance first and leaves the rest as the merchant's advance; a debit note is owed like a bill.",
    tags,
    body: billNoteCreate,
    record: billNote,
    create: (body, request) => billNoteRepository.create(app.db, writingTenant(request), body),
    message: 'Note created successfully',
  });

  app.post(
    '/:id/cancel',
    routeOptions(write, {
      operationId: 'cancelBillNote',
      summary: 'Cancel a credit or debit note; its number stays used',
      tags,
      params: idParams,
      body: billNoteCancel,
      updated: billNote,
    }),
    async (request) =>
      okIfFound(
        await billNoteRepository.cancel(app.db, tenantOf(request), request.params.id, request.body),
        NOTE_NOT_FOUND,
        'Note cancelled',
      ),
  );

  done();
};

export const resourceModule: ResourceModule = { prefix: '/bill-notes', routes: billNoteRoutes };
