CREATE TABLE "payment_note_allocations" (
	"organization_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"bill_note_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "payment_note_allocations_pkey" PRIMARY KEY("organization_id","payment_id","bill_note_id"),
	CONSTRAINT "payment_note_allocations_amount_check" CHECK ("payment_note_allocations"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_note_allocations" ADD CONSTRAINT "payment_note_allocations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_note_allocations" ADD CONSTRAINT "payment_note_allocations_payment_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."payments"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_note_allocations" ADD CONSTRAINT "payment_note_allocations_note_fk" FOREIGN KEY ("organization_id","bill_note_id") REFERENCES "public"."bill_notes"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_note_allocations_org_note_idx" ON "payment_note_allocations" USING btree ("organization_id","bill_note_id");--> statement-breakpoint
-- hand-written below
-- As payment_allocations for bills: every change moves the debit note's paid amount and status
-- and the payment's allocated amount in the same statement. The note's check (paid_amount <=
-- total_amount) refuses a second payment that would over-pay it, and the row lock on the note
-- orders two payments made at once. Only a live debit note is owed, so only it takes money.
CREATE FUNCTION "payment_note_allocation_apply"(org uuid, note uuid, payment uuid, delta numeric)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  note_kind text;
  note_status text;
BEGIN
  SELECT "kind", "status" INTO note_kind, note_status
    FROM "bill_notes" WHERE "organization_id" = org AND "id" = note;
  IF delta > 0 AND (note_kind <> 'debit' OR note_status = 'cancelled') THEN
    RAISE EXCEPTION 'only a live debit note can take a payment'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_note_allocations_note_open';
  END IF;
  UPDATE "bill_notes"
     SET "paid_amount" = "paid_amount" + delta,
         "status" = CASE
           WHEN "status" = 'cancelled' THEN 'cancelled'
           WHEN "paid_amount" + delta >= "total_amount" THEN 'paid'
           WHEN "paid_amount" + delta > 0 THEN 'partly_paid'
           ELSE 'unpaid'
         END,
         "version" = "version" + 1,
         "updated_at" = now()
   WHERE "organization_id" = org AND "id" = note;
  UPDATE "payments"
     SET "allocated_amount" = "allocated_amount" + delta
   WHERE "organization_id" = org AND "id" = payment;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "payment_note_allocations_settle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "payment_note_allocation_apply"(OLD."organization_id", OLD."bill_note_id", OLD."payment_id", -OLD."amount");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "payment_note_allocation_apply"(NEW."organization_id", NEW."bill_note_id", NEW."payment_id", NEW."amount");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payment_note_allocations_settle" AFTER INSERT OR UPDATE OR DELETE ON "payment_note_allocations"
  FOR EACH ROW EXECUTE FUNCTION "payment_note_allocations_settle"();
