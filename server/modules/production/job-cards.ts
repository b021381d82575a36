import { sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Paged } from '../../../contract/common.ts';
import type {
  JobCard,
  JobCardListParams,
  JobCardMove,
  JobCardUpdate,
} from '../../../contract/job-cards.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { appendTenantAudit, auditChanges } from '../../lib/audit.ts';
import { endOfWeek } from '../../lib/calendar-day.ts';
import { badRequest, conflict, staleVersion } from '../../lib/http-errors.ts';
import { lockTenantRow } from '../../lib/row-lock.ts';
import { recordIdentity, recordStamp } from '../../lib/sql-values.ts';
import { escapeLikePattern, pageInfo, parseSort } from '../../lib/list-page.ts';
import type { TenantContext } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/tenant-repository.ts';
import { notFoundField } from './field-errors.ts';
import { findStage, firstStageId } from './stages.ts';

/*
 * Cards are read with hand-written SQL: a card's record joins its order, line, merchant, design,
 * stage and workers, and "done" depends on the organization's last stage, so the list's filters,
 * sorts and records share these expressions. Every statement names organization_id.
 */

const PIECES_LEFT = sql`(c.quantity - c.pieces_done - c.pieces_rejected)`;

/*
 * Lists read only `job_cards c` joined to `orders o`; everything else a record shows comes from
 * scalar subqueries. A card list joining seven tables three times (count, page, records) spent
 * 60-130 ms planning join orders for a 1 ms execution; subqueries are planned one by one.
 */
const lastStageQuery = (tenant: TenantContext) => sql`(
  select id from production_stages
  where organization_id = ${tenant.organizationId}
  order by position desc limit 1)`;
const isDone = (tenant: TenantContext) =>
  sql`(c.stage_id = ${lastStageQuery(tenant)} and ${PIECES_LEFT} = 0)`;
const isOverdue = (done: SQL) =>
  sql`(not ${done} and c.due_date is not null and c.due_date < current_date)`;

/** The card's order, which every list filter and sort may need. */
const orderJoin = sql`join orders o on o.organization_id = c.organization_id and o.id = c.order_id`;

const cardRecord = (tenant: TenantContext) => sql`json_build_object(
  ${recordIdentity('c')},
  ${recordStamp('c')},
  'orderId', c.order_id,
  'orderLineId', c.order_line_id,
  'linePosition', (
    select l.position from order_lines l
    where l.organization_id = c.organization_id and l.id = c.order_line_id),
  'order', json_build_object(
    '_id', o.id, 'poNumber', o.po_number, 'status', o.status,
    'orderDate', to_char(o.order_date, 'YYYY-MM-DD')
  ),
  'merchantId', o.merchant_id,
  'merchant', (
    select json_build_object('_id', m.id, 'name', m.name) from merchants m
    where m.organization_id = o.organization_id and m.id = o.merchant_id),
  'designId', c.design_id,
  'design', (
    select json_build_object(
      '_id', d.id, 'name', d.name, 'designCode', d.design_code, 'rate', d.rate::float8)
    from designs d where d.organization_id = c.organization_id and d.id = c.design_id),
  'quantity', c.quantity,
  'dueDate', to_char(c.due_date, 'YYYY-MM-DD'),
  'stageId', c.stage_id,
  'stage', (
    select json_build_object('_id', s.id, 'name', s.name, 'position', s.position)
    from production_stages s where s.organization_id = c.organization_id and s.id = c.stage_id),
  'isLastStage', c.stage_id = ${lastStageQuery(tenant)},
  'workerIds', coalesce((
    select json_agg(w.id order by lower(w.name), w.id)
    from job_card_workers jw
    join workers w on w.organization_id = jw.organization_id and w.id = jw.worker_id
    where jw.organization_id = c.organization_id and jw.job_card_id = c.id), '[]'::json),
  'workers', coalesce((
    select json_agg(json_build_object('_id', w.id, 'name', w.name) order by lower(w.name), w.id)
    from job_card_workers jw
    join workers w on w.organization_id = jw.organization_id and w.id = jw.worker_id
    where jw.organization_id = c.organization_id and jw.job_card_id = c.id), '[]'::json),
  'notes', c.notes,
  'piecesDone', c.pieces_done,
  'piecesRejected', c.pieces_rejected,
  'piecesLeft', ${PIECES_LEFT},
  'isDone', ${isDone(tenant)},
  'isOverdue', ${isOverdue(isDone(tenant))}
)`;

async function readCards(db: Database, tenant: TenantContext, where: SQL): Promise<JobCard[]> {
  const rows = await queryRows<{ record: JobCard }>(
    db,
    sql`select ${cardRecord(tenant)} as record
        from job_cards c
        ${orderJoin}
        where c.organization_id = ${tenant.organizationId} and ${where}
        order by o.id, (
          select l.position from order_lines l
          where l.organization_id = c.organization_id and l.id = c.order_line_id), c.id`,
  );
  return rows.map((row) => row.record);
}

