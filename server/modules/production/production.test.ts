import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, paged } from '../../../contract/common.ts';
import { order, type Order } from '../../../contract/orders.ts';
import {
  DEFAULT_PRODUCTION_STAGES,
  productionStageList,
  type ProductionStage,
} from '../../../contract/production-stages.ts';
import { jobCard, jobCardsFromOrder, type JobCard } from '../../../contract/job-cards.ts';
import {
  productionEntry,
  productionEntryBatchResult,
} from '../../../contract/production-entries.ts';
import { workerWages } from '../../../contract/worker-wages.ts';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let staff: TestUser;
let stranger: TestUser;

interface Failure {
  code: string;
  errors?: { path: string; code: string; params?: Record<string, unknown> }[];
}

const cardEnvelope = envelope(jobCard);
const cardPage = envelope(paged(jobCard));
const entryEnvelope = envelope(productionEntry);

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

async function created(user: TestUser, url: string, body: Record<string, unknown>) {
  const response = await t.send(user, 'POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { _id: string } }>().data._id;
}

const createMerchant = (user: TestUser) =>
  created(user, '/api/merchants', { name: `Merchant ${next()}` });

const createDesign = (user: TestUser, rate: number | null) =>
  created(user, '/api/designs', { name: `Design ${next()}`, designCode: `D-${sequence}`, rate });

const createWorker = (
  user: TestUser,
  salaryType: 'monthly' | 'daily' | 'piece_rate' | null = 'piece_rate',
  baseSalary: number | null = 9,
  joiningDate = '2024-01-01',
) =>
  created(user, '/api/workers', {
    name: `Worker ${next()}`,
    joiningDate,
    salaryType,
    baseSalary,
  });

async function createOrder(
  user: TestUser,
  lines: { designId: string; quantity: number; rate?: number }[],
  options: { merchantId?: string; deliveryDate?: string | null } = {},
): Promise<Order> {
  const response = await t.send(user, 'POST', '/api/orders', {
    merchantId: options.merchantId ?? (await createMerchant(user)),
    poNumber: `PO-${next()}`,
    orderDate: '2019-12-01',
    deliveryDate: options.deliveryDate ?? '2026-02-15',
    designs: lines.map((line) => ({ rate: 100, ...line })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return envelope(order).parse(response.json()).data;
}

function setStatus(user: TestUser, id: string, body: Record<string, unknown>) {
  return t.send(user, 'PUT', `/api/orders/${id}/status`, body);
}

async function startOrder(user: TestUser, lines: { designId: string; quantity: number }[]) {
  const made = await createOrder(user, lines);
  const moved = await setStatus(user, made._id, { status: 'in_progress' });
  expect(moved.statusCode, moved.body).toBe(200);
  return { order: made, cards: await cardsOf(user, made._id) };
}

async function cardsOf(user: TestUser, orderId: string): Promise<JobCard[]> {
  const response = await t.send(user, 'GET', `/api/job-cards?orderId=${orderId}&sort=createdAt`);
  expect(response.statusCode, response.body).toBe(200);
  return cardPage.parse(response.json()).data.data.sort((a, b) => a.linePosition - b.linePosition);
}

async function readCard(user: TestUser, id: string): Promise<JobCard> {
  const response = await t.send(user, 'GET', `/api/job-cards/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return cardEnvelope.parse(response.json()).data;
}

async function stagesOf(user: TestUser): Promise<ProductionStage[]> {
  const response = await t.send(user, 'GET', '/api/production/stages');
  expect(response.statusCode, response.body).toBe(200);
  return envelope(productionStageList).parse(response.json()).data.data;
}

function logWork(user: TestUser, body: Record<string, unknown>) {
  return t.send(user, 'POST', '/api/production-entries', { workDate: '2026-01-10', ...body });
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
  staff = await t.addUser(owner, 'staff');
  stranger = await t.registerUser();
});

afterAll(async () => {
  await t.close();
});

describe('stages', () => {
  it('gives a new organization the embroidery stages, readable by every role', async () => {
    const fresh = await t.registerUser();
    const stages = await stagesOf(fresh);
    expect(stages.map((stage) => stage.name)).toEqual([...DEFAULT_PRODUCTION_STAGES]);
    expect(stages.map((stage) => stage.position)).toEqual([0, 1, 2, 3, 4]);
    expect((await stagesOf(staff)).length).toBe(5);
  });

  it('lets owners and admins replace the list, not staff', async () => {
    const fresh = await t.registerUser();
    const admin = await t.addUser(fresh, 'admin');
    const freshStaff = await t.addUser(fresh, 'staff');
    const stages = await stagesOf(fresh);
    const body = { stages: stages.map(({ _id, name }) => ({ _id, name })) };
    expect((await t.send(freshStaff, 'PUT', '/api/production/stages', body)).statusCode).toBe(403);
    expect((await t.send(admin, 'PUT', '/api/production/stages', body)).statusCode).toBe(200);
  });

  it('renames, reorders (swapping names), adds and removes stages in one save', async () => {
    const fresh = await t.registerUser();
    const [punching, embroidery, cutting, checking, packing] = await stagesOf(fresh);
    const response = await t.send(fresh, 'PUT', '/api/production/stages', {
      stages: [
        { _id: embroidery?._id, name: 'Design punching' },
        { _id: punching?._id, name: 'Machine embroidery', version: punching?.version },
        { name: 'Hand work' },
        { ...checking },
        { _id: packing?._id, name: 'Packing' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = envelope(productionStageList).parse(response.json()).data.data;
    expect(saved.map((stage) => [stage.name, stage.position])).toEqual([
      ['Design punching', 0],
      ['Machine embroidery', 1],
      ['Hand work', 2],
      ['Checking', 3],
      ['Packing', 4],
    ]);
    expect(saved[0]?._id).toBe(embroidery?._id);
    expect(saved.some((stage) => stage._id === cutting?._id)).toBe(false);
    // Unchanged stages keep their version; changed ones move on.
    expect(saved.find((stage) => stage._id === packing?._id)?.version).toBe(packing?.version);
    expect(saved[1]?.version).toBe((punching?.version ?? 0) + 1);
  });

  it('refuses duplicate names, an empty or too long list, unknown ids and stale versions', async () => {
    const stages = await stagesOf(owner);
    const put = (body: unknown) => t.send(owner, 'PUT', '/api/production/stages', body);

    const duplicate = await put({ stages: [{ name: 'Cutting' }, { name: ' cutting ' }] });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json<Failure>().errors?.[0]).toMatchObject({
      path: 'stages.1.name',
      code: 'duplicate',
    });
    expect((await put({ stages: [] })).statusCode).toBe(400);
    const many = Array.from({ length: 21 }, (_, index) => ({ name: `Stage ${index}` }));
    expect((await put({ stages: many })).statusCode).toBe(400);
    expect((await put({ stages: many.slice(0, 20) })).statusCode).toBe(200);

    const foreign = (await stagesOf(stranger))[0];
    const unknown = await put({ stages: [{ _id: foreign?._id, name: 'Theirs' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Failure>().errors?.[0]).toMatchObject({
      path: 'stages.0._id',
      code: 'not_found',
    });

    const current = await stagesOf(owner);
    const restored = await put({
      stages: stages.map(({ name }, index) => ({ _id: current[index]?._id, name })),
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const after = await stagesOf(owner);
    const stale = await put({
      stages: after.map(({ _id, name, version }) => ({ _id, name, version: version - 1 })),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<Failure>().code).toBe('stale_version');
    // The first five stages survive for the later tests.
    expect((await stagesOf(owner)).map((stage) => stage.name)).toEqual([
      ...DEFAULT_PRODUCTION_STAGES,
    ]);
  });

  it('keeps a stage that cards are in (409 stage_in_use) and removes it once empty', async () => {
    const fresh = await t.registerUser();
    const design = await createDesign(fresh, 5);
    const { cards } = await startOrder(fresh, [{ designId: design, quantity: 4 }]);
    const stages = await stagesOf(fresh);
    expect(stages[0]?.cardCount).toBe(1);
    const withoutFirst = { stages: stages.slice(1).map(({ _id, name }) => ({ _id, name })) };
    const refused = await t.send(fresh, 'PUT', '/api/production/stages', withoutFirst);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Failure>().code).toBe('stage_in_use');
    expect((await stagesOf(fresh)).length).toBe(5);

    const card = cards[0] as JobCard;
    const moved = await t.send(fresh, 'POST', `/api/job-cards/${card._id}/move`, {
      stageId: stages[1]?._id,
      version: card.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const removed = await t.send(fresh, 'PUT', '/api/production/stages', withoutFirst);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await stagesOf(fresh)).map((stage) => stage.position)).toEqual([0, 1, 2, 3]);
  });
});

describe('job cards', () => {
  it('are made for every line when an order moves to in_progress, in the first stage', async () => {
    const merchantId = await createMerchant(owner);
    const first = await createDesign(owner, 12.5);
    const second = await createDesign(owner, null);
    const made = await createOrder(
      owner,
      [
        { designId: first, quantity: 40 },
        { designId: second, quantity: 25 },
      ],
      { merchantId, deliveryDate: '2026-03-01' },
    );
    expect(await cardsOf(owner, made._id)).toEqual([]);
    const moved = await setStatus(staff, made._id, { status: 'in_progress' });
    expect(moved.statusCode, moved.body).toBe(200);
    const cards = await cardsOf(owner, made._id);
    const [stage] = await stagesOf(owner);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toMatchObject({
      orderId: made._id,
      orderLineId: made.designs[0]?._id,
      linePosition: 0,
      order: { _id: made._id, poNumber: made.poNumber, status: 'in_progress' },
      merchantId,
      designId: first,
      design: { rate: 12.5 },
      quantity: 40,
      dueDate: '2026-03-01',
      stageId: stage?._id,
      isLastStage: false,
      workerIds: [],
      piecesDone: 0,
      piecesRejected: 0,
      piecesLeft: 40,
      isDone: false,
      version: 1,
    });
    expect(cards[1]).toMatchObject({ designId: second, quantity: 25, design: { rate: null } });

    const again = await t.send(owner, 'POST', `/api/job-cards/from-order/${made._id}`);
    expect(again.statusCode, again.body).toBe(200);
    const result = envelope(jobCardsFromOrder).parse(again.json()).data;
    expect(result.created).toBe(0);
    expect(result.data.map((card) => card._id).sort()).toEqual(
      cards.map((card) => card._id).sort(),
    );
  });

  it('are made on request for a pending order, but not for a cancelled one', async () => {
    const design = await createDesign(owner, 3);
    const pending = await createOrder(owner, [{ designId: design, quantity: 2 }]);
    const made = await t.send(staff, 'POST', `/api/job-cards/from-order/${pending._id}`);
    expect(envelope(jobCardsFromOrder).parse(made.json()).data.created).toBe(1);
    // The order's own move to in_progress then finds the card there.
    expect((await setStatus(owner, pending._id, { status: 'in_progress' })).statusCode).toBe(200);
    expect(await cardsOf(owner, pending._id)).toHaveLength(1);

    const cancelled = await createOrder(owner, [{ designId: design, quantity: 2 }]);
    expect((await setStatus(owner, cancelled._id, { status: 'cancelled' })).statusCode).toBe(200);
    const refused = await t.send(owner, 'POST', `/api/job-cards/from-order/${cancelled._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Failure>().code).toBe('order_not_in_production');
    const unknown = await t.send(owner, 'POST', `/api/job-cards/from-order/${design}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('are not made when the status change fails', async () => {
    const design = await createDesign(owner, 3);
    const made = await createOrder(owner, [{ designId: design, quantity: 2 }]);
    const stale = await setStatus(owner, made._id, {
      status: 'in_progress',
      version: made.version + 5,
    });
    expect(stale.statusCode).toBe(409);
    expect(await cardsOf(owner, made._id)).toEqual([]);
  });

  it("keep the order's lines: changing them is 409 order_in_production", async () => {
    const design = await createDesign(owner, 3);
    const { order: made } = await startOrder(owner, [{ designId: design, quantity: 5 }]);
    const current = envelope(order).parse(
      (await t.send(owner, 'GET', `/api/orders/${made._id}`)).json(),
    ).data;
    const changed = await t.send(owner, 'PUT', `/api/orders/${made._id}`, {
      designs: [{ designId: design, quantity: 6, rate: 100 }],
      version: current.version,
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json<Failure>().code).toBe('order_in_production');
    // The same lines sent back, and other fields, still save.
    const notes = await t.send(owner, 'PUT', `/api/orders/${made._id}`, {
      designs: current.designs,
      notes: 'Rush',
      version: current.version,
    });
    expect(notes.statusCode, notes.body).toBe(200);
  });

  it('assign workers (only the organization’s) and notes, with versions', async () => {
    const design = await createDesign(owner, 3);
    const { cards } = await startOrder(owner, [{ designId: design, quantity: 5 }]);
    const card = cards[0] as JobCard;
    const ramesh = await createWorker(owner);
    const sita = await createWorker(owner);
    const theirs = await createWorker(stranger);

    const foreign = await t.send(staff, 'PUT', `/api/job-cards/${card._id}`, {
      workerIds: [ramesh, theirs],
      version: card.version,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<Failure>().errors).toEqual([
      expect.objectContaining({ path: 'workerIds.1', code: 'not_found' }),
    ]);

    const saved = await t.send(staff, 'PUT', `/api/job-cards/${card._id}`, {
      ...card,
      workerIds: [sita, ramesh],
      notes: 'Use gold zari',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const updated = cardEnvelope.parse(saved.json()).data;
    expect(new Set(updated.workerIds)).toEqual(new Set([sita, ramesh]));
    expect(updated.workers.map((worker) => worker._id)).toEqual(updated.workerIds);
    expect(updated).toMatchObject({ notes: 'Use gold zari', version: card.version + 1 });

    const stale = await t.send(owner, 'PUT', `/api/job-cards/${card._id}`, {
      workerIds: [],
      version: card.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<Failure>().code).toBe('stale_version');
    const unknownKey = await t.send(owner, 'PUT', `/api/job-cards/${card._id}`, {
      stageId: card.stageId,
      colour: 'red',
      version: updated.version,
    });
    expect(unknownKey.statusCode).toBe(400);

    const byWorker = await t.send(owner, 'GET', `/api/job-cards?workerId=${sita}`);
    expect(cardPage.parse(byWorker.json()).data.data.map((found) => found._id)).toEqual([card._id]);
  });

  it('move to any stage, forward or back, with versions', async () => {
    const design = await createDesign(owner, 3);
    const { cards } = await startOrder(owner, [{ designId: design, quantity: 5 }]);
    const card = cards[0] as JobCard;
    const stages = await stagesOf(owner);
    const move = (stageId: string | undefined, version: number) =>
      t.send(staff, 'POST', `/api/job-cards/${card._id}/move`, { stageId, version });

    const forward = await move(stages[3]?._id, card.version);
    expect(forward.statusCode, forward.body).toBe(200);
    expect(cardEnvelope.parse(forward.json()).data).toMatchObject({
      stageId: stages[3]?._id,
      stage: { name: 'Checking', position: 3 },
      version: card.version + 1,
    });
    const back = await move(stages[1]?._id, card.version + 1);
    expect(cardEnvelope.parse(back.json()).data.stage.position).toBe(1);
    const stale = await move(stages[2]?._id, card.version);
    expect(stale.json<Failure>().code).toBe('stale_version');
    const foreignStage = (await stagesOf(stranger))[2]?._id;
    const unknown = await move(foreignStage, card.version + 2);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Failure>().errors?.[0]).toMatchObject({ path: 'stageId' });
    const inStage = await t.send(owner, 'GET', `/api/job-cards?stageId=${stages[1]?._id}`);
    expect(cardPage.parse(inStage.json()).data.data.map((found) => found._id)).toContain(card._id);
  });

  it('list with filters, search, overdue, paging and sorts', async () => {
    const fresh = await t.registerUser();
    const design = await createDesign(fresh, 3);
    const merchantId = await createMerchant(fresh);
    const early = await createOrder(fresh, [{ designId: design, quantity: 3 }], {
      merchantId,
      deliveryDate: '2020-01-10',
    });
    const late = await createOrder(
      fresh,
      [
        { designId: design, quantity: 7 },
        { designId: design, quantity: 1 },
      ],
      { deliveryDate: '2099-01-10' },
    );
    for (const made of [early, late]) {
      expect((await setStatus(fresh, made._id, { status: 'in_progress' })).statusCode).toBe(200);
    }
    const list = async (query: string) => {
      const response = await t.send(fresh, 'GET', `/api/job-cards?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return cardPage.parse(response.json()).data;
    };
    expect((await list('')).totalCount).toBe(3);
    expect((await list(`merchantId=${merchantId}`)).data.map((card) => card.orderId)).toEqual([
      early._id,
    ]);
    const overdue = await list('overdue=true');
    expect(overdue.data.map((card) => card.orderId)).toEqual([early._id]);
    expect(overdue.data[0]?.isOverdue).toBe(true);
    expect((await list('overdue=false')).totalCount).toBe(2);
    expect((await list(`search=${early.poNumber}`)).totalCount).toBe(1);
    expect((await list('search=%25')).totalCount).toBe(0);
    expect((await list('sort=piecesLeft')).data.map((card) => card.quantity)).toEqual([1, 3, 7]);
    expect((await list('sort=-dueDate')).data.map((card) => card.dueDate)).toEqual([
      '2099-01-10',
      '2099-01-10',
      '2020-01-10',
    ]);
    const page = await list('limit=2&page=2&sort=piecesLeft');
    expect(page).toMatchObject({ totalCount: 3, totalPages: 2, currentPage: 2 });
    expect(page.data.map((card) => card.quantity)).toEqual([7]);
    const past = await list('limit=2&page=9');
    expect(past).toMatchObject({ totalCount: 3, data: [] });
    expect((await list('isDone=false')).totalCount).toBe(3);
    const bad = await t.send(fresh, 'GET', '/api/job-cards?sort=stage');
    expect(bad.statusCode).toBe(400);
  });

  it('delete only while no work is logged against them', async () => {
    const design = await createDesign(owner, 3);
    const { cards } = await startOrder(owner, [
      { designId: design, quantity: 5 },
      { designId: design, quantity: 5 },
    ]);
    const worker = await createWorker(owner);
    const [worked, idle] = cards as [JobCard, JobCard];
    const entry = await logWork(owner, { workerId: worker, jobCardId: worked._id, piecesDone: 1 });
    expect(entry.statusCode, entry.body).toBe(201);
    const refused = await t.send(staff, 'DELETE', `/api/job-cards/${worked._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Failure>().code).toBe('still_referenced');
    const removed = await t.send(staff, 'DELETE', `/api/job-cards/${idle._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.send(owner, 'GET', `/api/job-cards/${idle._id}`)).statusCode).toBe(404);
  });
});

describe('completing an order', () => {
  it('is 409 order_has_open_cards while cards are not done, unless forced', async () => {
    const design = await createDesign(owner, 3);
    const { order: made } = await startOrder(owner, [{ designId: design, quantity: 2 }]);
    const refused = await setStatus(staff, made._id, { status: 'completed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Failure>().code).toBe('order_has_open_cards');
    const forced = await setStatus(staff, made._id, { status: 'completed', force: true });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(envelope(order).parse(forced.json()).data.status).toBe('completed');
    const badForce = await setStatus(staff, made._id, { status: 'delivered', force: 'yes' });
    expect(badForce.statusCode).toBe(400);
  });

  it('needs no force once every card is in the last stage with nothing left', async () => {
    const design = await createDesign(owner, 3);
    const { order: made, cards } = await startOrder(owner, [{ designId: design, quantity: 4 }]);
    const card = cards[0] as JobCard;
    const stages = await stagesOf(owner);
    const worker = await createWorker(owner);
    await logWork(owner, { workerId: worker, jobCardId: card._id, piecesDone: 3 });
    await logWork(owner, {
      workerId: worker,
      jobCardId: card._id,
      piecesDone: 0,
      piecesRejected: 1,
    });
    // Nothing left, but not in the last stage: still open.
    expect((await readCard(owner, card._id)).isDone).toBe(false);
    expect((await setStatus(owner, made._id, { status: 'completed' })).statusCode).toBe(409);
    await t.send(owner, 'POST', `/api/job-cards/${card._id}/move`, {
      stageId: stages.at(-1)?._id,
      version: card.version,
    });
    expect(await readCard(owner, card._id)).toMatchObject({ isDone: true, isLastStage: true });
    const done = await t.send(owner, 'GET', '/api/job-cards?isDone=true');
    expect(cardPage.parse(done.json()).data.data.map((found) => found._id)).toContain(card._id);
    const completed = await setStatus(owner, made._id, { status: 'completed' });
    expect(completed.statusCode, completed.body).toBe(200);
  });
});

describe('production entries', () => {
  async function entryAsOwner(id: string) {
    const read = await t.send(owner, 'GET', `/api/production-entries/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    return entryEnvelope.parse(read.json()).data;
  }

  it('default the rate (design, else a piece-rate worker’s rate, else 0) and compute the amount', async () => {
    const rated = await createDesign(owner, 12.5);
    const unrated = await createDesign(owner, null);
    const { cards } = await startOrder(owner, [
      { designId: rated, quantity: 100 },
      { designId: unrated, quantity: 100 },
    ]);
    const [ratedCard, unratedCard] = cards as [JobCard, JobCard];
    const pieceWorker = await createWorker(owner, 'piece_rate', 7.25);
    const monthly = await createWorker(owner, 'monthly', 15000);
    const entryOf = async (body: Record<string, unknown>) => {
      const response = await logWork(staff, body);
      expect(response.statusCode, response.body).toBe(201);
      // Staff log the work; what it earns is the owner's to read.
      return entryAsOwner(entryEnvelope.parse(response.json()).data._id);
    };

    expect(
      await entryOf({ workerId: monthly, jobCardId: ratedCard._id, piecesDone: 3 }),
    ).toMatchObject({ rate: 12.5, amount: 37.5, piecesRejected: 0 });
    expect(
      await entryOf({ workerId: pieceWorker, jobCardId: unratedCard._id, piecesDone: 3 }),
    ).toMatchObject({ rate: 7.25, amount: 21.75 });
    expect(
      await entryOf({ workerId: monthly, jobCardId: unratedCard._id, piecesDone: 3 }),
    ).toMatchObject({ rate: 0, amount: 0 });
    const explicit = await entryOf({
      workerId: pieceWorker,
      jobCardId: ratedCard._id,
      piecesDone: 7,
      piecesRejected: 2,
      rate: 0.15,
      amount: 999,
      worker: { name: 'ignored' },
    });
    expect(explicit).toMatchObject({
      rate: 0.15,
      amount: 1.05,
      piecesDone: 7,
      piecesRejected: 2,
      worker: { _id: pieceWorker },
      jobCard: { _id: ratedCard._id, orderId: ratedCard.orderId },
      createdBy: staff.auth.user._id,
    });
  });

  it('roll up onto the card and may not take it past its quantity (400 with what is left)', async () => {
    const design = await createDesign(owner, 2);
    const { cards } = await startOrder(owner, [{ designId: design, quantity: 10 }]);
    const card = cards[0] as JobCard;
    const worker = await createWorker(owner);
    const first = await logWork(owner, {
      workerId: worker,
      jobCardId: card._id,
      piecesDone: 6,
      piecesRejected: 1,
    });
    const entry = entryEnvelope.parse(first.json()).data;
    expect(await readCard(owner, card._id)).toMatchObject({
      piecesDone: 6,
      piecesRejected: 1,
      piecesLeft: 3,
      version: card.version,
    });

    const over = await logWork(owner, { workerId: worker, jobCardId: card._id, piecesDone: 4 });
    expect(over.statusCode).toBe(400);
    expect(over.json<Failure>().errors).toEqual([
      expect.objectContaining({
        path: 'piecesDone',
        code: 'invalid_value',
        params: { rule: 'pieces_exceed_quantity', left: 3 },
      }),
    ]);

    const edited = await t.send(owner, 'PUT', `/api/production-entries/${entry._id}`, {
      piecesDone: 9,
      version: entry.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(entryEnvelope.parse(edited.json()).data).toMatchObject({ amount: 18, version: 2 });
    expect(await readCard(owner, card._id)).toMatchObject({ piecesDone: 9, piecesLeft: 0 });
    const tooMuch = await t.send(owner, 'PUT', `/api/production-entries/${entry._id}`, {
      piecesRejected: 2,
      version: 2,
    });
    expect(tooMuch.statusCode).toBe(400);
    const stale = await t.send(owner, 'PUT', `/api/production-entries/${entry._id}`, {
      piecesDone: 1,
      version: 1,
    });
    expect(stale.json<Failure>().code).toBe('stale_version');

    const removed = await t.send(staff, 'DELETE', `/api/production-entries/${entry._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await readCard(owner, card._id)).toMatchObject({
      piecesDone: 0,
      piecesRejected: 0,
      piecesLeft: 10,
    });
  });

  it('move between cards with an edit, each card keeping its own count', async () => {
    const design = await createDesign(owner, 1);
    const { cards } = await startOrder(owner, [
      { designId: design, quantity: 5 },
      { designId: design, quantity: 5 },
    ]);
    const [from, to] = cards as [JobCard, JobCard];
    const worker = await createWorker(owner);
    const entry = entryEnvelope.parse(
      (await logWork(owner, { workerId: worker, jobCardId: from._id, piecesDone: 4 })).json(),
    ).data;
    const moved = await t.send(owner, 'PUT', `/api/production-entries/${entry._id}`, {
      jobCardId: to._id,
      version: entry.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await readCard(owner, from._id)).piecesDone).toBe(0);
    expect((await readCard(owner, to._id)).piecesDone).toBe(4);
  });

  it('log a shift in one batch, all rows or none, with errors naming the row', async () => {
    const design = await createDesign(owner, 4);
    const { cards } = await startOrder(owner, [
      { designId: design, quantity: 10 },
      { designId: design, quantity: 10 },
    ]);
    const [a, b] = cards as [JobCard, JobCard];
    const ramesh = await createWorker(owner);
    const sita = await createWorker(owner);
    const theirs = await createWorker(stranger);
    const batch = (entries: Record<string, unknown>[]) =>
      t.send(staff, 'POST', '/api/production-entries/batch', { workDate: '2026-01-12', entries });

    const refused = await batch([
      { workerId: ramesh, jobCardId: a._id, piecesDone: 6 },
      { workerId: sita, jobCardId: a._id, piecesDone: 5 },
      { workerId: theirs, jobCardId: b._id, piecesDone: 1 },
      { workerId: sita, jobCardId: b._id, piecesDone: -1 },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Failure>().errors?.map((error) => error.path)).toEqual([
      'entries.3.piecesDone',
    ]);
    const checked = await batch([
      { workerId: ramesh, jobCardId: a._id, piecesDone: 6 },
      { workerId: sita, jobCardId: a._id, piecesDone: 5 },
      { workerId: theirs, jobCardId: b._id, piecesDone: 1 },
    ]);
    expect(checked.statusCode).toBe(400);
    expect(checked.json<Failure>().errors).toEqual([
      expect.objectContaining({
        path: 'entries.1.piecesDone',
        params: { rule: 'pieces_exceed_quantity', left: 4 },
      }),
      expect.objectContaining({ path: 'entries.2.workerId', code: 'not_found' }),
    ]);
    expect((await readCard(owner, a._id)).piecesDone).toBe(0);

    const saved = await batch([
      { workerId: ramesh, jobCardId: a._id, piecesDone: 6 },
      { workerId: sita, jobCardId: a._id, piecesDone: 4, piecesRejected: 0 },
      { workerId: sita, jobCardId: b._id, piecesDone: 2, rate: 1.5 },
    ]);
    expect(saved.statusCode, saved.body).toBe(201);
    const entries = await Promise.all(
      productionEntryBatchResult
        .parse(saved.json<{ data: unknown }>().data)
        .data.map((entry) => entryAsOwner(entry._id)),
    );
    expect(entries.map((entry) => [entry.workDate, entry.piecesDone, entry.amount])).toEqual([
      ['2026-01-12', 6, 24],
      ['2026-01-12', 4, 16],
      ['2026-01-12', 2, 3],
    ]);
    expect((await readCard(owner, a._id)).piecesLeft).toBe(0);
    expect((await readCard(owner, b._id)).piecesDone).toBe(2);

    const listed = await t.send(owner, 'GET', `/api/production-entries?workerId=${sita}`);
    expect(envelope(paged(productionEntry)).parse(listed.json()).data.totalCount).toBe(2);
  });

  it('keep the card exact when many are logged at once on it', async () => {
    const design = await createDesign(owner, 1);
    const { cards } = await startOrder(owner, [{ designId: design, quantity: 15 }]);
    const card = cards[0] as JobCard;
    const workers = await Promise.all([createWorker(owner), createWorker(owner)]);
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        logWork(owner, {
          workerId: workers[index % 2],
          jobCardId: card._id,
          piecesDone: 1,
          piecesRejected: index % 6 === 0 ? 1 : 0,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 201 || status === 400)).toBe(true);
    const [sums] = await queryRows<{ done: number; rejected: number }>(
      t.database.handle.db,
      sql`select coalesce(sum(pieces_done), 0)::int as done,
                 coalesce(sum(pieces_rejected), 0)::int as rejected
          from production_entries where job_card_id = ${card._id}`,
    );
    const stored = await readCard(owner, card._id);
    expect(stored.piecesDone).toBe(sums?.done);
    expect(stored.piecesRejected).toBe(sums?.rejected);
    // Every refusal came only once the card was full (or too full for that entry).
    expect(stored.piecesLeft).toBeLessThanOrEqual(1);
    expect(stored.piecesDone + stored.piecesRejected + stored.piecesLeft).toBe(15);
    expect(statuses.filter((status) => status === 201).length).toBe(await countEntries(card._id));
  });

  it('take no new work on cards of cancelled or delivered orders, but let old entries be fixed', async () => {
    const design = await createDesign(owner, 1);
    const { order: made, cards } = await startOrder(owner, [{ designId: design, quantity: 5 }]);
    const card = cards[0] as JobCard;
    const worker = await createWorker(owner);
    const entry = entryEnvelope.parse(
      (await logWork(owner, { workerId: worker, jobCardId: card._id, piecesDone: 1 })).json(),
    ).data;
    expect((await setStatus(owner, made._id, { status: 'cancelled' })).statusCode).toBe(200);

    const refused = await logWork(staff, { workerId: worker, jobCardId: card._id, piecesDone: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Failure>().errors).toEqual([
      expect.objectContaining({
        path: 'jobCardId',
        code: 'invalid_value',
        params: { rule: 'card_not_in_production' },
      }),
    ]);
    const batch = await t.send(staff, 'POST', '/api/production-entries/batch', {
      workDate: '2026-01-12',
      entries: [{ workerId: worker, jobCardId: card._id, piecesDone: 1 }],
    });
    expect(batch.json<Failure>().errors?.[0]?.path).toBe('entries.0.jobCardId');
    const fixed = await t.send(owner, 'PUT', `/api/production-entries/${entry._id}`, {
      piecesDone: 2,
      version: entry.version,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
  });

  it('let a worker who is only assigned be deleted, dropping the assignment', async () => {
    const design = await createDesign(owner, 1);
    const { cards } = await startOrder(owner, [{ designId: design, quantity: 5 }]);
    const card = cards[0] as JobCard;
    const worker = await createWorker(owner);
    const assigned = await t.send(owner, 'PUT', `/api/job-cards/${card._id}`, {
      workerIds: [worker],
      version: card.version,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const removed = await t.send(owner, 'DELETE', `/api/workers/${worker}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await readCard(owner, card._id)).workerIds).toEqual([]);
  });

  it('keep a worker with entries from being deleted', async () => {
    const design = await createDesign(owner, 1);
    const { cards } = await startOrder(owner, [{ designId: design, quantity: 5 }]);
    const worker = await createWorker(owner);
    await logWork(owner, { workerId: worker, jobCardId: cards[0]?._id, piecesDone: 1 });
    const removed = await t.send(owner, 'DELETE', `/api/workers/${worker}`);
    expect(removed.statusCode).toBe(409);
  });

  it("keep an order with logged work from being deleted, and take an idle order's cards with it", async () => {
    const design = await createDesign(owner, 1);
    const worked = await startOrder(owner, [{ designId: design, quantity: 5 }]);
    const worker = await createWorker(owner);
    await logWork(owner, { workerId: worker, jobCardId: worked.cards[0]?._id, piecesDone: 1 });
    const refused = await t.send(owner, 'DELETE', `/api/orders/${worked.order._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Failure>().code).toBe('still_referenced');

    const idle = await startOrder(owner, [{ designId: design, quantity: 5 }]);
    const removed = await t.send(owner, 'DELETE', `/api/orders/${idle.order._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.send(owner, 'GET', `/api/job-cards/${idle.cards[0]?._id}`)).statusCode).toBe(
      404,
    );
  });
});

async function countEntries(cardId: string) {
  const [row] = await queryRows<{ count: number }>(
    t.database.handle.db,
    sql`select count(*)::int as count from production_entries where job_card_id = ${cardId}`,
  );
  return row?.count ?? 0;
}

describe('tenants', () => {
  it("never show or touch another organization's cards and entries", async () => {
    const design = await createDesign(owner, 1);
    const { cards } = await startOrder(owner, [{ designId: design, quantity: 5 }]);
    const card = cards[0] as JobCard;
    const worker = await createWorker(owner);
    const entry = entryEnvelope.parse(
      (await logWork(owner, { workerId: worker, jobCardId: card._id, piecesDone: 1 })).json(),
    ).data;
    const theirWorker = await createWorker(stranger);

    expect((await t.send(stranger, 'GET', `/api/job-cards/${card._id}`)).statusCode).toBe(404);
    const theirList = await t.send(stranger, 'GET', '/api/job-cards');
    expect(cardPage.parse(theirList.json()).data.totalCount).toBe(0);
    const move = await t.send(stranger, 'POST', `/api/job-cards/${card._id}/move`, {
      stageId: (await stagesOf(stranger))[1]?._id,
      version: card.version,
    });
    expect(move.statusCode).toBe(404);
    const logged = await logWork(stranger, {
      workerId: theirWorker,
      jobCardId: card._id,
      piecesDone: 1,
    });
    expect(logged.statusCode).toBe(400);
    expect(logged.json<Failure>().errors?.[0]).toMatchObject({ path: 'jobCardId' });
    expect((await t.send(stranger, 'GET', `/api/production-entries/${entry._id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await t.send(stranger, 'DELETE', `/api/production-entries/${entry._id}`)).statusCode,
    ).toBe(404);
    const fromOrder = await t.send(stranger, 'POST', `/api/job-cards/from-order/${card.orderId}`);
    expect(fromOrder.statusCode).toBe(404);
    const entries = await t.send(stranger, 'GET', '/api/production-entries');
    expect(envelope(paged(productionEntry)).parse(entries.json()).data.totalCount).toBe(0);
  });
});

describe('wages', () => {
  /** Rupees with at most two decimals as exact paise. */
  const paise = (value: number) => BigInt(Math.round(value * 100));
  const rupees = (value: bigint) => Number(value) / 100;

  it('are private: staff cannot read them', async () => {
    const response = await t.send(staff, 'GET', '/api/worker-wages?month=2026-01');
    expect(response.statusCode).toBe(403);
  });

  it('need a real month', async () => {
    for (const month of ['2026-13', '2026-1', '', 'January']) {
      const response = await t.send(owner, 'GET', `/api/worker-wages?month=${month}`);
      expect(response.statusCode, month).toBe(400);
    }
  });

  it('match a brute-force sum in paise', async () => {
    const org = await t.registerUser();
    const designs = [await createDesign(org, 12.35), await createDesign(org, null)];
    const { cards } = await startOrder(org, [
      { designId: designs[0] as string, quantity: 100_000 },
      { designId: designs[1] as string, quantity: 100_000 },
    ]);
    const workers = [
      { id: await createWorker(org, 'monthly', 15250.5), type: 'monthly', base: 15250.5 },
      { id: await createWorker(org, 'daily', 452.25), type: 'daily', base: 452.25 },
      { id: await createWorker(org, 'piece_rate', 7.05), type: 'piece_rate', base: 7.05 },
      { id: await createWorker(org, null, null), type: null, base: null },
      // Joined after the month: no row.
      { id: await createWorker(org, 'monthly', 9000, '2026-02-02'), type: 'monthly', base: 9000 },
    ];
    const idle = await createWorker(org, 'monthly', 100);
    await t.send(org, 'PUT', `/api/workers/${idle}`, { isActive: false, version: 1 });

    interface Logged {
      workerId: string;
      workDate: string;
      piecesDone: number;
      piecesRejected: number;
      amount: number;
    }
    const logged: Logged[] = [];
    let seed = 7;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % max;
    };
    const dates = ['2025-12-31', '2026-01-01', '2026-01-02', '2026-01-15', '2026-01-31'];
    for (let index = 0; index < 40; index += 1) {
      const worker = workers[random(4)] as (typeof workers)[number];
      const card = cards[random(2)] as JobCard;
      const body: Record<string, unknown> = {
        workerId: worker.id,
        jobCardId: card._id,
        workDate: dates[random(dates.length)],
        piecesDone: random(500),
        piecesRejected: random(4),
      };
      if (random(3) === 0) body.rate = random(10_000) / 100;
      const response = await t.send(org, 'POST', '/api/production-entries', body);
      expect(response.statusCode, response.body).toBe(201);
      const { data: entry } = entryEnvelope.parse(response.json());
      // The owner reads what every entry earns.
      logged.push({ ...entry, amount: entry.amount! });
    }
    const payments: { workerId: string; type: string; month: number; amount: number }[] = [];
    const types = ['salary', 'advance', 'bonus', 'overtime'];
    for (let index = 0; index < 16; index += 1) {
      const worker = workers[random(4)] as (typeof workers)[number];
      const payment = {
        workerId: worker.id,
        paymentType: types[random(4)] as string,
        paymentMethod: 'cash',
        month: random(3) === 0 ? 12 : 1,
        year: random(3) === 0 ? 2025 : 2026,
        paymentDate: '2026-02-01',
        amount: (1 + random(900_000)) / 100,
      };
      const response = await t.send(org, 'POST', '/api/worker-salaries', payment);
      expect(response.statusCode, response.body).toBe(201);
      payments.push({
        workerId: worker.id,
        type: payment.year === 2026 && payment.month === 1 ? payment.paymentType : 'other',
        month: payment.month,
        amount: payment.amount,
      });
    }

    const response = await t.send(org, 'GET', '/api/worker-wages?month=2026-01');
    expect(response.statusCode, response.body).toBe(200);
    const wages = envelope(workerWages).parse(response.json()).data;
    expect(wages.month).toBe('2026-01');
    expect(wages.rows.map((row) => row.workerId).sort()).toEqual(
      workers
        .slice(0, 4)
        .map((worker) => worker.id)
        .sort(),
    );

    let totalBalance = 0n;
    for (const worker of workers.slice(0, 4)) {
      const mine = logged.filter(
        (entry) => entry.workerId === worker.id && entry.workDate.startsWith('2026-01'),
      );
      const pieceEarnings = mine.reduce((sum, entry) => sum + paise(entry.amount), 0n);
      const days = new Set(mine.map((entry) => entry.workDate)).size;
      const base =
        worker.type === 'monthly'
          ? paise(worker.base ?? 0)
          : worker.type === 'daily'
            ? paise(worker.base ?? 0) * BigInt(days)
            : 0n;
      const paidOf = (type: string) =>
        payments
          .filter((payment) => payment.workerId === worker.id && payment.type === type)
          .reduce((sum, payment) => sum + paise(payment.amount), 0n);
      const earned = base + pieceEarnings;
      const balance = earned - paidOf('salary') - paidOf('advance');
      totalBalance += balance;
      const row = wages.rows.find((candidate) => candidate.workerId === worker.id);
      expect(row, worker.type ?? 'none').toMatchObject({
        daysWorked: days,
        piecesDone: mine.reduce((sum, entry) => sum + entry.piecesDone, 0),
        piecesRejected: mine.reduce((sum, entry) => sum + entry.piecesRejected, 0),
        pieceEarnings: rupees(pieceEarnings),
        basePay: rupees(base),
        earned: rupees(earned),
        paid: {
          salary: rupees(paidOf('salary')),
          advance: rupees(paidOf('advance')),
          bonus: rupees(paidOf('bonus')),
          overtime: rupees(paidOf('overtime')),
        },
        advancesRecovered: rupees(paidOf('advance')),
        balanceDue: rupees(balance),
      });
    }
    expect(wages.totals.balanceDue).toBe(rupees(totalBalance));
    expect(wages.totals.workerCount).toBe(4);

    const one = await t.send(
      org,
      'GET',
      `/api/worker-wages?month=2026-01&workerId=${workers[1]?.id}`,
    );
    expect(
      envelope(workerWages)
        .parse(one.json())
        .data.rows.map((row) => row.workerId),
    ).toEqual([workers[1]?.id]);
    const otherOrg = await t.send(stranger, 'GET', '/api/worker-wages?month=2026-01');
    const theirRows = envelope(workerWages).parse(otherOrg.json()).data.rows;
    expect(theirRows.some((row) => workers.some((worker) => worker.id === row.workerId))).toBe(
      false,
    );
  });
});

describe('audit trail', () => {
  it('records cards, entries and stages', async () => {
    const fresh = await t.registerUser();
    const design = await createDesign(fresh, 1);
    const { cards } = await startOrder(fresh, [{ designId: design, quantity: 5 }]);
    const worker = await createWorker(fresh);
    await logWork(fresh, { workerId: worker, jobCardId: cards[0]?._id, piecesDone: 1 });
    const stages = await stagesOf(fresh);
    await t.send(fresh, 'PUT', '/api/production/stages', {
      stages: [...stages.map(({ _id, name }) => ({ _id, name })), { name: 'Dispatch' }],
    });
    for (const entity of ['jobCard', 'productionEntry', 'productionStage']) {
      const response = await t.send(fresh, 'GET', `/api/audit-log?entity=${entity}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(
        response.json<{ data: { totalCount: number } }>().data.totalCount,
        entity,
      ).toBeGreaterThan(0);
    }
  });
});
