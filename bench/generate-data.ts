import type { BenchSize } from './config.ts';

/** Runs one SQL statement; the data goes straight into the database, never through the API. */
export type ExecuteSql = (statement: string) => Promise<unknown>;

export const BENCH_EMAIL = 'bench@karkhana.test';
export const BENCH_PASSWORD = 'bench-password-1';

/**
 * Ids are md5 hashes of (kind, organization, ordinal) shaped as version-4 uuids, so every statement can compute
 * the ids it references (an order's merchant, a line's design) without reading them back.
 */
const asUuid = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const orgId = (o: string) => asUuid(`'org-' || ${o}`);
const idOf = (kind: string, o: string, n: string) => asUuid(`'${kind}-' || ${o} || '-' || ${n}`);
/** A design's rate depends only on its ordinal, so orders can total their lines in SQL. */
const designRate = (d: string) => `(50 + ((${d}) * 37) % 950)::numeric(14,2)`;

const ORDER_CHUNK = 50_000;

/**
 * Finished orders (completed or delivered) on a bill: all but every tenth ordinal ending in 3, so
 * most of the book is billed and a pool of completed, unbilled orders is left for the benchmark's
 * bill creation to consume.
 */
const billedOrders = (org: number, low: number, high: number) => `
      orders.organization_id = ${orgId(String(org))}
      and orders.status in ('completed', 'delivered')
      and orders.po_number between 'PO-' || lpad('${low}', 7, '0') and 'PO-' || lpad('${high}', 7, '0')
      and substr(orders.po_number, 4)::int % 10 <> 3`;

/**
 * A bill per billed order, dated a day after the order, tax as the server computes it (5 %, inside
 * the state, rounded to the rupee), with its lines copied and the order pointing at it; numbered
 * by order ordinal, so unique without a counter.
 */
async function generateBills(execute: ExecuteSql, org: number, low: number, high: number) {
  const billed = billedOrders(org, low, high);
  await execute(`insert into bills
      (organization_id, id, number, merchant_id, bill_date, due_date, bill_type, gst_rate, sac,
       place_of_supply, taxable_amount, cgst_amount, sgst_amount, igst_amount, round_off,
       total_amount, paid_amount, status, seller, merchant, created_at, updated_at)
    select orders.organization_id, orders.id, 'INV/B/' || substr(orders.po_number, 4),
           orders.merchant_id, orders.order_date + 1, orders.order_date + 16, 'tax_invoice', 5,
           '998821', '24', orders.total_amount, tax.half, tax.half, 0,
           round(orders.total_amount + 2 * tax.half) - (orders.total_amount + 2 * tax.half),
           round(orders.total_amount + 2 * tax.half),
           case when orders.is_paid then round(orders.total_amount + 2 * tax.half) else 0 end,
           case when orders.is_paid then 'paid' else 'unpaid' end,
           jsonb_build_object('name', 'Benchmark Textiles', 'state', '24'),
           jsonb_build_object('_id', merchants.id, 'name', merchants.name, 'city', merchants.city,
                              'gstin', null, 'state', '24'),
           orders.created_at + interval '1 day', orders.created_at + interval '1 day'
    from orders
    join merchants on merchants.organization_id = orders.organization_id
                  and merchants.id = orders.merchant_id,
    lateral (select round(orders.total_amount * 5 / 2 / 100, 2) as half) as tax
    where ${billed}`);
  await execute('analyze bills');
  await execute(`insert into bill_lines
      (organization_id, id, bill_id, position, order_id, po_number, design_code, design_name,
       quantity, rate, amount)
    select order_lines.organization_id, order_lines.id, orders.id, order_lines.position,
           orders.id, orders.po_number, designs.design_code, designs.name, order_lines.quantity,
           order_lines.rate, order_lines.amount
    from orders
    join order_lines on order_lines.organization_id = orders.organization_id
                    and order_lines.order_id = orders.id
    join designs on designs.organization_id = order_lines.organization_id
                and designs.id = order_lines.design_id
    where ${billed}`);
  await execute(`insert into bill_orders (organization_id, bill_id, order_id)
    select organization_id, id, id from orders where ${billed}`);
  await execute(`update orders set bill_id = id where ${billed}`);
}

