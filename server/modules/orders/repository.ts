import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Paged } from '../../../contract/common.ts';
import {
  DELIVERED_ORDER_EDITABLE,
  canMoveOrderStatus,
  deliveryBeforeOrderIssue,
  orderLineAmount,
  orderTotals,
  type Order,
  type OrderCreate,
  type OrderListParams,
  type OrderStatus,
  type OrderUpdate,
} from '../../../contract/orders.ts';
import { describeIssue } from '../../../contract/validation.ts';
import { queryRows, type Database } from '../../db/database.ts';
import { designs } from '../designs/schema.ts';
import { merchants } from '../merchants/schema.ts';
import { orderLines, orders } from './schema.ts';
import {
  badRequest,
  conflict,
  fieldError,
  staleVersion,
  type FieldError,
} from '../../lib/http-errors.ts';
import { isoTimestamp } from '../../lib/sql-values.ts';
import {
  buildFilterConditions,
  containsText,
  equalsValue,
  orderByFor,
  pageInfo,
  type FilterDefinitions,
} from '../../lib/list-page.ts';
import { tenantScope, type TenantContext } from '../../lib/tenant.ts';
import { appendAudit, auditChanges, type AuditChanges } from '../../lib/audit.ts';
import { mapDatabaseError } from '../../lib/db-errors.ts';
import { makeCardsForOrder, openCardCount, orderHasCards } from '../production/job-cards.ts';
import { keysetRows } from '../../lib/csv-export.ts';
import {
  expectedVersionOf,
  inTransaction,
  missingOrStale,
  nextVersion,
  versionMatches,
} from '../../lib/tenant-repository.ts';

type OrderFilters = Omit<OrderListParams, 'page' | 'limit' | 'sort'>;

const filters: FilterDefinitions<OrderFilters> = {
  status: equalsValue<OrderStatus>(orders.status),
  merchantId: equalsValue<string>(orders.merchantId),
  startDate: (value) => sql`${orders.orderDate} >= ${value}`,
  endDate: (value) => sql`${orders.orderDate} <= ${value}`,
  poNumber: containsText(orders.poNumber),
  isPaid: equalsValue<boolean>(orders.isPaid),
};

const sortable = {
  orderDate: orders.orderDate,
  poNumber: sql`lower(${orders.poNumber})`,
  totalAmount: orders.totalAmount,
  createdAt: orders.createdAt,
};

/**
 * The API record of the `orders` row in scope, built by the database as JSON: the merchant and
 * the lines with their designs come along in the same statement, numbers stay exact decimals and
 * dates stay `yyyy-MM-dd`. Needs `merchants` joined to `orders`.
 */
const orderRecord = sql`json_build_object(
  '_id', orders.id,
  'organizationId', orders.organization_id,
  'merchantId', orders.merchant_id,
  'merchant', json_build_object('_id', merchants.id, 'name', merchants.name),
  'poNumber', orders.po_number,
  'orderDate', orders.order_date,
  'deliveryDate', orders.delivery_date,
  'isPaid', orders.is_paid,
  'status', orders.status,
  'notes', orders.notes,
  'version', orders.version,
  'designs', coalesce((
    select json_agg(json_build_object(
      '_id', order_lines.id,
      'designId', order_lines.design_id,
      'design', json_build_object(
        '_id', designs.id, 'name', designs.name, 'designCode', designs.design_code
      ),
      'quantity', order_lines.quantity,
      'rate', order_lines.rate,
      'amount', order_lines.amount
    ) order by order_lines.position)
    from order_lines
    join designs
      on designs.organization_id = order_lines.organization_id
     and designs.id = order_lines.design_id
    where order_lines.organization_id = orders.organization_id
      and order_lines.order_id = orders.id
  ), '[]'::json),
  'billId', orders.bill_id,
  'billNumber', (
    select bills.number from bills
    where bills.organization_id = orders.organization_id and bills.id = orders.bill_id
  ),
  'totalQuantity', orders.total_quantity,
  'totalAmount', orders.total_amount,
  'createdAt', ${isoTimestamp(sql`orders.created_at`)},
  'updatedAt', ${isoTimestamp(sql`orders.updated_at`)}
)`;

const withMerchant = sql`orders join merchants
  on merchants.organization_id = orders.organization_id and merchants.id = orders.merchant_id`;

