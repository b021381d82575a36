import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bill,
  billCancel,
  billCreate,
  billListQuery,
  billNextNumber,
  billNextNumberQuery,
  billUpdate,
  unbilledOrdersQuery,
} from '../../../contract/bills.ts';
import { GST_STATES } from '../../../contract/gst.ts';
import { order } from '../../../contract/orders.ts';
import { idParams } from '../../lib/crud-routes.ts';
import { sendCsv, type CsvValue, type ResolvedCsv } from '../../lib/csv-export.ts';
import { ok } from '../../lib/envelope.ts';
import { csvResponse } from '../../lib/openapi-responses.ts';
import { okIfFound } from '../../lib/ok-if-found.ts';
import { routeOptions } from '../../lib/route-options.ts';
import { writingTenant } from '../../lib/writing-tenant.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import {
  registerCreateRoute,
  registerFindRoute,
  registerListRoute,
  registerUpdateRoute,
} from '../../lib/area-routes.ts';
import type { ResourceModule } from '../registry.ts';
import { billRegisterRows, billRepository } from './repository.ts';

const BILL_NOT_FOUND = 'Bill not found';
const tags = ['Bills'];
const read = { permission: 'bills.read' } as const;
const write = { permission: 'bills.write' } as const;

/** GSTR-1 writes the place of supply as `24-Gujarat`. */
const placeOfSupplyLabel = (code: string) => {
  const name = (GST_STATES as Record<string, string>)[code];
  return name ? `${code}-${name}` : code;
};

/** The register's columns in GSTR-1's order, by the key billRegisterRows names them. */
const REGISTER_HEADERS: Record<string, string> = {
  number: 'Invoice number',
  bill_date: 'Invoice date',
  document: 'Document type',
  original_number: 'Original invoice number',
  original_date: 'Original invoice date',
  buyer_name: 'Buyer name',
  buyer_gstin: 'Buyer GSTIN',
  place_of_supply: 'Place of supply',
  taxable: 'Taxable value',
  cgst: 'CGST',
  sgst: 'SGST',
  igst: 'IGST',
  round_off: 'Round off',
  total: 'Invoice value',
  status: 'Status',
};
const REGISTER_KEYS = Object.keys(REGISTER_HEADERS);
const AMOUNT_KEYS = new Set(['taxable', 'cgst', 'sgst', 'igst', 'round_off', 'total']);

/** As GSTR-1 names the documents. */
const DOCUMENT_TYPES: Record<string, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  debit_note: 'Debit note',
};

/**
 * GSTR-1's own English headers, whatever the language; amounts keep the two decimals PostgreSQL
 * wrote, as values (a negative round off is a number, not text to neutralise).
 */
const registerCsv: ResolvedCsv = {
  headers: Object.values(REGISTER_HEADERS),
  cells: (row) =>
    REGISTER_KEYS.map((key): CsvValue => {
      // billRegisterRows selects every column as text.
      const text = (row[key] as string | null) ?? '';
      if (AMOUNT_KEYS.has(key)) return { decimal: text };
      if (key === 'document') return DOCUMENT_TYPES[text] ?? text;
      return key === 'place_of_supply' ? placeOfSupplyLabel(text) : text;
    }),
  fileName: 'bills',
};

export const billRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  registerListRoute(scope, {
    permission: read.permission,
    operationId: 'listBills',
    summary: 'List bills, a page at a time, filtered and sorted',
    tags,
    querystring: billListQuery,
    record: bill,
    repository: billRepository,
    message: 'Bills fetched successfully',
  });

  app.get(
    '/unbilled-orders',
    routeOptions(read, {
      operationId: 'listUnbilledOrders',
      summary: "A merchant's orders that are ready to bill",
      tags,
      querystring: unbilledOrdersQuery,
      data: z.object({ data: z.array(order) }),
    }),
    async (request) =>
      ok(
        {
          data: await billRepository.unbilledOrders(
            app.db,
            tenantOf(request),
            request.query.merchantId,
          ),
        },
        'Unbilled orders fetched successfully',
      ),
  );

  app.get(
    '/next-number',
    routeOptions(write, {
      operationId: 'getNextBillNumber',
      summary: 'The number the next bill of a date would take',
      tags,
      querystring: billNextNumberQuery,
      data: billNextNumber,
      description:
        'The number a bill of `billDate` would take if issued now; nothing is reserved, so a bill issued meanwhile elsewhere takes it first. For the review before a bill is issued.',
    }),
    async (request) =>
      ok(
        await billRepository.nextNumber(app.db, tenantOf(request), request.query.billDate),
        'Next bill number fetched successfully',
      ),
  );

  app.get(
    '/export.csv',
    {
      config: read,
      schema: {
        operationId: 'exportBillsCsv',
        summary: 'Export the bill register as CSV',
        tags,
        querystring: billListQuery,
        response: { 200: csvResponse('UTF-8 CSV with a BOM, one row per bill, English headers') },
        description:
          'The register for GSTR-1 with the list filters, in bill date order, streamed as UTF-8 CSV with a BOM.',
      },
    },
    async (request, reply) => {
      const { page: _page, limit: _limit, sort: _sort, ...filters } = request.query;
      const tenant = tenantOf(request);
      return sendCsv(reply, registerCsv, billRegisterRows(app.db, tenant, filters), app.clock());
    },
  );

  registerFindRoute(scope, {
    permission: read.permission,
    operationId: 'getBill',
    summary: 'Get one bill',
    tags,
    record: bill,
    find: billRepository.findById,
    notFoundMessage: BILL_NOT_FOUND,
    message: 'Bill fetched successfully',
  });

  registerCreateRoute(scope, {
    permission: write.permission,
    operationId: 'createBill',
    summary: 'Make a bill from completed or delivered orders',
    tags,
    body: billCreate,
    record: bill,
    create: (body, request) => billRepository.create(app.db, writingTenant(request), body),
    message: 'Bill created successfully',
  });

  registerUpdateRoute(scope, {
    permission: write.permission,
    operationId: 'updateBill',
    summary: 'Change a bill: the fields sent, at the version read',
    tags,
    body: billUpdate,
    record: bill,
    update: (id, body, request) => billRepository.update(app.db, tenantOf(request), id, body),
    notFoundMessage: BILL_NOT_FOUND,
    message: 'Bill updated successfully',
  });

  app.post(
    '/:id/cancel',
    routeOptions(write, {
      operationId: 'cancelBill',
      summary: 'Cancel a bill',
      tags,
      params: idParams,
      body: billCancel,
      updated: bill,
    }),
    async (request) =>
      okIfFound(
        await billRepository.cancel(app.db, tenantOf(request), request.params.id, request.body),
        BILL_NOT_FOUND,
        'Bill cancelled',
      ),
  );

  done();
};

export const resourceModule: ResourceModule = { prefix: '/bills', routes: billRoutes };
