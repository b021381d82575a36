CREATE TABLE "order_merchant_totals" (
	"organization_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"is_paid" boolean NOT NULL,
	"order_count" integer NOT NULL,
	"total_quantity" bigint NOT NULL,
	"total_amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "order_merchant_totals_pkey" PRIMARY KEY("organization_id","merchant_id","status","is_paid")
);
--> statement-breakpoint
ALTER TABLE "order_merchant_totals" ADD CONSTRAINT "order_merchant_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The same bookkeeping as order_daily_totals_apply (migration 0003), keyed by merchant instead
-- of day: each statement's rows become signed changes per key, applied in one upsert.
CREATE FUNCTION "order_merchant_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes "order_merchant_totals"[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := ARRAY(
      SELECT ROW(organization_id, merchant_id, status, is_paid,
                 count(*), sum(total_quantity), sum(total_amount))::"order_merchant_totals"
      FROM new_orders
      GROUP BY organization_id, merchant_id, status, is_paid);
  ELSIF TG_OP = 'DELETE' THEN
    changes := ARRAY(
      SELECT ROW(organization_id, merchant_id, status, is_paid,
                 -count(*), -sum(total_quantity), -sum(total_amount))::"order_merchant_totals"
      FROM old_orders
      GROUP BY organization_id, merchant_id, status, is_paid);
  ELSE
    changes := ARRAY(
      SELECT ROW(organization_id, merchant_id, status, is_paid,
                 sum(sign), sum(sign * total_quantity), sum(sign * total_amount))::"order_merchant_totals"
      FROM (
        SELECT organization_id, merchant_id, status, is_paid, 1 AS sign, total_quantity, total_amount
        FROM new_orders
        UNION ALL
        SELECT organization_id, merchant_id, status, is_paid, -1, total_quantity, total_amount
        FROM old_orders
      ) AS moved
      GROUP BY organization_id, merchant_id, status, is_paid);
  END IF;

  INSERT INTO "order_merchant_totals" AS totals
    (organization_id, merchant_id, status, is_paid, order_count, total_quantity, total_amount)
  SELECT change.organization_id, change.merchant_id, change.status, change.is_paid,
         sum(change.order_count), sum(change.total_quantity), sum(change.total_amount)
  FROM unnest(changes) AS change
  WHERE EXISTS (SELECT FROM organizations WHERE organizations.id = change.organization_id)
  GROUP BY change.organization_id, change.merchant_id, change.status, change.is_paid
  HAVING sum(change.order_count) <> 0
      OR sum(change.total_quantity) <> 0
      OR sum(change.total_amount) <> 0
  ORDER BY change.organization_id, change.merchant_id, change.status, change.is_paid
  ON CONFLICT (organization_id, merchant_id, status, is_paid) DO UPDATE
    SET order_count = totals.order_count + excluded.order_count,
        total_quantity = totals.total_quantity + excluded.total_quantity,
        total_amount = totals.total_amount + excluded.total_amount;

  DELETE FROM "order_merchant_totals" AS totals
  USING unnest(changes) AS change
  WHERE totals.organization_id = change.organization_id
    AND totals.merchant_id = change.merchant_id
    AND totals.status = change.status
    AND totals.is_paid = change.is_paid
    AND totals.order_count = 0;

  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_merchant_totals_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_merchant_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "orders_merchant_totals_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_merchant_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "orders_merchant_totals_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_merchant_totals_apply"();
--> statement-breakpoint
-- The triggers exist before the backfill and lock out writes to orders until this migration
-- commits, so no order is counted twice or missed.
INSERT INTO "order_merchant_totals"
  (organization_id, merchant_id, status, is_paid, order_count, total_quantity, total_amount)
SELECT organization_id, merchant_id, status, is_paid, count(*), sum(total_quantity), sum(total_amount)
FROM "orders"
GROUP BY organization_id, merchant_id, status, is_paid;