/** node-postgres parses JSON; a numeric string would only come from a driver quirk. */
function normalizeRecord(raw: unknown): Order {
  const record = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Order;
  record.totalAmount = Number(record.totalAmount);
  for (const line of record.designs) {
    line.rate = Number(line.rate);
    line.amount = Number(line.amount);
  }
  return record;
}

/** Orders matching `condition` (on `orders`) as API records, in `orderBy` order. */
export async function orderRecordsWhere(
  db: Database,
  tenant: TenantContext,
  condition: SQL,
  orderBy: SQL,
): Promise<Order[]> {
  const rows = await queryRows<{ record: unknown }>(
    db,
    sql`select ${orderRecord} as record from ${withMerchant}
        where ${tenantScope(orders, tenant, condition)}
        order by ${orderBy}`,
  );
  return rows.map((row) => normalizeRecord(row.record));
}

async function readOrder(db: Database, tenant: TenantContext, id: string) {
  const rows = await queryRows<{ record: unknown }>(
    db,
    sql`select ${orderRecord} as record from ${withMerchant}
        where ${tenantScope(orders, tenant, eq(orders.id, id))}`,
  );
  return rows[0] ? normalizeRecord(rows[0].record) : undefined;
}

/** A merchant or design of another organization (or none) is a bad request naming the field. */
async function assertReferencesExist(
  db: Database,
  tenant: TenantContext,
  values: { merchantId?: string | undefined; designs?: { designId: string }[] | undefined },
) {
  const errors: FieldError[] = [];
  if (values.merchantId !== undefined) {
    const found = await db
      .select({ id: merchants.id })
      .from(merchants)
      .where(tenantScope(merchants, tenant, eq(merchants.id, values.merchantId)))
      .limit(1);
    if (found.length === 0)
      errors.push({ path: 'merchantId', code: 'not_found', message: 'Merchant not found' });
  }
  if (values.designs && values.designs.length > 0) {
    const wanted = [...new Set(values.designs.map((line) => line.designId))];
    const found = await db
      .select({ id: designs.id })
      .from(designs)
      .where(tenantScope(designs, tenant, inArray(designs.id, wanted)));
    const known = new Set(found.map((row) => row.id));
    values.designs.forEach((line, index) => {
      if (!known.has(line.designId)) {
        errors.push({
          path: `designs.${index}.designId`,
          code: 'not_found',
          message: 'Design not found',
        });
      }
    });
  }
  if (errors.length > 0) throw badRequest('Validation failed', errors);
}

/**
 * Replaces the order's lines and stores their amounts and the order's totals, counted with the
 * contract's `orderTotals`: the same function shows an order queued offline before it gets here.
 */
function lineRows(tenant: TenantContext, orderId: string, lines: OrderCreate['designs']) {
  return lines.map((line, position) => ({
    organizationId: tenant.organizationId,
    id: uuidv7(),
    orderId,
    position,
    designId: line.designId,
    quantity: line.quantity,
    rate: line.rate,
    amount: orderLineAmount(line),
  }));
}

async function replaceLines(
  db: Database,
  tenant: TenantContext,
  orderId: string,
  lines: OrderCreate['designs'],
) {
  const lineScope = tenantScope(orderLines, tenant, eq(orderLines.orderId, orderId));
  await db.delete(orderLines).where(lineScope);
  await db.insert(orderLines).values(lineRows(tenant, orderId, lines));
  await db
    .update(orders)
    .set(orderTotals(lines))
    .where(tenantScope(orders, tenant, eq(orders.id, orderId)));
}

/**
 * Locks the order for the rest of the transaction; what the checks before a write need, or
 * undefined when it is not there.
 */
async function lockOrder(db: Database, tenant: TenantContext, id: string) {
  const [row] = await db
    .select({
      status: orders.status,
      version: orders.version,
      orderDate: orders.orderDate,
      deliveryDate: orders.deliveryDate,
      isPaid: orders.isPaid,
      billId: orders.billId,
    })
    .from(orders)
    .where(tenantScope(orders, tenant, eq(orders.id, id)))
    .for('update');
  return row;
}

