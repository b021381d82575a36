CREATE TABLE "order_daily_totals" (
	"organization_id" uuid NOT NULL,
	"order_date" date NOT NULL,
	"status" text NOT NULL,
	"is_paid" boolean NOT NULL,
	"order_count" integer NOT NULL,
	"total_quantity" bigint NOT NULL,
	"total_amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "order_daily_totals_pkey" PRIMARY KEY("organization_id","order_date","status","is_paid")
);
--> statement-breakpoint
ALTER TABLE "order_daily_totals" ADD CONSTRAINT "order_daily_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps order_daily_totals exact for every statement that writes orders: the API's single orders,
-- bulk loads and cascaded deletes alike. The statement's rows become signed changes per key (rows
-- added count up, rows removed count down), summed per key and applied in one upsert.
CREATE FUNCTION "order_daily_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes "order_daily_totals"[];
BEGIN
  -- Each event has only its own transition tables, so each builds the changes on its own.
  IF TG_OP = 'INSERT' THEN
    changes := ARRAY(
      SELECT ROW(organization_id, order_date, status, is_paid,
                 count(*), sum(total_quantity), sum(total_amount))::"order_daily_totals"
      FROM new_orders
      GROUP BY organization_id, order_date, status, is_paid);
  ELSIF TG_OP = 'DELETE' THEN
    changes := ARRAY(
      SELECT ROW(organization_id, order_date, status, is_paid,
                 -count(*), -sum(total_quantity), -sum(total_amount))::"order_daily_totals"
      FROM old_orders
      GROUP BY organization_id, order_date, status, is_paid);
  ELSE
    changes := ARRAY(
      SELECT ROW(organization_id, order_date, status, is_paid,
                 sum(sign), sum(sign * total_quantity), sum(sign * total_amount))::"order_daily_totals"
      FROM (
        SELECT organization_id, order_date, status, is_paid, 1 AS sign, total_quantity, total_amount
        FROM new_orders
        UNION ALL
        SELECT organization_id, order_date, status, is_paid, -1, total_quantity, total_amount
        FROM old_orders
      ) AS moved
      GROUP BY organization_id, order_date, status, is_paid);
  END IF;

  INSERT INTO "order_daily_totals" AS totals
    (organization_id, order_date, status, is_paid, order_count, total_quantity, total_amount)
  SELECT change.organization_id, change.order_date, change.status, change.is_paid,
         sum(change.order_count), sum(change.total_quantity), sum(change.total_amount)
  FROM unnest(changes) AS change
  -- Deleting an organization deletes its totals too; its cascaded order deletes find nothing left
  -- to adjust, in whichever order the cascades run.
  WHERE EXISTS (SELECT FROM organizations WHERE organizations.id = change.organization_id)
  GROUP BY change.organization_id, change.order_date, change.status, change.is_paid
  -- An update that leaves a key's figures as they were (notes, delivery date) locks nothing.
  HAVING sum(change.order_count) <> 0
      OR sum(change.total_quantity) <> 0
      OR sum(change.total_amount) <> 0
  -- Keys are locked in one order, so two statements moving orders between the same keys wait for
  -- each other instead of deadlocking.
  ORDER BY change.organization_id, change.order_date, change.status, change.is_paid
  ON CONFLICT (organization_id, order_date, status, is_paid) DO UPDATE
    SET order_count = totals.order_count + excluded.order_count,
        total_quantity = totals.total_quantity + excluded.total_quantity,
        total_amount = totals.total_amount + excluded.total_amount;

  -- A key without orders has no row, so a report lists only groups that have orders.
  DELETE FROM "order_daily_totals" AS totals
  USING unnest(changes) AS change
  WHERE totals.organization_id = change.organization_id
    AND totals.order_date = change.order_date
    AND totals.status = change.status
    AND totals.is_paid = change.is_paid
    AND totals.order_count = 0;

  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Transition tables need one trigger per event.
CREATE TRIGGER "orders_daily_totals_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_daily_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "orders_daily_totals_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_daily_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "orders_daily_totals_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_daily_totals_apply"();
--> statement-breakpoint
-- The triggers exist before the backfill, and creating them locks out writes to orders until this
-- migration commits, so no order is counted twice or missed.
INSERT INTO "order_daily_totals"
  (organization_id, order_date, status, is_paid, order_count, total_quantity, total_amount)
SELECT organization_id, order_date, status, is_paid, count(*), sum(total_quantity), sum(total_amount)
FROM "orders"
GROUP BY organization_id, order_date, status, is_paid;
