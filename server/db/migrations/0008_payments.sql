CREATE TABLE "payment_allocations" (
	"organization_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "payment_allocations_pkey" PRIMARY KEY("organization_id","payment_id","bill_id"),
	CONSTRAINT "payment_allocations_amount_check" CHECK ("payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"payment_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"tds_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"notes" text,
	"allocated_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_tds_amount_check" CHECK ("payments"."tds_amount" >= 0),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('cash', 'bank_transfer', 'upi', 'cheque')),
	CONSTRAINT "payments_allocated_amount_check" CHECK ("payments"."allocated_amount" >= 0 and "payments"."allocated_amount" <= "payments"."amount" + "payments"."tds_amount")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "whatsapp_sharing" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."payments"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_bill_fk" FOREIGN KEY ("organization_id","bill_id") REFERENCES "public"."bills"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_merchant_fk" FOREIGN KEY ("organization_id","merchant_id") REFERENCES "public"."merchants"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_allocations_org_bill_idx" ON "payment_allocations" USING btree ("organization_id","bill_id");--> statement-breakpoint
CREATE INDEX "payments_org_created_idx" ON "payments" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_org_date_idx" ON "payments" USING btree ("organization_id","payment_date","id");--> statement-breakpoint
CREATE INDEX "payments_org_amount_idx" ON "payments" USING btree ("organization_id","amount","id");--> statement-breakpoint
CREATE INDEX "payments_org_merchant_date_idx" ON "payments" USING btree ("organization_id","merchant_id","payment_date");--> statement-breakpoint
-- hand-written below
-- Every allocation change moves the bill's paid amount and status and the payment's allocated
-- amount in the same statement, so neither can drift from the allocations. The bills' check
-- (paid_amount <= total_amount) then refuses a second payment that would over-pay a bill, even
-- when two are made at once: the row lock on the bill orders them. Delete a payment's
-- allocations before the payment itself (a cascade would update a payment row being deleted).
CREATE FUNCTION "payment_allocation_apply"(org uuid, bill uuid, payment uuid, delta numeric)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bill_status text;
BEGIN
  SELECT "status" INTO bill_status FROM "bills" WHERE "organization_id" = org AND "id" = bill;
  IF bill_status = 'cancelled' AND delta > 0 THEN
    RAISE EXCEPTION 'a cancelled bill cannot take a payment'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_allocations_bill_open';
  END IF;
  UPDATE "bills"
     SET "paid_amount" = "paid_amount" + delta,
         "status" = CASE
           WHEN "status" = 'cancelled' THEN 'cancelled'
           WHEN "paid_amount" + delta >= "total_amount" THEN 'paid'
           WHEN "paid_amount" + delta > 0 THEN 'partly_paid'
           ELSE 'unpaid'
         END,
         "version" = "version" + 1,
         "updated_at" = now()
   WHERE "organization_id" = org AND "id" = bill;
  UPDATE "payments"
     SET "allocated_amount" = "allocated_amount" + delta
   WHERE "organization_id" = org AND "id" = payment;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "payment_allocations_settle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "payment_allocation_apply"(OLD."organization_id", OLD."bill_id", OLD."payment_id", -OLD."amount");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "payment_allocation_apply"(NEW."organization_id", NEW."bill_id", NEW."payment_id", NEW."amount");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payment_allocations_settle" AFTER INSERT OR UPDATE OR DELETE ON "payment_allocations"
  FOR EACH ROW EXECUTE FUNCTION "payment_allocations_settle"();