/** A PUT may name one date only; the other is the stored one. */
function assertDeliveryNotBeforeOrder(
  stored: { orderDate: string; deliveryDate: string | null },
  values: OrderUpdate,
) {
  if (values.orderDate === undefined && values.deliveryDate === undefined) return;
  const orderDate = values.orderDate ?? stored.orderDate;
  const deliveryDate =
    values.deliveryDate === undefined ? stored.deliveryDate : values.deliveryDate;
  if (deliveryDate === null || deliveryDate >= orderDate) return;
  const issue = deliveryBeforeOrderIssue(orderDate);
  const { path, code, params } = describeIssue({ ...issue, input: deliveryDate });
  throw badRequest('Validation failed', [fieldError(path, code, params)]);
}

const sameLines = (stored: Order['designs'], sent: NonNullable<OrderUpdate['designs']>) =>
  stored.length === sent.length &&
  stored.every(
    (line, index) =>
      line.designId === sent[index]?.designId &&
      line.quantity === sent[index].quantity &&
      line.rate === sent[index].rate,
  );

/**
 * A delivered order keeps what was delivered; a client that sends back unchanged values (a form
 * saving the whole record) is not refused, only a real change outside DELIVERED_ORDER_EDITABLE.
 */
function changedAfterDelivery(stored: Order, values: OrderUpdate): string[] {
  const changed: string[] = [];
  if (values.merchantId !== undefined && values.merchantId !== stored.merchantId)
    changed.push('merchantId');
  if (values.poNumber !== undefined && values.poNumber !== stored.poNumber)
    changed.push('poNumber');
  if (values.orderDate !== undefined && values.orderDate !== stored.orderDate)
    changed.push('orderDate');
  if (values.designs !== undefined && !sameLines(stored.designs, values.designs))
    changed.push('designs');
  return changed;
}

/**
 * An order on a live bill was billed as it is: its merchant and lines stay, and its paid flag
 * follows the bill. Values sent back unchanged (a form saving the whole record) are not refused.
 */
function assertNotLockedByBill(
  stored: { billId: string | null; isPaid: boolean },
  before: Order,
  values: OrderUpdate,
) {
  if (stored.billId === null) return;
  if (values.isPaid !== undefined && values.isPaid !== stored.isPaid) {
    throw conflict('Paid status follows the bill', { code: 'bill_locked' });
  }
  const changed: string[] = [];
  if (values.merchantId !== undefined && values.merchantId !== before.merchantId)
    changed.push('merchantId');
  if (values.designs !== undefined && !sameLines(before.designs, values.designs))
    changed.push('designs');
  if (changed.length > 0) {
    throw conflict(
      `The order is on bill ${before.billNumber}; its ${changed.join(', ')} cannot change`,
      { code: 'bill_locked' },
    );
  }
}

/**
 * An order as the trail keeps it: the merchant by name, and the lines as one `designs` value
 * without their ids, which are new on every save, so unchanged lines show as no change.
 */
function orderAuditView(record: Order | undefined): Record<string, unknown> | undefined {
  if (!record) return undefined;
  const {
    merchant,
    designs: lines,
    merchantId: _merchantId,
    billId: _billId,
    billNumber: _billNumber,
    ...rest
  } = record;
  return {
    ...rest,
    merchant: merchant.name,
    designs: lines.map((line) => ({
      designId: line.designId,
      designCode: line.design.designCode,
      name: line.design.name,
      quantity: line.quantity,
      rate: line.rate,
      amount: line.amount,
    })),
  };
}

function appendOrderAudit(
  tx: Database,
  tenant: TenantContext,
  id: string,
  action: 'create' | 'update' | 'delete' | 'statusChange',
  changes: AuditChanges,
) {
  return appendAudit(tx, {
    organizationId: tenant.organizationId,
    userId: tenant.userId,
    action,
    entity: 'order',
    entityId: id,
    changes,
  });
}

