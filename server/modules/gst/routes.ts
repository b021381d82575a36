import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.ts';
import {
  gstPeriodRange,
  gstr1Query,
  gstr1Return,
  gstr1Summary,
  type GstPeriodRange,
} from '../../../contract/gstr1.ts';
import type { Database } from '../../db/database.ts';
import type { TenantContext } from '../../lib/tenant.ts';
import { ok } from '../../lib/envelope.ts';
import { tenantOf } from '../../lib/request-auth.ts';
import type { ResourceModule } from '../registry.ts';
import { gstRepository } from './repository.ts';

const tags = ['GST returns'];
// A return is read from the bills, so whoever reads the bills register files it.
const read = { permission: 'bills.read' } as const;

/** Both returns are read for the period the query names; they differ in what they read. */
function periodReturnRoute<Data>(
  scope: FastifyInstance,
  path: string,
  route: { operationId: string; summary: string; response: z.ZodType<Data>; description: string },
  readReturn: (db: Database, tenant: TenantContext, range: GstPeriodRange) => Promise<Data>,
  message: string,
) {
  scope.withTypeProvider<ZodTypeProvider>().get(
    path,
    {
      config: read,
      schema: {
        operationId: route.operationId,
        summary: route.summary,
        tags,
        querystring: gstr1Query,
        response: { 200: envelope(route.response) },
        description: route.description,
      },
    },
    async (request) =>
      ok(await readReturn(scope.db, tenantOf(request), gstPeriodRange(request.query)), message),
  );
}

export const gstRoutes: FastifyPluginCallback = (scope, _options, done) => {
  periodReturnRoute(
    scope,
    '/gstr1',
    {
      operationId: 'getGstr1',
      summary: "The period's GSTR-1 as the GST portal's offline tool imports it",
      response: gstr1Return,
      description:
        '`period=MMYYYY` or `quarter=YYYY-Qn` (a calendar quarter; `fp` is its last month). `data` is the JSON file for the offline tool: b2b, b2cl, b2cs, nil, hsn and doc_issue as the portal defines them (docs/gst-returns.md).',
    },
    gstRepository.gstr1,
    'GSTR-1 fetched successfully',
  );
  periodReturnRoute(
    scope,
    '/gstr1/summary',
    {
      operationId: 'getGstr1Summary',
      summary: "Each GSTR-1 table's count and sums beside the register, and what to fix",
      response: gstr1Summary,
      description:
        'Per section the count of documents and the sums of txval, iamt, camt and samt; the bills register for the same dates; the GSTR-3B 3.1 figures that follow; and the problems to fix before filing.',
    },
    gstRepository.gstr1Summary,
    'GSTR-1 summary fetched successfully',
  );
  done();
};

export const resourceModule: ResourceModule = { prefix: '/gst', routes: gstRoutes };