/**
 * Money received: every paid bill settled by one payment a few days after it, and every fourth
 * unpaid one half paid, so the dues report and statements read a realistic mix. The bills were
 * generated with their paid amounts already, so the allocation trigger (which would add them a
 * second time) is off while the rows go in; payments carry their allocated amount themselves.
 */
async function generatePayments(execute: ExecuteSql) {
  const ordinal = `substr(bills.number, 7)::int`;
  await execute(`update bills set paid_amount = round(total_amount / 2), status = 'partly_paid'
    where status = 'unpaid' and (${ordinal} / 3) % 4 = 0`);
  await execute('alter table payment_allocations disable trigger payment_allocations_settle');
  await execute(`insert into payments
      (organization_id, id, merchant_id, payment_date, amount, method, reference, tds_amount,
       allocated_amount, created_at, updated_at)
    select bills.organization_id, ${asUuid("'pay-' || bills.id::text")}, bills.merchant_id,
           bills.bill_date + ${ordinal} % 30, bills.paid_amount,
           (array['cash', 'bank_transfer', 'upi', 'cheque'])[1 + ${ordinal} % 4],
           'UTR' || lpad(${ordinal}::text, 12, '0'), 0, bills.paid_amount,
           bills.created_at + make_interval(days => ${ordinal} % 30),
           bills.created_at + make_interval(days => ${ordinal} % 30)
    from bills where bills.paid_amount > 0`);
  await execute(`insert into payment_allocations (organization_id, payment_id, bill_id, amount)
    select bills.organization_id, ${asUuid("'pay-' || bills.id::text")}, bills.id,
           bills.paid_amount
    from bills where bills.paid_amount > 0`);
  await execute('alter table payment_allocations enable trigger payment_allocations_settle');
}

/**
 * The production board of an organization's orders in progress: one card per line, spread over
 * the five stages, each with one assigned worker. No entries: the board's list is what is timed.
 */
async function generateJobCards(
  execute: ExecuteSql,
  org: number,
  low: number,
  high: number,
  workers: number,
) {
  const inProgress = `from orders
    join order_lines on order_lines.organization_id = orders.organization_id
                    and order_lines.order_id = orders.id
    where orders.organization_id = ${orgId(String(org))}
      and orders.status = 'in_progress'
      and orders.po_number between 'PO-' || lpad('${low}', 7, '0') and 'PO-' || lpad('${high}', 7, '0')`;
  await execute(`insert into job_cards
      (organization_id, id, order_id, order_line_id, design_id, quantity, stage_id, created_at,
       updated_at)
    select orders.organization_id, ${asUuid("'card-' || order_lines.id::text")}, orders.id,
           order_lines.id, order_lines.design_id, order_lines.quantity,
           ${idOf('st', String(org), '(abs(hashtext(order_lines.id::text)) % 5)')},
           orders.created_at, orders.created_at
    ${inProgress}`);
  await execute(`insert into job_card_workers (organization_id, job_card_id, worker_id)
    select orders.organization_id, ${asUuid("'card-' || order_lines.id::text")},
           ${idOf('w', String(org), `(1 + abs(hashtext(order_lines.id::text)) % ${workers})`)}
    ${inProgress}`);
}

export interface GenerationStats {
  seconds: number;
}