export async function findJobCard(db: Database, tenant: TenantContext, id: string) {
  const [card] = await readCards(db, tenant, sql`c.id = ${id}`);
  return card;
}

const SORTS: Record<string, SQL> = {
  dueDate: sql`c.due_date`,
  createdAt: sql`c.created_at`,
  piecesLeft: PIECES_LEFT,
  poNumber: sql`lower(o.po_number)`,
};

/** `done`: the condition for a done card, which the list may know to be false (below). */
function listConditions(query: JobCardListParams, today: string, done: SQL): SQL[] {
  const conditions: SQL[] = [];
  if (query.stageId) conditions.push(sql`c.stage_id = ${query.stageId}`);
  if (query.orderId) conditions.push(sql`c.order_id = ${query.orderId}`);
  if (query.merchantId) conditions.push(sql`o.merchant_id = ${query.merchantId}`);
  if (query.workerId) {
    conditions.push(sql`exists (
      select 1 from job_card_workers jw
      where jw.organization_id = c.organization_id and jw.job_card_id = c.id
        and jw.worker_id = ${query.workerId})`);
  }
  if (query.overdue !== undefined) {
    conditions.push(query.overdue ? isOverdue(done) : sql`not ${isOverdue(done)}`);
  }
  if (query.due !== undefined) {
    const last = query.due === 'today' ? today : endOfWeek(today);
    conditions.push(sql`c.due_date between ${today}::date and ${last}::date`);
  }
  if (query.isDone !== undefined) {
    conditions.push(query.isDone ? done : sql`not ${done}`);
  }
  if (query.search) {
    const pattern = `%${escapeLikePattern(query.search)}%`;
    conditions.push(sql`(o.po_number ilike ${pattern}
      or exists (select 1 from designs d
                 where d.organization_id = c.organization_id and d.id = c.design_id
                   and (d.design_code ilike ${pattern} or d.name ilike ${pattern}))
      or exists (select 1 from merchants m
                 where m.organization_id = o.organization_id and m.id = o.merchant_id
                   and m.name ilike ${pattern}))`);
  }
  return conditions;
}

/** `today` is the organization's calendar day (`yyyy-MM-dd`), which the `due` windows start on. */
export async function listJobCards(
  db: Database,
  tenant: TenantContext,
  query: JobCardListParams,
  today: string,
): Promise<Paged<JobCard>> {
  // A stage other than the last holds no done card: "done" is then false, and the stage's column
  // is filtered and counted from the card index without reading each card's pieces.
  const [last] = query.stageId
    ? await queryRows<{ id: string }>(db, sql`select ${lastStageQuery(tenant)} as id`)
    : [];
  const done = last && last.id !== query.stageId ? sql`false` : isDone(tenant);
  const where = sql.join(
    [sql`c.organization_id = ${tenant.organizationId}`, ...listConditions(query, today, done)],
    sql` and `,
  );
  const { field, direction } = parseSort(query.sort ?? '-createdAt');
  const key = SORTS[field];
  if (!key) throw new Error(`Sort field "${field}" is not sortable`);
  const dir = direction === 'asc' ? sql`asc` : sql`desc`;
  // Cards without a due date come after those with one, whichever way the list is sorted.
  const orderBy = sql`${key} ${dir} nulls last, c.id ${dir}`;
  // The order is joined only for what the card does not carry (merchant, PO number), so a
  // stage's column is counted and paged from the card index alone.
  const pageJoin =
    query.merchantId !== undefined || query.search !== undefined || field === 'poNumber'
      ? orderJoin
      : sql``;
  // The count is the outer row and the page is joined to it, so a page past the end still
  // carries the true total; records (with their workers) are built for the page's cards only.
  const rows = await queryRows<{ total: number; record: JobCard | null }>(
    db,
    sql`select counted.total, records.record
        from (
          select count(*)::int as total from job_cards c ${pageJoin} where ${where}
        ) counted
        left join (
          select ${cardRecord(tenant)} as record, page.position
          from (
            select c.id, row_number() over (order by ${orderBy}) as position
            from job_cards c
            ${pageJoin}
            where ${where}
            order by ${orderBy}
            limit ${query.limit} offset ${(query.page - 1) * query.limit}
          ) page
          join job_cards c on c.organization_id = ${tenant.organizationId} and c.id = page.id
          ${orderJoin}
        ) records on true
        order by records.position`,
  );
  const totalCount = Number(rows[0]?.total ?? 0);
  const records = rows.flatMap((row) => (row.record ? [row.record] : []));
  return pageInfo(records, totalCount, query.page, query.limit);
}

