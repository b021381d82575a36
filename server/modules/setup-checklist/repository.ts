import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCTION_STAGES } from '../../../contract/production-stages.ts';
import {
  BILLING_PROFILE_GAPS,
  type BillingProfileGap,
  type SetupChecklist,
} from '../../../contract/setup-checklist.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { setupChecklistDismissals } from './schema.ts';
import type { TenantContext } from '../../lib/tenant.ts';

interface ChecklistRow {
  has_gstin: boolean;
  has_state: boolean;
  has_address: boolean;
  has_bank_or_upi: boolean;
  has_merchants: boolean;
  has_designs: boolean;
  has_workers: boolean;
  stages_settled: boolean;
  has_orders: boolean;
  has_team: boolean;
  dismissed: boolean;
}

/**
 * Every step from the records in one round trip: `exists` stops at the first row, so a workshop
 * with years of orders costs what a new one does. The stages count as set up once the floor has
 * touched them (renamed, added or removed, or a job card made), since every organization starts
 * with the default five.
 */
export async function readSetupChecklist(
  db: Database,
  tenant: TenantContext,
): Promise<SetupChecklist | undefined> {
  const organizationId = tenant.organizationId;
  const [row] = await queryRows<ChecklistRow>(
    db,
    sql`
    select
      o.gstin is not null as has_gstin,
      o.state is not null as has_state,
      coalesce(btrim(o.address), '') <> '' as has_address,
      (o.upi_id is not null or exists (
        select 1 from bank_details b where b.organization_id = o.id
      )) as has_bank_or_upi,
      exists (select 1 from merchants m where m.organization_id = o.id) as has_merchants,
      exists (select 1 from designs d where d.organization_id = o.id) as has_designs,
      exists (select 1 from workers w where w.organization_id = o.id) as has_workers,
      (exists (select 1 from job_cards j where j.organization_id = o.id)
        or (select count(*) <> ${DEFAULT_PRODUCTION_STAGES.length} or bool_or(s.version > 1)
            from production_stages s where s.organization_id = o.id)) as stages_settled,
      exists (select 1 from orders r where r.organization_id = o.id) as has_orders,
      (select count(*) > 1 from users u where u.organization_id = o.id) as has_team,
      exists (
        select 1 from setup_checklist_dismissals x where x.organization_id = o.id
      ) as dismissed
    from organizations o
    where o.id = ${organizationId}
  `,
  );
  if (!row) return undefined;
  const present: Record<BillingProfileGap, boolean> = {
    gstin: row.has_gstin,
    state: row.has_state,
    address: row.has_address,
    bankOrUpi: row.has_bank_or_upi,
  };
  const billingProfileGaps = BILLING_PROFILE_GAPS.filter((gap) => !present[gap]);
  return {
    steps: {
      profile: billingProfileGaps.length === 0,
      merchants: row.has_merchants,
      designs: row.has_designs,
      workers: row.has_workers,
      stages: Boolean(row.stages_settled),
      firstOrder: row.has_orders,
      inviteStaff: row.has_team,
    },
    billingProfileGaps,
    dismissed: row.dismissed,
  };
}

/** Puts the checklist away for the whole organization; dismissing twice keeps the first time. */
export async function dismissSetupChecklist(
  db: Database,
  tenant: TenantContext,
  now: Date,
): Promise<void> {
  await db
    .insert(setupChecklistDismissals)
    .values({ organizationId: tenant.organizationId, dismissedBy: tenant.userId, dismissedAt: now })
    .onConflictDoNothing();
}
