import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
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
import { envelope, paged } from '../../../contract/common.ts';
import { GST_STATES } from '../../../contract/gst.ts';
import { order } from '../../../contract/orders.ts';
import { assertOwnOrganization, idParams, staleVersionResponse } from '../../lib/crud-routes.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-errors.ts';
import { tenantOf } from '../../plugins/auth.ts';
import type { ResourceModule } from '../registry.ts';
import { billRegisterRows, billRepository } from './repository.ts';

const BILL_NOT_FOUND = 'Bill not found';
const tags = ['Bills'];
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];
const read = { permission: 'bills.read' } as const;
const write = { permission: 'bills.write' } as const;

/** GSTR-1 writes the place of supply as `24-Gujarat`. */
const placeOfSupplyLabel = (code: string) => {
  const name = (GST_STATES as Record<string, string>)[code];
  return name ? `${code}-${name}` : code;
};

async function* registerLines(rows: AsyncIterable<Record<string, string>>) {
  for await (const row of rows) {
    yield { ...row, place_of_supply: placeOfSupplyLabel(row.place_of_supply ?? '') };
  }
}

const REGISTER_COLUMNS = [
  { key: 'number', header: 'Invoice number' },
  { key: 'bill_date', header: 'Invoice date' },
  { key: 'buyer_name', header: 'Buyer name' },
  { key: 'buyer_gstin', header: 'Buyer GSTIN' },
  { key: 'place_of_supply', header: 'Place of supply' },
  { key: 'taxable', header: 'Taxable value' },
  { key: 'cgst', header: 'CGST' },
  { key: 'sgst', header: 'SGST' },
  { key: 'igst', header: 'IGST' },
  { key: 'round_off', header: 'Round off' },
  { key: 'total', header: 'Invoice value' },
  { key: 'status', header: 'Status' },
];

export const billRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      config: read,
      schema: {
        tags,
        security,
        querystring: billListQuery,
        response: { 200: envelope(paged(bill)) },
      },
    },
    async (request) =>
      ok(
        await billRepository.list(app.db, tenantOf(request), request.query),
        'Bills fetched successfully',
      ),
  );

  app.get(
    '/unbilled-orders',
    {
      config: read,
      schema: {
        tags,
        security,
        querystring: unbilledOrdersQuery,
        response: { 200: envelope(z.object({ data: z.array(order) })) },
      },
    },
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
    {
      config: write,
      schema: {
        tags,
        security,
        querystring: billNextNumberQuery,
        response: { 200: envelope(billNextNumber) },
        description:
          'The number a bill of `billDate` would take if issued now; nothing is reserved, so a bill issued meanwhile elsewhere takes it first. For the review before a bill is issued.',
      },
    },
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
        tags,
        security,
        querystring: billListQuery,
        produces: ['text/csv'],
        description:
          'The register for GSTR-1 with the list filters, in bill date order, streamed as UTF-8 CSV with a BOM.',
      },
    },
    async (request, reply) => {
      const { page: _page, limit: _limit, sort: _sort, ...filters } = request.query;
      const tenant = tenantOf(request);
      const rows = Readable.from(registerLines(billRegisterRows(app.db, tenant, filters)));
      const csv = stringify({ header: true, bom: true, columns: REGISTER_COLUMNS });
      rows.on('error', (error) => csv.destroy(error));
      rows.pipe(csv);
      const today = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bills-${today}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/:id',
    {
      config: read,
      schema: { tags, security, params: idParams, response: { 200: envelope(bill) } },
    },
    async (request) => {
      const record = await billRepository.findById(app.db, tenantOf(request), request.params.id);
      if (!record) throw notFound(BILL_NOT_FOUND);
      return ok(record, 'Bill fetched successfully');
    },
  );

  app.post(
    '/',
    {
      config: write,
      schema: { tags, security, body: billCreate, response: { 201: envelope(bill) } },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      assertOwnOrganization(request.body, tenant);
      const record = await billRepository.create(app.db, tenant, request.body);
      return reply.code(201).send(ok(record, 'Bill created successfully'));
    },
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        security,
        params: idParams,
        body: billUpdate,
        response: { 200: envelope(bill), 409: staleVersionResponse(bill) },
      },
    },
    async (request) => {
      const record = await billRepository.update(
        app.db,
        tenantOf(request),
        request.params.id,
        request.body,
      );
      if (!record) throw notFound(BILL_NOT_FOUND);
      return ok(record, 'Bill updated successfully');
    },
  );

  app.post(
    '/:id/cancel',
    {
      config: write,
      schema: {
        tags,
        security,
        params: idParams,
        body: billCancel,
        response: { 200: envelope(bill), 409: staleVersionResponse(bill) },
      },
    },
    async (request) => {
      const record = await billRepository.cancel(
        app.db,
        tenantOf(request),
        request.params.id,
        request.body,
      );
      if (!record) throw notFound(BILL_NOT_FOUND);
      return ok(record, 'Bill cancelled');
    },
  );

  done();
};

export const resourceModule: ResourceModule = { prefix: '/bills', routes: billRoutes };
