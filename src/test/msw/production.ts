import { http, type HttpHandler } from 'msw';
import type { FieldError } from '../../../contract/errors.ts';
import {
  productionStagesUpdate,
  type ProductionStage,
} from '../../../contract/production-stages.ts';
import type { JobCard } from '../../../contract/job-cards.ts';
import {
  productionEntryBatch,
  productionEntryCreate,
} from '../../../contract/production-entries.ts';
import type { WorkerWages, WorkerWageRow } from '../../../contract/worker-wages.ts';
import { fieldErrorOf, validationErrorMap } from '../../../contract/validation.ts';
import type { Worker } from '../../../contract/workers.ts';
import { fail, ok } from './envelope';
import {
  jsonBodyOf,
  keepRequest,
  TEST_ORGANIZATION_ID,
  testId,
  type RecordedRequest,
} from './resource-fake';

const STAMP = '2026-11-01T00:00:00.000Z';

function makeStages(names: readonly string[]): ProductionStage[] {
  return names.map((name, position) => ({
    _id: testId(7000 + position),
    organizationId: TEST_ORGANIZATION_ID,
    version: 1,
    name,
    position,
    cardCount: 0,
    createdAt: STAMP,
    updatedAt: STAMP,
  }));
}

export const FLOOR_STAGES = makeStages(['Design punching', 'Machine embroidery', 'Checking']);

export function makeWorker(n: number, fields: Partial<Worker> = {}): Worker {
  return {
    _id: testId(7100 + n),
    organizationId: TEST_ORGANIZATION_ID,
    version: 1,
    name: `Worker ${n}`,
    phone: null,
    address: null,
    designation: null,
    joiningDate: '2024-01-01',
    isActive: true,
    salaryType: 'piece_rate',
    baseSalary: 4,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...fields,
  };
}

/** A worker as a role without salaries.read gets it: the server leaves the pay out. */
export function withoutPay(worker: Worker): Worker {
  const { salaryType: _type, baseSalary: _pay, ...rest } = worker;
  return rest;
}

export const FLOOR_WORKERS = [
  makeWorker(1, { name: 'Ramesh Vaghela' }),
  makeWorker(2, { name: 'Sunita Rathod', salaryType: 'monthly', baseSalary: 12000 }),
];

export function makeCard(
  n: number,
  stage: ProductionStage,
  fields: Partial<JobCard> = {},
): JobCard {
  const quantity = fields.quantity ?? 100;
  const piecesDone = fields.piecesDone ?? 0;
  const piecesRejected = fields.piecesRejected ?? 0;
  const workers = fields.workers ?? [];
  return {
    _id: testId(7200 + n),
    organizationId: TEST_ORGANIZATION_ID,
    version: 1,
    orderId: testId(7300 + n),
    orderLineId: testId(7400 + n),
    linePosition: 0,
    order: {
      _id: testId(7300 + n),
      poNumber: `PO-${n}`,
      status: 'in_progress',
      orderDate: '2026-11-01',
    },
    merchantId: testId(7500),
    merchant: { _id: testId(7500), name: 'Shree Ganesh Textiles' },
    designId: testId(7600 + n),
    design: { _id: testId(7600 + n), name: `Paisley ${n}`, designCode: `PZ-${n}`, rate: 2.5 },
    dueDate: '2026-12-15',
    stageId: stage._id,
    stage: { _id: stage._id, name: stage.name, position: stage.position },
    isLastStage: false,
    workerIds: workers.map((worker) => worker._id),
    notes: null,
    isDone: false,
    isOverdue: false,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...fields,
    workers,
    quantity,
    piecesDone,
    piecesRejected,
    piecesLeft: quantity - piecesDone - piecesRejected,
  };
}

/**
 * The shop floor's API in memory: stages, job cards with moves, production batches and the
 * workers' pick list, each checked with the contract's own schemas.
 */
