import { http } from 'msw';
import type { AuditEntry } from '../../../contract/audit.ts';
import { ok } from './envelope';
import { testId } from './resource-fake';

export interface AuditLogFake {
  handlers: ReturnType<typeof http.get>[];
  /** The query strings of every `GET /api/audit-log`, in order. */
  searches: URLSearchParams[];
}

/** An in-memory `GET /api/audit-log`: filters on entity, record and person, pages newest first. */
export function createAuditLogFake(entries: AuditEntry[]): AuditLogFake {
  const searches: URLSearchParams[] = [];
  const handlers = [
    http.get('*/api/audit-log', ({ request }) => {
      const search = new URL(request.url).searchParams;
      searches.push(search);
      const matching = entries
        .filter((entry) => !search.get('entity') || entry.entity === search.get('entity'))
        .filter((entry) => !search.get('entityId') || entry.entityId === search.get('entityId'))
        .filter((entry) => !search.get('userId') || entry.userId === search.get('userId'))
        .sort((a, b) => b.at.localeCompare(a.at));
      const page = Number(search.get('page') ?? 1);
      const limit = Number(search.get('limit') ?? 10);
      const totalPages = Math.ceil(matching.length / limit);
      return ok({
        data: matching.slice((page - 1) * limit, page * limit),
        totalCount: matching.length,
        totalPages,
        currentPage: page,
        hasNextPage: page < totalPages,
        hasPrevPage: page > 1,
      });
    }),
  ];
  return { handlers, searches };
}

let sequence = 900;

/** One entry by Meena of the test organization, with defaults for what a test leaves out. */
export function auditEntryOf(overrides: Partial<AuditEntry>): AuditEntry {
  sequence += 1;
  return {
    _id: testId(sequence),
    at: '2026-11-20T09:30:00.000Z',
    userId: testId(1),
    userName: 'Meena Shah',
    action: 'update',
    entity: 'merchant',
    entityId: testId(1),
    changes: {},
    ...overrides,
  };
}
