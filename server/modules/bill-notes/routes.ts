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
import { envelope } from '../../../contract/common.ts';
import { assertOwnOrganization, idParams, staleVersionResponse } from '../../lib/crud-routes.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-errors.ts';
import { tenantOf } from '../../plugins/auth.ts';
import type { ResourceModule } from '../registry.ts';
import { billNoteRepository } from './repository.ts';
import { registerListRoute } from '../../lib/list-route.ts';

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
    {
      config: write,
      schema: {
        operationId: 'getNextBillNoteNumber',
        summary: 'The number the next note of a kind and date would take',
        tags,
        querystring: billNoteNextNumberQuery,
        response: { 200: envelope(billNoteNextNumber) },
        description:
          'Nothing is reserved: a note of the kind issued meanwhile elsewhere takes it first. For the review before a note is issued.',
      },
    },
    async (request) =>
      ok(
        await billNoteRepository.nextNumber(app.db, tenantOf(request), request.query),
        'Next note number fetched successfully',
      ),
  );

  app.get(
    '/:id',
    {
      config: read,
      schema: {
        operationId: 'getBillNote',
        summary: 'Get one credit or debit note',
        tags,
        params: idParams,
        response: { 200: envelope(billNote) },
      },
    },
    async (request) => {
      const record = await billNoteRepository.findById(
        app.db,
        tenantOf(request),
        request.params.id,
      );
      if (!record) throw notFound(NOTE_NOT_FOUND);
      return ok(record, 'Note fetched successfully');
    },
  );

  app.post(
    '/',
    {
      config: write,
      schema: {
        operationId: 'createBillNote',
        summary: 'Issue a credit or debit note against a live bill',
        tags,
        body: billNoteCreate,
        response: { 201: envelope(billNote) },
        description:
          "Tax follows the bill (rate and split). A credit note settles the bill's balance first and leaves the rest as the merchant's advance; a debit note is owed like a bill.",
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      assertOwnOrganization(request.body, tenant);
      const record = await billNoteRepository.create(app.db, tenant, request.body);
      return reply.code(201).send(ok(record, 'Note created successfully'));
    },
  );

  app.post(
    '/:id/cancel',
    {
      config: write,
      schema: {
        operationId: 'cancelBillNote',
        summary: 'Cancel a credit or debit note; its number stays used',
        tags,
        params: idParams,
        body: billNoteCancel,
        response: { 200: envelope(billNote), 409: staleVersionResponse(billNote) },
      },
    },
    async (request) => {
      const record = await billNoteRepository.cancel(
        app.db,
        tenantOf(request),
        request.params.id,
        request.body,
      );
      if (!record) throw notFound(NOTE_NOT_FOUND);
      return ok(record, 'Note cancelled');
    },
  );

  done();
};

export const resourceModule: ResourceModule = { prefix: '/bill-notes', routes: billNoteRoutes };
