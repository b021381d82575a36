import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorEnvelope, id } from '../../contract/common.ts';
import { language } from '../../contract/auth.ts';
import type { Permission } from '../../contract/permissions.ts';
import { englishFieldMessage } from '../../contract/validation.ts';
import type { Database } from '../db/database.ts';
import { resolveCsv, sendCsv, type CsvExport } from './csv-export.ts';
import { hiddenFieldsFor, type FieldGuard } from './field-guard.ts';
import { badRequest } from './http-errors.ts';
import { csvResponse, failureResponse } from './openapi-responses.ts';
import { tenantOf } from './request-auth.ts';
import type { TenantContext } from './tenant.ts';
import { parseOrThrow } from './validation.ts';

export const idParams = z.object({ id });

/** What the CSV route itself reads; the rest is the list's query, checked by the list's schema. */
const exportQuery = z.looseObject({ lang: language.optional() });

/**
 * The 409 of a versioned write: with `stale_version`, `data` is the record as it is now, so the
 * client can show what changed and retry with its version.
 */
export const staleVersionResponse = (record: z.ZodType) =>
  failureResponse(
    'Conflict. `stale_version`: the record changed since it was read; `data` is the current record. ' +
      'Also `duplicate`, `invalid_transition`, `still_referenced`, `idempotency_key_reused` or `conflict`.',
    errorEnvelope.extend({ data: record.optional() }),
  );

/** `Bank details` -> `BankDetails`: the words of a name as part of an operationId. */
export const pascalCase = (words: string) =>
  words
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/**
 * `organizationId` in a body is tolerated only when it names the caller's own organization
 * (the client sends back what it read); it is never used.
 */
export function assertOwnOrganization(body: unknown, tenant: TenantContext) {
  const organizationId = (body as { organizationId?: unknown } | null)?.organizationId;
  if (organizationId !== undefined && organizationId !== tenant.organizationId) {
    throw badRequest('Validation failed', [
      {
        path: 'organizationId',
        code: 'invalid_value',
        params: { rule: 'organization' },
        message: englishFieldMessage('invalid_value', { rule: 'organization' }),
      },
    ]);
  }
}

export interface CsvExportRoute {
  tag: string;
  /** What the rows are, plural: `Merchants` names `exportMerchantsCsv`. */
  plural: string;
  /** The list's read permission. */
  permission: Permission;
  listQuery: z.ZodType;
  csv: CsvExport;
  /** Columns (by key) only some roles may read. */
  guardedFields?: FieldGuard;
  /** Every record matching the list query without its page and limit, in its order. */
  rows: (
    db: Database,
    tenant: TenantContext,
    query: Record<string, unknown>,
  ) => AsyncIterable<Record<string, unknown>>;
}

/**
 * `GET /export.csv` beside a list: the same query (filters and sort) as the list, every page, as
 * CSV whose headers are in `lang`. A plain link downloads it: the session cookie authenticates and
 * a GET needs no CSRF token (it changes nothing).
 */
export function registerCsvExport(app: FastifyInstance, route: CsvExportRoute) {
  app.get(
    '/export.csv',
    {
      config: { permission: route.permission },
      schema: {
        tags: [route.tag],
        operationId: `export${pascalCase(route.plural)}Csv`,
        summary: `Export ${route.plural.toLowerCase()} as CSV`,
        // The list's own query, validated below with the list's schema, plus the language.
        querystring: exportQuery,
        response: { 200: csvResponse() },
        description:
          'Every row of the list for the same filters and sort (all pages), streamed as UTF-8 ' +
          'CSV with a BOM; headers in `lang` (en, gu, hi). Accepts the list query.',
      },
    },
    async (request, reply) => {
      const { lang, ...listParams } = request.query as z.output<typeof exportQuery>;
      const {
        page: _page,
        limit: _limit,
        ...query
      } = parseOrThrow(route.listQuery, listParams) as Record<string, unknown>;
      return sendCsv(
        reply,
        resolveCsv(route.csv, lang ?? 'en', hiddenFieldsFor(request, route.guardedFields)),
        route.rows(app.db, tenantOf(request), query),
        app.clock(),
      );
    },
  );
}
