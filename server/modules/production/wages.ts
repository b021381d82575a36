import { sql } from 'drizzle-orm';
import type { WorkerWages, WorkerWagesParams } from '../../../contract/worker-wages.ts';
import { queryRows, type Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/tenant.ts';
import { jsonColumn } from '../../lib/sql-values.ts';

interface WagesRow {
  rows: WorkerWages['rows'] | string;
  totals: WorkerWages['totals'] | string;
}

/**
 * A month's wages per worker, as the contract's `workerWageRow` defines them, in one statement:
 * every sum is numeric in the database, and JSON carries the exact decimals out.
 */
export async function workerWages(
  db: Database,
  tenant: TenantContext,
  params: WorkerWagesParams,
): Promise<WorkerWages> {
  const [year, month] = params.month.split('-').map(Number) as [number, number];
  const start = `${params.month}-01`;
  const workerFilter = params.workerId ? sql`and w.id = ${params.workerId}` : sql``;
  const [row] = await queryRows<WagesRow>(
    db,
    sql`
      with period as (
        select ${start}::date as start_date, (${start}::date + interval '1 month')::date as end_date
      ),
      worked as (
        select e.worker_id,
               count(distinct e.work_date)::int as days_worked,
               sum(e.pieces_done)::int as pieces_done,
               sum(e.pieces_rejected)::int as pieces_rejected,
               sum(e.amount) as piece_earnings
        from production_entries e, period
        where e.organization_id = ${tenant.organizationId}
          and e.work_date >= period.start_date and e.work_date < period.end_date
        group by e.worker_id
      ),
      paid as (
        select s.worker_id,
               coalesce(sum(s.amount) filter (where s.payment_type = 'salary'), 0) as salary,
               coalesce(sum(s.amount) filter (where s.payment_type = 'advance'), 0) as advance,
               coalesce(sum(s.amount) filter (where s.payment_type = 'bonus'), 0) as bonus,
               coalesce(sum(s.amount) filter (where s.payment_type = 'overtime'), 0) as overtime
        from worker_salaries s
        where s.organization_id = ${tenant.organizationId}
          and s.year = ${year} and s.month = ${month}
        group by s.worker_id
      ),
      figures as (
        select w.id, w.name, w.salary_type, w.base_salary, w.is_active,
               coalesce(k.days_worked, 0) as days_worked,
               coalesce(k.pieces_done, 0) as pieces_done,
               coalesce(k.pieces_rejected, 0) as pieces_rejected,
               coalesce(k.piece_earnings, 0)::numeric as piece_earnings,
               (case w.salary_type
                  when 'monthly' then coalesce(w.base_salary, 0)
                  when 'daily' then coalesce(w.base_salary, 0) * coalesce(k.days_worked, 0)
                  else 0
                end)::numeric as base_pay,
               coalesce(p.salary, 0)::numeric as salary,
               coalesce(p.advance, 0)::numeric as advance,
               coalesce(p.bonus, 0)::numeric as bonus,
               coalesce(p.overtime, 0)::numeric as overtime
        from workers w
        cross join period
        left join worked k on k.worker_id = w.id
        left join paid p on p.worker_id = w.id
        where w.organization_id = ${tenant.organizationId}
          and w.joining_date < period.end_date
          and (w.is_active or k.worker_id is not null or p.worker_id is not null)
          ${workerFilter}
      ),
      rows as (
        select f.*, f.base_pay + f.piece_earnings as earned,
               f.base_pay + f.piece_earnings - f.salary - f.advance as balance_due
        from figures f
      )
      select
        (select coalesce(json_agg(json_build_object(
            'workerId', r.id, 'workerName', r.name, 'salaryType', r.salary_type,
            'baseSalary', r.base_salary, 'isActive', r.is_active,
            'daysWorked', r.days_worked, 'piecesDone', r.pieces_done,
            'piecesRejected', r.pieces_rejected, 'pieceEarnings', r.piece_earnings,
            'basePay', r.base_pay, 'earned', r.earned,
            'paid', json_build_object('salary', r.salary, 'advance', r.advance,
                                      'bonus', r.bonus, 'overtime', r.overtime),
            'advancesRecovered', r.advance, 'balanceDue', r.balance_due
          ) order by lower(r.name), r.id), '[]'::json) from rows r) as rows,
        (select json_build_object(
            'workerCount', count(*)::int,
            'daysWorked', coalesce(sum(r.days_worked), 0)::int,
            'piecesDone', coalesce(sum(r.pieces_done), 0)::int,
            'piecesRejected', coalesce(sum(r.pieces_rejected), 0)::int,
            'pieceEarnings', coalesce(sum(r.piece_earnings), 0),
            'basePay', coalesce(sum(r.base_pay), 0),
            'earned', coalesce(sum(r.earned), 0),
            'paid', json_build_object(
              'salary', coalesce(sum(r.salary), 0), 'advance', coalesce(sum(r.advance), 0),
              'bonus', coalesce(sum(r.bonus), 0), 'overtime', coalesce(sum(r.overtime), 0)),
            'advancesRecovered', coalesce(sum(r.advance), 0),
            'balanceDue', coalesce(sum(r.balance_due), 0)
          ) from rows r) as totals`,
  );
  if (!row) throw new Error('The wages query returned no row');
  return { month: params.month, rows: jsonColumn(row.rows), totals: jsonColumn(row.totals) };
}
