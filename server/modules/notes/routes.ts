import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleted, envelope } from '../../../contract/common.ts';
import {
  inbox,
  inboxQuery,
  note,
  noteCreate,
  notePerson,
  noteRead,
  noteReadState,
  noteThread,
  noteThreadQuery,
} from '../../../contract/notes.ts';
import { idParams } from '../../lib/crud-routes.ts';
import { ok } from '../../lib/envelope.ts';
import { failureResponse } from '../../lib/openapi-responses.ts';
import { notFound } from '../../lib/http-errors.ts';
import { authenticatedOf, tenantOf } from '../../lib/request-auth.ts';
import type { ResourceModule } from '../registry.ts';
import { registerCreateRoute } from '../../lib/area-routes.ts';
import { routeOptions } from '../../lib/route-options.ts';
import {
  createNote,
  deleteNote,
  listInbox,
  listPeople,
  listThread,
  markRead,
} from './repository.ts';

const tags = ['Notes'];
const read = { permission: 'notes.read' } as const;
const write = { permission: 'notes.write' } as const;
const remove = { permission: 'notes.delete' } as const;
const SUBJECT_NOT_FOUND = 'Order or merchant not found';
const subjectNotFound = failureResponse(
  'No such order or merchant to hold the thread: `not_found`',
);

export const noteRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      config: read,
      schema: {
        operationId: 'listNotes',
        tags,
        summary: "A thread's notes, oldest first, paged by cursor",
        querystring: noteThreadQuery,
        response: { 200: envelope(noteThread), 404: subjectNotFound },
      },
    },
    async (request) => {
      const thread = await listThread(app.db, tenantOf(request), request.query);
      if (!thread) throw notFound(SUBJECT_NOT_FOUND);
      return ok(thread, 'Notes fetched successfully');
    },
  );

  app.get(
    '/inbox',
    routeOptions(read, {
      operationId: 'listNoteInbox',
      tags,
      summary: "Threads with the caller's unread counts, mentions first, then newest",
      querystring: inboxQuery,
      data: inbox,
    }),
    async (request) =>
      ok(await listInbox(app.db, tenantOf(request), request.query), 'Inbox fetched successfully'),
  );

  app.get(
    '/people',
    {
      config: read,
      schema: {
        operationId: 'listNotePeople',
        tags,
        summary: 'Active team members who can be mentioned',
        response: { 200: envelope(z.object({ data: z.array(notePerson) })) },
      },
    },
    async (request) =>
      ok({ data: await listPeople(app.db, tenantOf(request)) }, 'People fetched successfully'),
  );

  registerCreateRoute(scope, {
    permission: write.permission,
    operationId: 'createNote',
    tags,
    summary: 'Write a note on an order or a merchant',
    body: noteCreate,
    record: note,
    create: (body, request) => createNote(app.db, tenantOf(request), body),
    message: 'Note added',
  });

  app.post(
    '/read',
    {
      config: read,
      schema: {
        operationId: 'markNotesRead',
        tags,
        summary: 'Mark a thread read for the caller',
        body: noteRead,
        response: { 200: envelope(noteReadState), 404: subjectNotFound },
      },
    },
    async (request) => {
      const state = await markRead(app.db, tenantOf(request), request.body);
      if (!state) throw notFound(SUBJECT_NOT_FOUND);
      return ok(state, 'Thread marked read');
    },
  );

  app.delete(
    '/:id',
    routeOptions(remove, {
      operationId: 'deleteNote',
      tags,
      summary: 'Delete a note (its author, or an owner or admin)',
      params: idParams,
      data: deleted,
    }),
    async (request) => {
      const { tenant, session } = authenticatedOf(request);
      const id = await deleteNote(app.db, tenant, session.user.role, request.params.id);
      if (!id) throw notFound('Note not found');
      return ok({ _id: id }, 'Note deleted');
    },
  );

  done();
};

export const resourceModule: ResourceModule = { prefix: '/notes', routes: noteRoutes };