export async function generateData(
  execute: ExecuteSql,
  size: BenchSize,
  passwordHash: string,
): Promise<GenerationStats> {
  const started = performance.now();
  const days = size.years * 365;
  const months = size.years * 12;
  const orgs = `generate_series(1, ${size.orgs}) as o`;

  await execute(`insert into organizations (id, name, state)
    select ${orgId('o')}, 'Benchmark Textiles ' || o, '24' from ${orgs}`);
  await execute(`insert into users (id, organization_id, name, email, password_hash, role)
    values (${asUuid("'bench-user'")}, ${orgId('1')}, 'Bench Owner', '${BENCH_EMAIL}',
            '${passwordHash.replaceAll("'", "''")}', 'owner')`);

  await execute(`insert into merchants
      (organization_id, id, name, contact_person, phone, email, city, created_at, updated_at)
    select ${orgId('o')}, ${idOf('m', 'o', 'm')},
           (array['Shah', 'Patel', 'Mehta', 'Desai', 'Joshi', 'Agarwal'])[1 + m % 6] || ' ' ||
             (array['Textiles', 'Fabrics', 'Silks', 'Traders', 'Exports'])[1 + m % 5] || ' ' || m,
           'Contact ' || m, '98' || lpad(m::text, 8, '0'), 'merchant' || m || '@example.in',
           (array['Surat', 'Mumbai', 'Ahmedabad', 'Jaipur', 'Chennai'])[1 + m % 5],
           now() - make_interval(hours => m), now() - make_interval(hours => m)
    from ${orgs}, generate_series(1, ${size.merchants}) as m`);

  await execute(`insert into designs
      (organization_id, id, name, design_code, description, rate, created_at, updated_at)
    select ${orgId('o')}, ${idOf('d', 'o', 'd')},
           (array['Paisley', 'Lotus', 'Peacock', 'Mango', 'Jaal', 'Bandhani'])[1 + d % 6] || ' ' || d,
           'D' || lpad(d::text, 5, '0'), 'Embroidery design ' || d, ${designRate('d')},
           now() - make_interval(hours => d), now() - make_interval(hours => d)
    from ${orgs}, generate_series(1, ${size.designs}) as d`);

  await execute(`insert into workers
      (organization_id, id, name, phone, designation, joining_date, is_active, salary_type,
       base_salary, created_at, updated_at)
    select ${orgId('o')}, ${idOf('w', 'o', 'w')},
           (array['Ramesh', 'Suresh', 'Kavita', 'Meena', 'Arjun', 'Pooja'])[1 + w % 6] || ' ' || w,
           '97' || lpad(w::text, 8, '0'),
           (array['Karigar', 'Cutter', 'Supervisor', 'Helper'])[1 + w % 4],
           current_date - ${days} - w, w % 10 <> 0, 'monthly', 9000 + (w * 53) % 12000,
           now() - make_interval(days => ${days} + w), now()
    from ${orgs}, generate_series(1, ${size.workers}) as w`);

  await execute(`insert into production_stages (organization_id, id, name, position)
    select ${orgId('o')}, ${idOf('st', 'o', 'stage.position')}, stage.name, stage.position
    from ${orgs},
         unnest(array['Design punching', 'Machine embroidery', 'Thread cutting', 'Checking',
                      'Packing']) with ordinality as stage_row(name, ordinal),
         lateral (select stage_row.name, (stage_row.ordinal - 1)::int as position) as stage`);

  // One salary per worker per month of the period, paid on the first of the following month.
  await execute(`insert into worker_salaries
      (organization_id, id, worker_id, payment_type, payment_method, month, year, payment_date,
       amount, created_by, created_at, updated_at)
    select ${orgId('o')}, ${idOf('s', "o || '-' || w", 'k')}, ${idOf('w', 'o', 'w')},
           (array['salary', 'salary', 'salary', 'advance', 'bonus', 'overtime'])[1 + (w + k) % 6],
           (array['cash', 'bank_transfer', 'upi', 'cheque'])[1 + (w * 3 + k) % 4],
           extract(month from period)::int, extract(year from period)::int,
           (period + interval '1 month')::date, 9000 + (w * 53) % 12000,
           null, period + interval '1 month', period + interval '1 month'
    from ${orgs}, generate_series(1, ${size.workers}) as w, generate_series(1, ${months}) as k,
         lateral (select (date_trunc('month', current_date) - make_interval(months => k))::date
                  as period) as p`);

  await execute(`insert into expenses
      (organization_id, id, category, amount, expense_date, description, payment_method,
       created_at, updated_at)
    select ${orgId('o')}, ${idOf('e', 'o', 'e')},
           (array['Electricity', 'Thread', 'Rent', 'Transport', 'Machine repair', 'Tea and snacks',
                  'Packaging', 'Dyeing', 'Stationery', 'Water', 'Internet', 'Labour welfare'])
             [1 + (e * 7) % 12],
           (100 + (e * 97) % 20000)::numeric(14,2), current_date - (e::bigint * ${days} / ${size.expenses})::int,
           'Expense ' || e, (array['cash', 'bank_transfer', 'upi', 'cheque'])[1 + e % 4],
           now() - make_interval(hours => e), now() - make_interval(hours => e)
    from ${orgs}, generate_series(1, ${size.expenses}) as e`);

  // Orders and their 1-5 lines, spread evenly over the years, newest first by ordinal, written in
  // chunks so an embedded database never holds one huge statement's rows at once.
  const lineCount = `(1 + (i * 7919 + o) % 5)`;
  const lineDesign = `(1 + (i * 31 + p * 17) % ${size.designs})`;
  const lineQuantity = `(1 + (i * 13 + p * 7) % 200)`;
  for (let org = 1; org <= size.orgs; org += 1) {
    for (let low = 1; low <= size.orders; low += ORDER_CHUNK) {
      const high = Math.min(size.orders, low + ORDER_CHUNK - 1);
      const source = `(select ${org} as o) as org_row, generate_series(${low}, ${high}) as i`;
      await execute(`insert into orders
          (organization_id, id, merchant_id, po_number, order_date, delivery_date, is_paid, status,
           notes, total_quantity, total_amount, created_at, updated_at)
        select ${orgId('o')}, ${idOf('o', 'o', 'i')},
               ${idOf('m', 'o', `(1 + (i * 7) % ${size.merchants})`)},
               'PO-' || lpad(i::text, 7, '0'), od.day, od.day + 14, i % 3 <> 0,
               case when i % 20 = 0 then 'cancelled'
                    when i % 5 = 1 then 'pending'
                    when i % 5 = 2 then 'in_progress'
                    when i % 5 = 3 then 'completed'
                    else 'delivered' end,
               null, totals.quantity, totals.amount,
               od.day + make_interval(mins => (i * 37) % 600 + 540),
               od.day + make_interval(mins => (i * 37) % 600 + 540)
        from ${source},
             lateral (select (current_date - (i::bigint * ${days} / ${size.orders})::int) as day) as od,
             lateral (select sum(${lineQuantity})::int as quantity,
                             sum(${lineQuantity} * ${designRate(lineDesign)}) as amount
                      from generate_series(1, ${lineCount}) as p) as totals`);
      await execute(`insert into order_lines
          (organization_id, id, order_id, position, design_id, quantity, rate, amount)
        select ${orgId('o')}, ${idOf('l', "o || '-' || i", 'p')}, ${idOf('o', 'o', 'i')}, p - 1,
               ${idOf('d', 'o', lineDesign)}, ${lineQuantity}, ${designRate(lineDesign)},
               ${lineQuantity} * ${designRate(lineDesign)}
        from ${source}, generate_series(1, ${lineCount}) as p`);
      // Each chunk brings a new organization's or a new range's rows, which the statistics of
      // the last autovacuum do not know: the planner would then count on one order and join the
      // chunk's lines by nested loop, which takes hours at the full size instead of seconds.
      await execute('analyze orders, order_lines');
      await generateBills(execute, org, low, high);
      await generateJobCards(execute, org, low, high, size.workers);
    }
  }
  await generatePayments(execute);
  // A freshly loaded table has no visibility map yet; vacuum gives it one, as a live database has,
  // so index-only scans are available to the planner just as in production.
  await execute('vacuum analyze');

  return { seconds: (performance.now() - started) / 1000 };
}