/** The card row locked for the rest of the transaction. */
async function lockCard(db: Database, tenant: TenantContext, id: string) {
  const [row] = await queryRows<{
    id: string;
    version: number;
    stage_id: string;
    notes: string | null;
    entry_count: number;
  }>(
    db,
    sql`select c.id, c.version, c.stage_id, c.notes,
               (select count(*)::int from production_entries e
                 where e.organization_id = c.organization_id and e.job_card_id = c.id) as entry_count
        from job_cards c
        where c.organization_id = ${tenant.organizationId} and c.id = ${id}
        for update of c`,
  );
  return row;
}

async function assignedWorkerIds(db: Database, tenant: TenantContext, cardId: string) {
  const rows = await queryRows<{ worker_id: string }>(
    db,
    sql`select worker_id from job_card_workers
        where organization_id = ${tenant.organizationId} and job_card_id = ${cardId}
        order by worker_id`,
  );
  return rows.map((row) => row.worker_id);
}

function cardAudit(
  tx: Database,
  tenant: TenantContext,
  id: string,
  action: 'create' | 'update' | 'delete' | 'statusChange',
  changes: Record<string, [unknown, unknown]>,
) {
  return appendTenantAudit(tx, tenant, {
    action,
    entity: 'jobCard',
    entityId: id,
    changes,
  });
}

async function assertVersion(
  tx: Database,
  tenant: TenantContext,
  id: string,
  stored: number,
  expected: number | undefined,
) {
  if (expected !== undefined && stored !== expected) {
    throw staleVersion(await findJobCard(tx, tenant, id));
  }
}

export async function updateJobCard(
  db: Database,
  tenant: TenantContext,
  id: string,
  values: JobCardUpdate,
): Promise<JobCard | undefined> {
  return inTransaction(db, async (tx) => {
    const stored = await lockCard(tx, tenant, id);
    if (!stored) return undefined;
    await assertVersion(tx, tenant, id, stored.version, values.version);
    const changes: Record<string, [unknown, unknown]> = {};
    if (values.workerIds !== undefined) {
      const wanted = [...new Set(values.workerIds)];
      const found = await queryRows<{ id: string }>(
        tx,
        sql`select id from workers
            where organization_id = ${tenant.organizationId}
              and id in (${sql.join(
                wanted.length > 0 ? wanted.map((workerId) => sql`${workerId}::uuid`) : [sql`null`],
                sql`, `,
              )})`,
      );
      const known = new Set(found.map((row) => row.id));
      const missing = values.workerIds.flatMap((workerId, index) =>
        known.has(workerId) ? [] : [notFoundField(`workerIds.${index}`)],
      );
      if (missing.length > 0) throw badRequest('Validation failed', missing);
      const before = await assignedWorkerIds(tx, tenant, id);
      await tx.execute(
        sql`delete from job_card_workers
            where organization_id = ${tenant.organizationId} and job_card_id = ${id}`,
      );
      if (wanted.length > 0) {
        await tx.execute(
          sql`insert into job_card_workers (organization_id, job_card_id, worker_id)
              values ${sql.join(
                wanted.map((workerId) => sql`(${tenant.organizationId}, ${id}, ${workerId})`),
                sql`, `,
              )}`,
        );
      }
      const after = [...wanted].sort();
      if (JSON.stringify(before) !== JSON.stringify(after)) changes.workerIds = [before, after];
    }
    if (values.notes !== undefined && values.notes !== stored.notes) {
      changes.notes = [stored.notes, values.notes];
    }
    await tx.execute(
      sql`update job_cards
          set notes = ${values.notes === undefined ? sql`notes` : values.notes},
              version = version + 1, updated_at = now()
          where organization_id = ${tenant.organizationId} and id = ${id}`,
    );
    await cardAudit(tx, tenant, id, 'update', changes);
    return findJobCard(tx, tenant, id);
  });
}

/** Moves a card to any stage, forward or back; moving it where it is changes nothing. */
export async function moveJobCard(
  db: Database,
  tenant: TenantContext,
  id: string,
  values: JobCardMove,
): Promise<JobCard | undefined> {
  return inTransaction(db, async (tx) => {
    const stored = await lockCard(tx, tenant, id);
    if (!stored) return undefined;
    await assertVersion(tx, tenant, id, stored.version, values.version);
    const target = await findStage(tx, tenant, values.stageId);
    if (!target) throw badRequest('Validation failed', [notFoundField('stageId')]);
    if (target.id === stored.stage_id) return findJobCard(tx, tenant, id);
    const from = await findStage(tx, tenant, stored.stage_id);
    await tx.execute(
      sql`update job_cards
          set stage_id = ${target.id}, version = version + 1, updated_at = now()
          where organization_id = ${tenant.organizationId} and id = ${id}`,
    );
    await cardAudit(tx, tenant, id, 'statusChange', { stage: [from?.name ?? null, target.name] });
    return findJobCard(tx, tenant, id);
  });
}

