import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleted, envelope, id, paged } from '../../../contract/common.ts';
import {
  productionStageList,
  productionStagesUpdate,
} from '../../../contract/production-stages.ts';
import {
  jobCard,
  jobCardListQuery,
  jobCardMove,
  jobCardUpdate,
  jobCardsFromOrder,
} from '../../../contract/job-cards.ts';
import {
  productionEntry,
  productionEntryBatch,
  productionEntryBatchResult,
  productionEntryCreate,
  productionEntryListQuery,
  productionEntryUpdate,
  PRODUCTION_PAY_FIELDS,
} from '../../../contract/production-entries.ts';
import { workerWages, workerWagesQuery } from '../../../contract/worker-wages.ts';
import { WORKER_PAY_PERMISSION } from '../../../contract/workers.ts';
import { localDay } from '../../lib/calendar-day.ts';
import { idParams, staleVersionResponse } from '../../lib/crud-routes.ts';
import { writingTenant } from '../../lib/writing-tenant.ts';
import {
  assertSortReadable,
  readableFor,
  withReadableConflict,
  type FieldGuard,
} from '../../lib/field-guard.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-errors.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import {
  registerCreateRoute,
  registerFindRoute,
  registerUpdateRoute,
} from '../../lib/area-routes.ts';
import type { ResourceModule } from '../registry.ts';
import { okIfFound } from '../../lib/ok-if-found.ts';
import { routeOptions } from '../../lib/route-options.ts';
import {
  createEntry,
  createEntryBatch,
  deleteEntry,
  findEntry,
  listEntries,
  updateEntry,
} from './entries.ts';
import {
  cardsFromOrder,
  deleteJobCard,
  findJobCard,
  listJobCards,
  moveJobCard,
  updateJobCard,
} from './job-cards.ts';
import { listStages, replaceStages } from './stages.ts';
import { workerWages as computeWorkerWages } from './wages.ts';
const read = { permission: 'production.read' } as const;
const write = { permission: 'production.write' } as const;
const remove = { permission: 'production.delete' } as const;

/** What an entry earns is a worker's pay: only the roles that may read salaries get it. */
const entryPay: FieldGuard = { permission: WORKER_PAY_PERMISSION, fields: PRODUCTION_PAY_FIELDS };

const CARD_NOT_FOUND = 'Job card not found';
const ENTRY_NOT_FOUND = 'Production entry not found';

const stageRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['Production stages'];

  app.get(
    '/stages',
    routeOptions(read, {
      operationId: 'listProductionStages',
      tags,
      summary: "The organization's production stages in order",
      data: productionStageList,
    }),
    async (request) =>
      ok({ data: await listStages(app.db, tenantOf(request)) }, 'Stages fetched successfully'),
  );

  app.put(
    '/stages',
    {
      config: { permission: 'organization.write' },
      schema: {
        operationId: 'replaceProductionStages',
        tags,
        summary: 'Replace the ordered list of stages',
        description:
          'A stage missing from the list is removed (409 `stage_in_use` while job cards are in it).',
        body: productionStagesUpdate,
        response: { 200: envelope(productionStageList), 409: staleVersionResponse(z.unknown()) },
      },
    },
    async (request) =>
      ok(
        { data: await replaceStages(app.db, tenantOf(request), request.body) },
        'Stages saved successfully',
      ),
  );
  done();
};

const jobCardRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['Job cards'];

  app.get(
    '/',
    {
      config: read,
      schema: {
        operationId: 'listJobCards',
        tags,
        summary: 'List job cards',
        querystring: jobCardListQuery,
        response: { 200: envelope(paged(jobCard)) },
      },
    },
    async (request) =>
      ok(
        await listJobCards(app.db, tenantOf(request), request.query, localDay(app.clock())),
        'Job cards fetched successfully',
      ),
  );

  app.post(
    '/from-order/:orderId',
    routeOptions(write, {
      operationId: 'createJobCardsFromOrder',
      tags,
      summary: "Make the job cards an order's lines are missing",
      params: z.object({ orderId: id }),
      data: jobCardsFromOrder,
    }),
    async (request) => {
      return okIfFound(
        await cardsFromOrder(app.db, tenantOf(request), request.params.orderId),
        'Order not found',
        'Job cards made',
      );
    },
  );

  registerFindRoute(scope, {
    permission: read.permission,
    operationId: 'getJobCard',
    summary: 'One job card',
    tags,
    record: jobCard,
    find: findJobCard,
    notFoundMessage: CARD_NOT_FOUND,
    message: 'Job card fetched successfully',
  });

  registerUpdateRoute(scope, {
    permission: write.permission,
    operationId: 'updateJobCard',
    tags,
    summary: "Assign a job card's workers and edit its notes",
    body: jobCardUpdate,
    record: jobCard,
    update: (id, body, request) => updateJobCard(app.db, tenantOf(request), id, body),
    notFoundMessage: CARD_NOT_FOUND,
    message: 'Job card updated successfully',
  });

  app.post(
    '/:id/move',
    routeOptions(write, {
      operationId: 'moveJobCard',
      tags,
      summary: 'Move a job card to another stage',
      params: idParams,
      body: jobCardMove,
      updated: jobCard,
    }),
    async (request) => {
      return okIfFound(
        await moveJobCard(app.db, tenantOf(request), request.params.id, request.body),
        CARD_NOT_FOUND,
        'Job card moved',
      );
    },
  );

  app.delete(
    '/:id',
    routeOptions(remove, {
      operationId: 'deleteJobCard',
      tags,
      summary: 'Delete a job card without production entries',
      params: idParams,
      data: deleted,
    }),
    async (request) => {
      const removed = await deleteJobCard(app.db, tenantOf(request), request.params.id);
      if (!removed) throw notFound(CARD_NOT_FOUND);
      return ok({ _id: removed }, 'Job card deleted successfully');
    },
  );
  done();
};

const entryRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['Production entries'];

  app.get(
    '/',
    {
      config: read,
      schema: {
        operationId: 'listProductionEntries',
        tags,
        summary: 'List production entries',
        querystring: productionEntryListQuery,
        response: { 200: envelope(paged(productionEntry)) },
      },
    },
    async (request) => {
      assertSortReadable(request, entryPay, request.query.sort);
      const page = await listEntries(app.db, tenantOf(request), request.query);
      const data = page.data.map(readableFor(request, entryPay));
      return ok({ ...page, data }, 'Production entries fetched successfully');
    },
  );

  app.post(
    '/batch',
    routeOptions(write, {
      operationId: 'createProductionEntryBatch',
      tags,
      summary: "Log a shift's work, all rows or none",
      body: productionEntryBatch,
      created: productionEntryBatchResult,
    }),
    async (request, reply) => {
      const entries = await createEntryBatch(app.db, tenantOf(request), request.body);
      const data = entries.map(readableFor(request, entryPay));
      return reply.code(201).send(ok({ data }, 'Production entries created'));
    },
  );

  app.get(
    '/:id',
    routeOptions(read, {
      operationId: 'getProductionEntry',
      tags,
      summary: 'One production entry',
      params: idParams,
      data: productionEntry,
    }),
    async (request) => {
      const entry = await findEntry(app.db, tenantOf(request), request.params.id);
      if (!entry) throw notFound(ENTRY_NOT_FOUND);
      return ok(readableFor(request, entryPay)(entry), 'Production entry fetched successfully');
    },
  );

  registerCreateRoute(scope, {
    permission: write.permission,
    operationId: 'createProductionEntry',
    tags,
    summary: 'Log work',
    body: productionEntryCreate,
    record: productionEntry,
    create: async (body, request) =>
      readableFor(request, entryPay)(await createEntry(app.db, writingTenant(request), body)),
    message: 'Production entry created successfully',
  });

  app.put(
    '/:id',
    routeOptions(write, {
      operationId: 'updateProductionEntry',
      tags,
      summary: 'Change a production entry',
      params: idParams,
      body: productionEntryUpdate,
      updated: productionEntry,
    }),
    async (request) => {
      const tenant = writingTenant(request);
      const readable = readableFor(request, entryPay);
      const entry = await withReadableConflict(
        updateEntry(app.db, tenant, request.params.id, request.body),
        readable,
      );
      if (!entry) throw notFound(ENTRY_NOT_FOUND);
      return ok(readable(entry), 'Production entry updated successfully');
    },
  );

  app.delete(
    '/:id',
    routeOptions(remove, {
      operationId: 'deleteProductionEntry',
      tags,
      summary: 'Delete a production entry',
      params: idParams,
      data: deleted,
    }),
    async (request) => {
      const removed = await deleteEntry(app.db, tenantOf(request), request.params.id);
      if (!removed) throw notFound(ENTRY_NOT_FOUND);
      return ok({ _id: removed }, 'Production entry deleted successfully');
    },
  );
  done();
};

const wageRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    routeOptions(
      { permission: 'salaries.read' },
      {
        operationId: 'getWorkerWages',
        tags: ['Worker wages'],
        summary: "A month's earnings, payments and balance per worker",
        querystring: workerWagesQuery,
        data: workerWages,
      },
    ),
    async (request) =>
      ok(
        await computeWorkerWages(app.db, tenantOf(request), request.query),
        'Wages fetched successfully',
      ),
  );
  done();
};

/** Stages, job cards, production entries and wages: one area serving four paths. */
export const resourceModules: ResourceModule[] = [
  { prefix: '/production', routes: stageRoutes },
  { prefix: '/job-cards', routes: jobCardRoutes },
  { prefix: '/production-entries', routes: entryRoutes },
  { prefix: '/worker-wages', routes: wageRoutes },
];
