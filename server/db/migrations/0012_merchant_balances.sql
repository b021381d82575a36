CREATE TABLE "merchant_balances" (
	"organization_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"bill_count" integer DEFAULT 0 NOT NULL,
	"billed_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"payment_count" integer DEFAULT 0 NOT NULL,
	"received_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "merchant_balances_pkey" PRIMARY KEY("organization_id","merchant_id")
);
--> statement-breakpoint
ALTER TABLE "merchant_balances" ADD CONSTRAINT "merchant_balances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_balances" ADD CONSTRAINT "merchant_balances_merchant_fk" FOREIGN KEY ("organization_id","merchant_id") REFERENCES "public"."merchants"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- Keeps merchant_balances exact for every statement that writes bills or payments: the API's
-- single rows, bulk loads, organization restores and cascaded deletes alike. Changes arrive as
-- signed rows (a bill or payment added counts up, one removed counts down), summed per merchant
-- and applied in one upsert, so concurrent writers add to the row instead of overwriting it.
CREATE FUNCTION "merchant_balances_add"(changes "merchant_balances"[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "merchant_balances" AS balances
    (organization_id, merchant_id, bill_count, billed_amount, payment_count, received_amount)
  SELECT change.organization_id, change.merchant_id, sum(change.bill_count),
         sum(change.billed_amount), sum(change.payment_count), sum(change.received_amount)
  FROM unnest(changes) AS change
  -- Deleting an organization deletes its balances too; its cascaded bill and payment deletes
  -- find nothing left to adjust, in whichever order the cascades run.
  WHERE EXISTS (SELECT FROM "organizations" WHERE "organizations"."id" = change.organization_id)
  GROUP BY change.organization_id, change.merchant_id
  HAVING sum(change.bill_count) <> 0 OR sum(change.billed_amount) <> 0
      OR sum(change.payment_count) <> 0 OR sum(change.received_amount) <> 0
  -- Rows are locked in one order, so two statements moving money between the same merchants
  -- wait for each other instead of deadlocking.
  ORDER BY change.organization_id, change.merchant_id
  ON CONFLICT (organization_id, merchant_id) DO UPDATE
    SET bill_count = balances.bill_count + excluded.bill_count,
        billed_amount = balances.billed_amount + excluded.billed_amount,
        payment_count = balances.payment_count + excluded.payment_count,
        received_amount = balances.received_amount + excluded.received_amount;
$$;
--> statement-breakpoint
-- Inserts and deletes are counted once per statement from their transition tables, so a bulk
-- load does one upsert per merchant, not one per row.
CREATE FUNCTION "bills_merchant_balances_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "merchant_balances_add"(ARRAY(
      SELECT ROW(organization_id, merchant_id, count(*), sum(total_amount), 0, 0)::"merchant_balances"
      FROM new_bills WHERE status <> 'cancelled'
      GROUP BY organization_id, merchant_id));
  ELSE
    PERFORM "merchant_balances_add"(ARRAY(
      SELECT ROW(organization_id, merchant_id, -count(*), -sum(total_amount), 0, 0)::"merchant_balances"
      FROM old_bills WHERE status <> 'cancelled'
      GROUP BY organization_id, merchant_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An edit moves the bill out of its old figures and into its new ones: a changed total, another
-- merchant, a cancellation (cancelled bills are not billed).
CREATE FUNCTION "bills_merchant_balances_edit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "merchant_balances_add"(ARRAY(
    SELECT ROW(OLD.organization_id, OLD.merchant_id, -1, -OLD.total_amount, 0, 0)::"merchant_balances"
    WHERE OLD.status <> 'cancelled'
    UNION ALL
    SELECT ROW(NEW.organization_id, NEW.merchant_id, 1, NEW.total_amount, 0, 0)::"merchant_balances"
    WHERE NEW.status <> 'cancelled'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "payments_merchant_balances_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "merchant_balances_add"(ARRAY(
      SELECT ROW(organization_id, merchant_id, 0, 0, count(*), sum(amount + tds_amount))::"merchant_balances"
      FROM new_payments
      GROUP BY organization_id, merchant_id));
  ELSE
    PERFORM "merchant_balances_add"(ARRAY(
      SELECT ROW(organization_id, merchant_id, 0, 0, -count(*), -sum(amount + tds_amount))::"merchant_balances"
      FROM old_payments
      GROUP BY organization_id, merchant_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "payments_merchant_balances_edit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "merchant_balances_add"(ARRAY[
    ROW(OLD.organization_id, OLD.merchant_id, 0, 0, -1, -(OLD.amount + OLD.tds_amount))::"merchant_balances",
    ROW(NEW.organization_id, NEW.merchant_id, 0, 0, 1, NEW.amount + NEW.tds_amount)::"merchant_balances"]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Transition tables need one trigger per event.
CREATE TRIGGER "bills_merchant_balances_insert" AFTER INSERT ON "bills"
  REFERENCING NEW TABLE AS new_bills
  FOR EACH STATEMENT EXECUTE FUNCTION "bills_merchant_balances_rows"();
--> statement-breakpoint
CREATE TRIGGER "bills_merchant_balances_delete" AFTER DELETE ON "bills"
  REFERENCING OLD TABLE AS old_bills
  FOR EACH STATEMENT EXECUTE FUNCTION "bills_merchant_balances_rows"();
--> statement-breakpoint
-- Most updates of a bill move its paid amount and status (every payment allocated to it) and
-- change nothing here; per row with a condition, they skip the function entirely.
CREATE TRIGGER "bills_merchant_balances_update"
  AFTER UPDATE OF "organization_id", "merchant_id", "total_amount", "status" ON "bills"
  FOR EACH ROW
  WHEN (OLD."organization_id" IS DISTINCT FROM NEW."organization_id"
     OR OLD."merchant_id" IS DISTINCT FROM NEW."merchant_id"
     OR OLD."total_amount" IS DISTINCT FROM NEW."total_amount"
     OR (OLD."status" = 'cancelled') IS DISTINCT FROM (NEW."status" = 'cancelled'))
  EXECUTE FUNCTION "bills_merchant_balances_edit"();
--> statement-breakpoint
CREATE TRIGGER "payments_merchant_balances_insert" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS new_payments
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_merchant_balances_rows"();
--> statement-breakpoint
CREATE TRIGGER "payments_merchant_balances_delete" AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS old_payments
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_merchant_balances_rows"();
--> statement-breakpoint
-- The allocation trigger updates a payment's allocated amount only: not a column listed here.
CREATE TRIGGER "payments_merchant_balances_update"
  AFTER UPDATE OF "organization_id", "merchant_id", "amount", "tds_amount" ON "payments"
  FOR EACH ROW
  WHEN (OLD."organization_id" IS DISTINCT FROM NEW."organization_id"
     OR OLD."merchant_id" IS DISTINCT FROM NEW."merchant_id"
     OR OLD."amount" IS DISTINCT FROM NEW."amount"
     OR OLD."tds_amount" IS DISTINCT FROM NEW."tds_amount")
  EXECUTE FUNCTION "payments_merchant_balances_edit"();
--> statement-breakpoint
-- The dues report's ageing reads every open bill of an organization: this index alone holds what
-- it needs (index-only scans instead of visiting a table page per bill), in the order that gives
-- each merchant's oldest open bill first.
CREATE INDEX "bills_org_open_merchant_idx" ON "bills" USING btree
  ("organization_id", "merchant_id", "bill_date", "number")
  INCLUDE ("due_date", "total_amount", "paid_amount")
  WHERE "status" IN ('unpaid', 'partly_paid');
--> statement-breakpoint
-- Every organization's balances from its bills and payments as they are. The migration fills the
-- table with it, and a restore of a database backup made before this table existed (loaded with
-- triggers off) calls it again.
CREATE FUNCTION "merchant_balances_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "merchant_balances";
  INSERT INTO "merchant_balances"
    (organization_id, merchant_id, bill_count, billed_amount, payment_count, received_amount)
  SELECT organization_id, merchant_id, sum(bill_count), sum(billed_amount), sum(payment_count),
         sum(received_amount)
  FROM (
    SELECT organization_id, merchant_id, count(*) AS bill_count, sum(total_amount) AS billed_amount,
           0 AS payment_count, 0 AS received_amount
    FROM "bills" WHERE status <> 'cancelled'
    GROUP BY organization_id, merchant_id
    UNION ALL
    SELECT organization_id, merchant_id, 0, 0, count(*), sum(amount + tds_amount)
    FROM "payments"
    GROUP BY organization_id, merchant_id
  ) AS existing
  GROUP BY organization_id, merchant_id;
$$;
--> statement-breakpoint
-- The triggers exist before the backfill, and creating them locks out writes to bills and
-- payments until this migration commits, so nothing is counted twice or missed.
SELECT "merchant_balances_rebuild"();