export function createProductionFake(options: {
  stages?: ProductionStage[];
  cards?: JobCard[];
  workers?: Worker[];
}) {
  const stages = [...(options.stages ?? FLOOR_STAGES)];
  const cards = [...(options.cards ?? [])];
  const workers = options.workers ?? FLOOR_WORKERS;
  const requests: RecordedRequest[] = [];

  const record = async (request: Request) =>
    keepRequest(requests, request, await jsonBodyOf(request));

  const withCounts = () =>
    stages.map((stage) => ({
      ...stage,
      cardCount: cards.filter((card) => card.stageId === stage._id).length,
    }));

  const handlers: HttpHandler[] = [
    http.get('*/api/workers/all', () => ok({ data: workers })),
    http.get('*/api/merchants/all', () => ok({ data: [] })),
    http.get('*/api/production/stages', async ({ request }) => {
      await record(request);
      return ok({ data: withCounts() });
    }),
    http.put('*/api/production/stages', async ({ request }) => {
      const body = await record(request);
      const parsed = productionStagesUpdate.safeParse(body, { error: validationErrorMap });
      if (!parsed.success) {
        return fail(400, 'Validation failed', parsed.error.issues.map(fieldErrorOf));
      }
      const kept = new Set(parsed.data.stages.flatMap((stage) => (stage._id ? [stage._id] : [])));
      if (cards.some((card) => !kept.has(card.stageId))) {
        return fail(409, 'Stage in use', undefined, 'stage_in_use');
      }
      const next = parsed.data.stages.map((input, position) => {
        const existing = stages.find((stage) => stage._id === input._id);
        return {
          ...(existing ?? makeStages([input.name])[0]!),
          _id: existing?._id ?? testId(7050 + position),
          name: input.name,
          position,
          version: (existing?.version ?? 0) + 1,
        };
      });
      stages.splice(0, stages.length, ...next);
      return ok({ data: withCounts() });
    }),
    http.get('*/api/job-cards', async ({ request }) => {
      await record(request);
      const search = new URL(request.url).searchParams;
      let rows = cards;
      const isDone = search.get('isDone');
      if (isDone) rows = rows.filter((card) => String(card.isDone) === isDone);
      const workerId = search.get('workerId');
      if (workerId) rows = rows.filter((card) => card.workerIds.includes(workerId));
      const stageId = search.get('stageId');
      if (stageId) rows = rows.filter((card) => card.stageId === stageId);
      return ok({
        data: rows,
        totalCount: rows.length,
        totalPages: 1,
        currentPage: 1,
        hasNextPage: false,
        hasPrevPage: false,
      });
    }),
    http.post('*/api/job-cards/:id/move', async ({ request, params }) => {
      const body = (await record(request)) as { stageId: string; version: number };
      const index = cards.findIndex((card) => card._id === params.id);
      const card = cards[index];
      if (!card) return fail(404, 'Not found');
      if (card.version !== body.version) {
        return fail(409, 'Stale version', undefined, 'stale_version', card);
      }
      const stage = stages.find((candidate) => candidate._id === body.stageId);
      if (!stage)
        return fail(400, 'Validation failed', [
          { path: 'stageId', code: 'not_found', message: 'Not found' },
        ]);
      const moved: JobCard = {
        ...card,
        stageId: stage._id,
        stage: { _id: stage._id, name: stage.name, position: stage.position },
        isLastStage: stage.position === stages.length - 1,
        version: card.version + 1,
      };
      cards[index] = moved;
      return ok(moved);
    }),
    http.post('*/api/production-entries', async ({ request }) => {
      const body = await record(request);
      const parsed = productionEntryCreate.safeParse(body, { error: validationErrorMap });
      if (!parsed.success) {
        return fail(400, 'Validation failed', parsed.error.issues.map(fieldErrorOf));
      }
      return ok({ ...parsed.data, _id: testId(7900) }, 'Created', 201);
    }),
    http.post('*/api/production-entries/batch', async ({ request }) => {
      const body = await record(request);
      const parsed = productionEntryBatch.safeParse(body, { error: validationErrorMap });
      if (!parsed.success) {
        return fail(400, 'Validation failed', parsed.error.issues.map(fieldErrorOf));
      }
      const errors: FieldError[] = [];
      parsed.data.entries.forEach((entry, index) => {
        const card = cards.find((candidate) => candidate._id === entry.jobCardId);
        if (!card) {
          errors.push({
            path: `entries.${index}.jobCardId`,
            code: 'not_found',
            message: 'Not found',
          });
        } else if (entry.piecesDone + (entry.piecesRejected ?? 0) > card.piecesLeft) {
          errors.push({
            path: `entries.${index}.piecesDone`,
            code: 'invalid_value',
            params: { rule: 'pieces_exceed_quantity', left: card.piecesLeft },
            message: 'More pieces than the job card has left',
          });
        }
      });
      if (errors.length) return fail(400, 'Validation failed', errors);
      for (const entry of parsed.data.entries) {
        const index = cards.findIndex((candidate) => candidate._id === entry.jobCardId);
        const card = cards[index]!;
        const piecesDone = card.piecesDone + entry.piecesDone;
        const piecesRejected = card.piecesRejected + (entry.piecesRejected ?? 0);
        cards[index] = {
          ...card,
          piecesDone,
          piecesRejected,
          piecesLeft: card.quantity - piecesDone - piecesRejected,
        };
      }
      return ok({ data: [] }, 'Created', 201);
    }),
  ];

  return {
    handlers,
    stages,
    cards,
    requests,
    requestsTo(method: string, pathname: string) {
      return requests.filter(
        (request) => request.method === method && request.url.pathname === pathname,
      );
    },
  };
}

/** A worker's month as the wages report answers it. */
export function makeWageRow(worker: Worker, fields: Partial<WorkerWageRow> = {}): WorkerWageRow {
  return {
    workerId: worker._id,
    workerName: worker.name,
    salaryType: worker.salaryType ?? null,
    baseSalary: worker.baseSalary ?? null,
    isActive: worker.isActive,
    daysWorked: 0,
    piecesDone: 0,
    piecesRejected: 0,
    pieceEarnings: 0,
    basePay: 0,
    earned: 0,
    paid: { salary: 0, advance: 0, bonus: 0, overtime: 0 },
    advancesRecovered: 0,
    balanceDue: 0,
    ...fields,
  };
}

export function wagesOf(month: string, rows: WorkerWageRow[]): WorkerWages {
  const sum = (pick: (row: WorkerWageRow) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  return {
    month,
    rows,
    totals: {
      daysWorked: sum((row) => row.daysWorked),
      piecesDone: sum((row) => row.piecesDone),
      piecesRejected: sum((row) => row.piecesRejected),
      pieceEarnings: sum((row) => row.pieceEarnings),
      basePay: sum((row) => row.basePay),
      earned: sum((row) => row.earned),
      paid: {
        salary: sum((row) => row.paid.salary),
        advance: sum((row) => row.paid.advance),
        bonus: sum((row) => row.paid.bonus),
        overtime: sum((row) => row.paid.overtime),
      },
      advancesRecovered: sum((row) => row.advancesRecovered),
      balanceDue: sum((row) => row.balanceDue),
      workerCount: rows.length,
    },
  };
}
