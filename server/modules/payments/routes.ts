import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleted, envelope } from '../../../contract/common.ts';
import {
  openBill,
  openBillsQuery,
  payment,
  paymentCreate,
  paymentListQuery,
  paymentTotals,
  paymentUpdate,
  type Payment,
  type PaymentListParams,
} from '../../../contract/payments.ts';
import { idParams, registerCsvExport } from '../../lib/crud-routes.ts';
import { writingTenant } from '../../lib/writing-tenant.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-errors.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import {
  registerCreateRoute,
  registerFindRoute,
  registerListRoute,
  registerUpdateRoute,
} from '../../lib/area-routes.ts';
import type { ResourceModule } from '../registry.ts';
import { paymentRepository } from './repository.ts';

const PAYMENT_NOT_FOUND = 'Payment not found';
const tags = ['Payments'];
const read = { permission: 'payments.read' } as const;
const write = { permission: 'payments.write' } as const;

/** The bills a payment settled, in one cell: `KT/2026-27/00012: 4500; KT/2026-27/00015: 500`. */
const billsAppliedText = (record: Record<string, unknown>) =>
  (record as unknown as Payment).allocations
    .map((allocation) => `${allocation.billNumber}: ${allocation.amount}`)
    .join('; ');

export const paymentRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  registerListRoute(scope, {
    permission: read.permission,
    operationId: 'listPayments',
    summary: 'List payments, a page at a time, filtered and sorted',
    tags,
    querystring: paymentListQuery,
    record: payment,
    repository: paymentRepository,
    message: 'Payments fetched successfully',
  });

  registerCsvExport(scope, {
    tag: 'Payments',
    plural: 'Payments',
    permission: read.permission,
    listQuery: paymentListQuery,
    csv: {
      namespace: 'payments',
      columns: [
        { key: 'paymentDate' },
        { key: 'merchant.name', label: 'columns.merchant' },
        { key: 'amount' },
        { key: 'method', values: 'methods' },
        { key: 'reference' },
        { key: 'tdsAmount' },
        { key: 'allocatedAmount', label: 'split.applied' },
        { key: 'unallocatedAmount', label: 'columns.unallocatedAmount' },
        { key: 'allocations', value: billsAppliedText },
        { key: 'notes' },
      ],
    },
    rows: (db, tenant, query) =>
      paymentRepository.exportRows(
        db,
        tenant,
        query as Omit<PaymentListParams, 'page' | 'limit'>,
      ) as AsyncIterable<Record<string, unknown>>,
  });

  app.get(
    '/totals',
    {
      config: read,
      schema: {
        operationId: 'getPaymentTotals',
        summary: 'Totals of every payment the list filters select',
        tags,
        querystring: paymentListQuery,
        description: 'Totals of every payment matching the list filters, not only one page.',
        response: { 200: envelope(paymentTotals) },
      },
    },
    async (request) => {
      const { page: _page, limit: _limit, sort: _sort, ...filters } = request.query;
      return ok(
        await paymentRepository.totals(app.db, tenantOf(request), filters),
        'Payment totals fetched successfully',
      );
    },
  );

  app.get(
    '/open-bills',
    {
      config: read,
      schema: {
        operationId: 'listOpenBills',
        summary: "A merchant's bills with an amount still due",
        tags,
        querystring: openBillsQuery,
        description: "The merchant's live bills with a balance, oldest first.",
        response: { 200: envelope(z.object({ data: z.array(openBill) })) },
      },
    },
    async (request) =>
      ok(
        {
          data: await paymentRepository.openBills(
            app.db,
            tenantOf(request),
            request.query.merchantId,
          ),
        },
        'Open bills fetched successfully',
      ),
  );

  registerFindRoute(scope, {
    permission: read.permission,
    operationId: 'getPayment',
    summary: 'Get one payment',
    tags,
    record: payment,
    find: paymentRepository.findById,
    notFoundMessage: PAYMENT_NOT_FOUND,
    message: 'Payment fetched successfully',
  });

  registerCreateRoute(scope, {
    permission: write.permission,
    operationId: 'createPayment',
    summary: 'Record a payment and how it is applied to bills',
    tags,
    body: paymentCreate,
    record: payment,
    create: (body, request) => paymentRepository.create(app.db, writingTenant(request), body),
    message: 'Payment recorded successfully',
  });

  registerUpdateRoute(scope, {
    permission: write.permission,
    operationId: 'updatePayment',
    summary: 'Change a payment: the fields sent, at the version read',
    tags,
    body: paymentUpdate,
    record: payment,
    update: (id, body, request) =>
      paymentRepository.update(app.db, writingTenant(request), id, body),
    notFoundMessage: PAYMENT_NOT_FOUND,
    message: 'Payment updated successfully',
  });

  app.delete(
    '/:id',
    {
      config: write,
      schema: {
        operationId: 'deletePayment',
        summary: 'Delete a payment',
        tags,
        params: idParams,
        response: { 200: envelope(deleted) },
      },
    },
    async (request) => {
      const removedId = await paymentRepository.remove(
        app.db,
        tenantOf(request),
        request.params.id,
      );
      if (!removedId) throw notFound(PAYMENT_NOT_FOUND);
      return ok({ _id: removedId }, 'Payment deleted successfully');
    },
  );

  done();
};

export const resourceModule: ResourceModule = { prefix: '/payments', routes: paymentRoutes };
