import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  DELIVERED_ORDER_EDITABLE,
  canMoveOrderStatus,
  orderTotals,
  type Order,
  type OrderCreate,
  type OrderListParams,
  type OrderStatus,
  type OrderUpdate,
} from '../../../contract/orders.ts';
import type { Database } from '../../db/database.ts';
import { tenantLister } from '../../lib/tenant-list-page.ts';
import { orderLines, orders } from './schema.ts';
import { conflict, staleVersion } from '../../lib/http-errors.ts';
import {
  buildFilterConditions,
  containsText,
  equalsValue,
  type FilterDefinitions,
} from '../../lib/list-page.ts';
import { tenantScope, type TenantContext } from '../../lib/tenant.ts';
import { mapDatabaseError } from '../../lib/db-errors.ts';
import { makeCardsForOrder, openCardCount, orderHasCards } from '../production/job-cards.ts';
import { keysetRecords } from '../../lib/csv-export.ts';
import {
  expectedVersionOf,
  inTransaction,
  missingOrStale,
  nextVersion,
  versionMatches,
} from '../../lib/tenant-repository.ts';
import { afterWrite } from '../../lib/audit.ts';
import {
  appendOrderStatusAudit,
  normalizeRecord,
  orderAudit,
  orderRecord,
  readOrder,
  withMerchant,
} from './order-record.ts';
import {
  assertDeliveryNotBeforeOrder,
  assertNotLockedByBill,
  assertReferencesExist,
  lineRows,
  changedAfterDelivery,
  lockOrder,
  replaceLines,
  sameLines,
} from './order-rules.ts';

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

/** The order as a create or an update left it, its change on the trail. */
const writtenOrder = afterWrite(orderAudit, readOrder);

export const orderRepository = {
  list: tenantLister<Order, OrderListParams>({
    table: orders,
    filters,
    defaultSort: '-createdAt',
    sortable,
    record: orderRecord,
    joins: sql`join merchants
      on merchants.organization_id = orders.organization_id and merchants.id = orders.merchant_id`,
    normalize: normalizeRecord,
  }),

  findById: readOrder,

  async *exportRows(
    db: Database,
    tenant: TenantContext,
    query: Omit<OrderListParams, 'page' | 'limit'>,
  ): AsyncGenerator<Order> {
    yield* keysetRecords(
      db,
      orderRecord,
      {
        from: withMerchant,
        where: tenantScope(orders, tenant, ...buildFilterConditions(filters, query)),
        sort: query.sort ?? '-createdAt',
        sortable,
        idColumn: orders.id,
      },
      normalizeRecord,
    );
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
      return writtenOrder(tx, tenant, id, 'create', undefined);
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
      return writtenOrder(tx, tenant, id, 'update', before);
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
      await appendOrderStatusAudit(tx, tenant, id, current.status, status);
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
      await orderAudit(tx, tenant, id, 'delete', before, undefined);
      return id;
    });
  },
};
