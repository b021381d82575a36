import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Language } from '../../../contract/auth.ts';
import {
  DEFAULT_PRODUCTION_STAGE_NAMES,
  type ProductionStage,
  type ProductionStagesUpdate,
} from '../../../contract/production-stages.ts';
import type { Database } from '../../db/client.ts';
import { jobCards, productionStages } from './schema.ts';
import { appendTenantAudit, auditChanges } from '../../lib/audit.ts';
import { findPostgresError } from '../../lib/db-errors.ts';
import { badRequest, conflict, staleVersion } from '../../lib/http-errors.ts';
import { tenantScope, type TenantContext } from '../../lib/tenant.ts';
import { inTransaction, toApiRecord } from '../../lib/tenant-repository.ts';
import { notFoundField } from './field-errors.ts';

/**
 * Gives a new organization the embroidery job-work stages, named in its owner's language; part
 * of making the organization.
 */
export async function insertDefaultStages(
  db: Database,
  organizationId: string,
  language: Language = 'en',
  now = new Date(),
) {
  await db.insert(productionStages).values(
    DEFAULT_PRODUCTION_STAGE_NAMES[language].map((name, position) => ({
      organizationId,
      id: uuidv7(),
      name,
      position,
      createdAt: now,
      updatedAt: now,
    })),
  );
}

type StoredStage = typeof productionStages.$inferSelect;

const stageAuditView = (stage: StoredStage) => ({ name: stage.name, position: stage.position });

export async function listStages(db: Database, tenant: TenantContext): Promise<ProductionStage[]> {
  const rows = await db
    .select({
      stage: productionStages,
      // Written out in full: drizzle leaves columns unqualified in a one-table select.
      cardCount: sql<number>`(
        select count(*)::int from job_cards
        where job_cards.organization_id = production_stages.organization_id
          and job_cards.stage_id = production_stages.id
      )`.mapWith(Number),
    })
    .from(productionStages)
    .where(tenantScope(productionStages, tenant))
    .orderBy(asc(productionStages.position));
  return rows.map(({ stage, cardCount }) => ({
    ...toApiRecord<Omit<ProductionStage, 'cardCount'>>(stage),
    cardCount,
  }));
}

/** The first stage, where new cards start; every organization has at least one. */
export async function firstStageId(db: Database, tenant: TenantContext): Promise<string> {
  const [row] = await db
    .select({ id: productionStages.id })
    .from(productionStages)
    .where(tenantScope(productionStages, tenant))
    .orderBy(asc(productionStages.position))
    .limit(1);
  if (!row) throw new Error('The organization has no production stages');
  return row.id;
}

/**
 * Replaces the ordered list in one transaction. The organization's stages are locked first, so
 * two replacements (or a replacement and a card moving into a stage being removed) are ordered.
 */
export async function replaceStages(
  db: Database,
  tenant: TenantContext,
  input: ProductionStagesUpdate,
): Promise<ProductionStage[]> {
  return inTransaction(db, async (tx) => {
    const stored = await tx
      .select()
      .from(productionStages)
      .where(tenantScope(productionStages, tenant))
      .orderBy(asc(productionStages.position))
      .for('update');
    const byId = new Map(stored.map((stage) => [stage.id, stage]));

    const unknown = input.stages.flatMap((stage, index) =>
      stage._id !== undefined && !byId.has(stage._id) ? [notFoundField(`stages.${index}._id`)] : [],
    );
    if (unknown.length > 0) throw badRequest('Validation failed', unknown);
    const stale = input.stages.some(
      (stage) =>
        stage._id !== undefined &&
        stage.version !== undefined &&
        byId.get(stage._id)?.version !== stage.version,
    );
    if (stale) throw staleVersion({ data: await listStages(tx, tenant) });

    const keptIds = new Set(input.stages.flatMap((stage) => (stage._id ? [stage._id] : [])));
    const removed = stored.filter((stage) => !keptIds.has(stage.id));
    if (removed.length > 0) {
      const inUse = await tx
        .select({ stageId: jobCards.stageId })
        .from(jobCards)
        .where(
          tenantScope(
            jobCards,
            tenant,
            inArray(
              jobCards.stageId,
              removed.map((stage) => stage.id),
            ),
          ),
        )
        .limit(1);
      if (inUse[0]) throw stageInUse(byId.get(inUse[0].stageId)?.name ?? '');
      try {
        await tx.delete(productionStages).where(
          tenantScope(
            productionStages,
            tenant,
            inArray(
              productionStages.id,
              removed.map((stage) => stage.id),
            ),
          ),
        );
      } catch (error) {
        // A card moved into the stage after the check: the foreign key still refuses.
        if (findPostgresError(error)?.code?.startsWith('23')) throw stageInUse('');
        throw error;
      }
      for (const stage of removed) {
        await appendTenantAudit(tx, tenant, {
          action: 'delete',
          entity: 'productionStage',
          entityId: stage.id,
          changes: auditChanges(stageAuditView(stage), undefined),
        });
      }
    }

    // Names and positions are unique, and a reorder swaps them: park the kept stages on values
    // no stage can have (negative positions, their ids as names), then write the final ones.
    const kept = input.stages.filter((stage) => stage._id !== undefined);
    if (kept.length > 0) {
      await tx
        .update(productionStages)
        .set({
          position: sql`-1 - ${productionStages.position}`,
          name: sql`${productionStages.id}::text`,
        })
        .where(
          tenantScope(
            productionStages,
            tenant,
            inArray(
              productionStages.id,
              kept.map((stage) => stage._id as string),
            ),
          ),
        );
    }
    const now = new Date();
    for (const [position, stage] of input.stages.entries()) {
      if (stage._id === undefined) {
        const id = uuidv7();
        await tx.insert(productionStages).values({
          organizationId: tenant.organizationId,
          id,
          name: stage.name,
          position,
          createdAt: now,
          updatedAt: now,
        });
        await appendTenantAudit(tx, tenant, {
          action: 'create',
          entity: 'productionStage',
          entityId: id,
          changes: auditChanges(undefined, { name: stage.name, position }),
        });
        continue;
      }
      const before = byId.get(stage._id) as StoredStage;
      const changed = before.name !== stage.name || before.position !== position;
      await tx
        .update(productionStages)
        .set({
          name: stage.name,
          position,
          ...(changed ? { version: sql`${productionStages.version} + 1`, updatedAt: now } : {}),
        })
        .where(tenantScope(productionStages, tenant, eq(productionStages.id, stage._id)));
      if (changed) {
        await appendTenantAudit(tx, tenant, {
          action: 'update',
          entity: 'productionStage',
          entityId: stage._id,
          changes: auditChanges(stageAuditView(before), { name: stage.name, position }),
        });
      }
    }
    return listStages(tx, tenant);
  });
}

function stageInUse(name: string) {
  return conflict(
    name
      ? `Job cards are in the stage "${name}": move them before removing it`
      : 'Job cards are in a stage being removed: move them before removing it',
    { code: 'stage_in_use' },
  );
}

/** The stage of the organization, or undefined. */
export async function findStage(db: Database, tenant: TenantContext, id: string) {
  const [row] = await db
    .select()
    .from(productionStages)
    .where(and(tenantScope(productionStages, tenant), eq(productionStages.id, id)));
  return row;
}