/** A card with production entries holds wage records: those go first. */
export async function deleteJobCard(
  db: Database,
  tenant: TenantContext,
  id: string,
): Promise<string | undefined> {
  return inTransaction(db, async (tx) => {
    const stored = await lockCard(tx, tenant, id);
    if (!stored) return undefined;
    if (stored.entry_count > 0) {
      throw conflict(
        'Production entries are logged against this job card; delete them before the card',
        { code: 'still_referenced' },
      );
    }
    const before = await findJobCard(tx, tenant, id);
    await tx.execute(
      sql`delete from job_cards where organization_id = ${tenant.organizationId} and id = ${id}`,
    );
    await cardAudit(
      tx,
      tenant,
      id,
      'delete',
      auditChanges(before ? cardAuditView(before) : undefined, undefined),
    );
    return id;
  });
}

const cardAuditView = (card: JobCard) => ({
  poNumber: card.order.poNumber,
  design: card.design.designCode,
  quantity: card.quantity,
  stage: card.stage.name,
  workerIds: [...card.workerIds].sort(),
  notes: card.notes,
});

/**
 * Makes the cards the order's lines are missing, in the first stage. The caller holds the order's
 * row lock (a status change, or `from-order`), and the unique line index is the last word, so
 * making them twice at once still leaves one card per line. Returns how many were made.
 */
export async function makeCardsForOrder(
  tx: Database,
  tenant: TenantContext,
  orderId: string,
): Promise<number> {
  const missing = await queryRows<{ id: string; design_id: string; quantity: number }>(
    tx,
    sql`select l.id, l.design_id, l.quantity
        from order_lines l
        where l.organization_id = ${tenant.organizationId} and l.order_id = ${orderId}
          and not exists (
            select 1 from job_cards c
            where c.organization_id = l.organization_id and c.order_line_id = l.id)
        order by l.position`,
  );
  if (missing.length === 0) return 0;
  const stageId = await firstStageId(tx, tenant);
  const made = missing.map((line) => ({ id: uuidv7(), line }));
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`insert into job_cards
          (organization_id, id, order_id, order_line_id, design_id, quantity, stage_id)
        values ${sql.join(
          made.map(
            ({ id, line }) =>
              sql`(${tenant.organizationId}, ${id}, ${orderId}, ${line.id}, ${line.design_id}, ${line.quantity}, ${stageId})`,
          ),
          sql`, `,
        )}
        on conflict (organization_id, order_line_id) do nothing
        returning id`,
  );
  const insertedIds = new Set(inserted.map((row) => row.id));
  for (const card of await readCards(
    tx,
    tenant,
    sql`c.order_id = ${orderId} and c.id in (${sql.join(
      made.filter(({ id }) => insertedIds.has(id)).map(({ id }) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  )) {
    await cardAudit(tx, tenant, card._id, 'create', auditChanges(undefined, cardAuditView(card)));
  }
  return inserted.length;
}

/** `from-order`: the order locked, its missing cards made, and all its cards read back. */
export async function cardsFromOrder(
  db: Database,
  tenant: TenantContext,
  orderId: string,
): Promise<{ data: JobCard[]; created: number } | undefined> {
  return inTransaction(db, async (tx) => {
    const order = await lockTenantRow<{ status: string }>(
      tx,
      tenant,
      'orders',
      orderId,
      sql`status`,
    );
    if (!order) return undefined;
    if (order.status === 'cancelled' || order.status === 'delivered') {
      throw conflict(`Job cards are not made for a ${order.status} order`, {
        code: 'order_not_in_production',
      });
    }
    const created = await makeCardsForOrder(tx, tenant, orderId);
    return { data: await readCards(tx, tenant, sql`c.order_id = ${orderId}`), created };
  });
}

/** How many of the order's cards are not done (the rule for completing it). */
export async function openCardCount(
  db: Database,
  tenant: TenantContext,
  orderId: string,
): Promise<number> {
  const [row] = await queryRows<{ open: number }>(
    db,
    sql`select count(*)::int as open
        from job_cards c
        where c.organization_id = ${tenant.organizationId} and c.order_id = ${orderId}
          and not ${isDone(tenant)}`,
  );
  return Number(row?.open ?? 0);
}

export async function orderHasCards(
  db: Database,
  tenant: TenantContext,
  orderId: string,
): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from job_cards
        where organization_id = ${tenant.organizationId} and order_id = ${orderId} limit 1`,
  );
  return rows.length > 0;
}
