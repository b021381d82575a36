import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.ts';
import { gstPeriodRange, gstr1Query, gstr1Return, gstr1Summary } from '../../../contract/gstr1.ts';
import { ok } from '../../lib/envelope.ts';
import { tenantOf } from '../../plugins/auth.ts';
import type { ResourceModule } from '../registry.ts';
import { gstRepository } from './repository.ts';

const tags = ['GST returns'];
// A return is read from the bills, so whoever reads the bills register files it.
const read = { permission: 'bills.read' } as const;

export const gstRoutes: FastifyPluginCallback = (scope, _options, done) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/gstr1',
    {
      config: read,
      schema: {
        operationId: 'getGstr1',
        summary: "The period's GSTR-1 as the GST portal's offline tool imports it",
        tags,
        querystring: gstr1Query,
        response: { 200: envelope(gstr1Return) },
        description:
          '`period=MMYYYY` or `quarter=YYYY-Qn` (a calendar quarter; `fp` is its last month). `data` is the JSON file for the offline tool: b2b, b2cl, b2cs, nil, hsn and doc_issue as the portal defines them (docs/gst-returns.md).',
      },
    },
    async (request) =>
      ok(
        await gstRepository.gstr1(app.db, tenantOf(request), gstPeriodRange(request.query)),
        'GSTR-1 fetched successfully',
      ),
  );

  app.get(
    '/gstr1/summary',
    {
      config: read,
      schema: {
        operationId: 'getGstr1Summary',
        summary: "Each GSTR-1 table's count and sums beside the register, and what to fix",
        tags,
        querystring: gstr1Query,
        response: { 200: envelope(gstr1Summary) },
        description:
          'Per section the count of documents and the sums of txval, iamt, camt and samt; the bills register for the same dates; the GSTR-3B 3.1 figures that follow; and the problems to fix before filing.',
      },
    },
    async (request) =>
      ok(
        await gstRepository.gstr1Summary(app.db, tenantOf(request), gstPeriodRange(request.query)),
        'GSTR-1 summary fetched successfully',
      ),
  );

  done();
};

export const resourceModule: ResourceModule = { prefix: '/gst', routes: gstRoutes };