export const orderRepository = {
  async list(db: Database, tenant: TenantContext, query: OrderListParams): Promise<Paged<Order>> {
    const where = tenantScope(orders, tenant, ...buildFilterConditions(filters, query));
    const orderBy = sql.join(orderByFor(query.sort ?? '-createdAt', sortable, orders.id), sql`, `);
    // One statement: the count is the outer row and the page is joined to it, so a page past the
    // end still carries the true total. The page's ids are chosen first from the index alone;
    // records are built only for those rows, never for the rows OFFSET skips.
    const rows = await queryRows<{ total: number; record: unknown }>(
      db,
      sql`select counted.total, records.record
          from (select count(*)::int as total from orders where ${where}) as counted
          left join (
            select ${orderRecord} as record, row_number() over (order by ${orderBy}) as position
            from (
              select orders.id from orders
              where ${where}
              order by ${orderBy}
              limit ${query.limit} offset ${(query.page - 1) * query.limit}
            ) as page
            join orders
              on orders.organization_id = ${tenant.organizationId} and orders.id = page.id
            join merchants
              on merchants.organization_id = orders.organization_id
             and merchants.id = orders.merchant_id
          ) as records on true
          order by records.position`,
    );
    const totalCount = Number(rows[0]?.total ?? 0);
    const records = rows
      .filter((row) => row.record !== null && row.record !== undefined)
      .map((row) => normalizeRecord(row.record));
    return pageInfo(records, totalCount, query.page, query.limit);
  },

  findById: readOrder,

  async *exportRows(
    db: Database,
    tenant: TenantContext,
    query: Omit<OrderListParams, 'page' | 'limit'>,
  ): AsyncGenerator<Order> {
    const rows = keysetRows<{ record: unknown }>(db, {
      select: sql`${orderRecord} as record`,
      from: withMerchant,
      where: tenantScope(orders, tenant, ...buildFilterConditions(filters, query)),
      sort: query.sort ?? '-createdAt',
      sortable,
      idColumn: orders.id,
    });
    for await (const row of rows) yield normalizeRecord(row.record);
  },

  async create(db: Database, tenant: TenantContext, values: OrderCreate): Promise<Order> {
    return inTransaction(db, async (tx) => {
      await assertReferencesExist(tx, tenant, values);
      const id = uuidv7();
      const now = new Date();
      const placeOrder = tx.insert(orders).values({
        organizationId: tenant.organizationId,
        id,
        merchantId: values.merchantId,
        poNumber: values.poNumber,
        orderDate: values.orderDate,
        deliveryDate: values.deliveryDate ?? null,
        isPaid: values.isPaid ?? false,
        status: 'pending',
        notes: values.notes ?? null,
        ...orderTotals(values.designs),
        createdAt: now,
        updatedAt: now,
      });
      const placeLines = tx.insert(orderLines).values(lineRows(tenant, id, values.designs));
      // The order's triggers lock its day's and merchant's totals rows until this transaction
      // commits, and every order of the day needs the same row. The order is written with its
      // totals and its lines in one statement, so the lock is taken as late as it can be and
      // held for two more statements (read, audit) instead of five.
      await tx.execute(sql`with placed as (${placeOrder.getSQL()}) ${placeLines.getSQL()}`);
      const created = (await readOrder(tx, tenant, id)) as Order;
      await appendOrderAudit(
        tx,
        tenant,
        id,
        'create',
        auditChanges(undefined, orderAuditView(created)),
      );
      return created;
    });
  },

  /**
   * Merges the fields present; `designs`, when present, replaces every line. The lines belong to
   * the order, so the order's version covers them: one bump per update.
   */
  async update(
    db: Database,
    tenant: TenantContext,
    id: string,
    values: OrderUpdate,
  ): Promise<Order | undefined> {
    return inTransaction(db, async (tx) => {
      const stored = await lockOrder(tx, tenant, id);
      if (stored === undefined) return undefined;
      // A stale client is told so first: the other checks would judge someone else's record.
      const expected = expectedVersionOf(values);
      if (expected !== undefined && stored.version !== expected) {
        throw staleVersion(await readOrder(tx, tenant, id));
      }
      const before = (await readOrder(tx, tenant, id)) as Order;
      if (stored.status === 'delivered') {
        const changed = changedAfterDelivery(before, values);
        if (changed.length > 0) {
          throw conflict(
            `A delivered order's ${changed.join(', ')} cannot change; only ${DELIVERED_ORDER_EDITABLE.join(', ')} can`,
            { code: 'invalid_transition' },
          );
        }
      }
      assertNotLockedByBill(stored, before, values);
      if (
        values.designs !== undefined &&
        !sameLines(before.designs, values.designs) &&
        (await orderHasCards(tx, tenant, id))
      ) {
        throw conflict('The order has job cards: its lines are what the floor is working on', {
          code: 'order_in_production',
        });
      }
      assertDeliveryNotBeforeOrder(stored, values);
      await assertReferencesExist(tx, tenant, values);
      const changes: Partial<typeof orders.$inferInsert> = {
        updatedAt: new Date(),
        version: nextVersion(orders) as unknown as number,
      };
      if (values.merchantId !== undefined) changes.merchantId = values.merchantId;
      if (values.poNumber !== undefined) changes.poNumber = values.poNumber;
      if (values.orderDate !== undefined) changes.orderDate = values.orderDate;
      if (values.deliveryDate !== undefined) changes.deliveryDate = values.deliveryDate;
      if (values.isPaid !== undefined) changes.isPaid = values.isPaid;
      if (values.notes !== undefined) changes.notes = values.notes;
      const updated = await tx
        .update(orders)
        .set(changes)
        .where(tenantScope(orders, tenant, eq(orders.id, id), versionMatches(orders, expected)))
        .returning({ id: orders.id });
      if (updated.length === 0) return missingOrStale(() => readOrder(tx, tenant, id));
      if (values.designs) await replaceLines(tx, tenant, id, values.designs);
      const after = (await readOrder(tx, tenant, id)) as Order;
      await appendOrderAudit(
        tx,
        tenant,
        id,
        'update',
        auditChanges(orderAuditView(before), orderAuditView(after)),
      );
      return after;
    });
  },

  /**
   * Moves the order along the allowed status path; 409 for any other move. With `expected`, the
   * move is refused (409 `stale_version`) when the order changed since the client read it.
   */
  async setStatus(
    db: Database,
    tenant: TenantContext,
    id: string,
    status: OrderStatus,
    expected?: number,
    options: { force?: boolean | undefined } = {},
  ): Promise<Order | undefined> {
    return inTransaction(db, async (tx) => {
      const current = await lockOrder(tx, tenant, id);
      if (current === undefined) return undefined;
      if (expected !== undefined && current.version !== expected) {
        throw staleVersion(await readOrder(tx, tenant, id));
      }
      if (!canMoveOrderStatus(current.status, status)) {
        throw conflict(`Invalid status transition from ${current.status} to ${status}`, {
          code: 'invalid_transition',
        });
      }
      // A billed order stays finished work: only completed to delivered moves it.
      if (current.billId !== null && status !== 'delivered') {
        throw conflict('The order is on a bill; cancel the bill first', { code: 'bill_locked' });
      }
      if (status === 'completed' && !options.force) {
        const open = await openCardCount(tx, tenant, id);
        if (open > 0) {
          throw conflict(
            `${open} job card(s) of this order are not done; send force to complete it`,
            {
              code: 'order_has_open_cards',
            },
          );
        }
      }
      await tx
        .update(orders)
        .set({ status, updatedAt: new Date(), version: nextVersion(orders) })
        .where(tenantScope(orders, tenant, eq(orders.id, id), versionMatches(orders, expected)));
      await appendOrderAudit(
        tx,
        tenant,
        id,
        'statusChange',
        auditChanges({ status: current.status }, { status }),
      );
      // Work starts on the floor with the status change, or neither happens.
      if (status === 'in_progress') await makeCardsForOrder(tx, tenant, id);
      return readOrder(tx, tenant, id);
    });
  },

  async remove(db: Database, tenant: TenantContext, id: string): Promise<string | undefined> {
    return inTransaction(db, async (tx) => {
      const stored = await lockOrder(tx, tenant, id);
      if (stored === undefined) return undefined;
      const before = await readOrder(tx, tenant, id);
      if (stored.billId !== null) {
        throw conflict(`The order is on bill ${before?.billNumber}; cancel the bill first`, {
          code: 'bill_locked',
        });
      }
      // Its job cards go with it; one with production entries keeps the order.
      const rows = await tx
        .delete(orders)
        .where(tenantScope(orders, tenant, eq(orders.id, id)))
        .returning({ id: orders.id })
        .catch((error: unknown) => {
          throw (
            mapDatabaseError(error, {
              stillReferenced:
                'Production entries are logged against this order; delete them before the order',
            }) ?? error
          );
        });
      if (rows.length === 0) return undefined;
      await appendOrderAudit(
        tx,
        tenant,
        id,
        'delete',
        auditChanges(orderAuditView(before), undefined),
      );
      return id;
    });
  },
};
