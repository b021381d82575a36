-- Notes move a merchant's kept figures as the dues report reads them: a live debit note is owed
-- like a bill (counted with the bills), a live credit note is credit like a payment (counted with
-- the payments: what of it did not settle its bill is the merchant's advance). A note only ever
-- changes its status after it is made, so one row trigger handles every event.
CREATE FUNCTION "bill_notes_merchant_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "merchant_balances_add"(ARRAY(
    SELECT ROW(note.organization_id, note.merchant_id,
               CASE WHEN note.kind = 'debit' THEN note.sign ELSE 0 END,
               CASE WHEN note.kind = 'debit' THEN note.sign * note.total_amount ELSE 0 END,
               CASE WHEN note.kind = 'credit' THEN note.sign ELSE 0 END,
               CASE WHEN note.kind = 'credit' THEN note.sign * note.total_amount ELSE 0 END
           )::"merchant_balances"
    FROM (
      SELECT OLD.organization_id, OLD.merchant_id, OLD.kind, OLD.total_amount, -1 AS sign
      WHERE TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'cancelled'
      UNION ALL
      SELECT NEW.organization_id, NEW.merchant_id, NEW.kind, NEW.total_amount, 1
      WHERE TG_OP IN ('INSERT', 'UPDATE') AND NEW.status <> 'cancelled'
    ) AS note));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bill_notes_merchant_balances" AFTER INSERT OR DELETE ON "bill_notes"
  FOR EACH ROW EXECUTE FUNCTION "bill_notes_merchant_balances"();
--> statement-breakpoint
-- Payments settling a debit note change its paid amount and status: nothing counted here.
CREATE TRIGGER "bill_notes_merchant_balances_update"
  AFTER UPDATE OF "organization_id", "merchant_id", "total_amount", "status" ON "bill_notes"
  FOR EACH ROW
  WHEN (OLD."organization_id" IS DISTINCT FROM NEW."organization_id"
     OR OLD."merchant_id" IS DISTINCT FROM NEW."merchant_id"
     OR OLD."total_amount" IS DISTINCT FROM NEW."total_amount"
     OR (OLD."status" = 'cancelled') IS DISTINCT FROM (NEW."status" = 'cancelled'))
  EXECUTE FUNCTION "bill_notes_merchant_balances"();
--> statement-breakpoint
-- A restore of a backup loaded with triggers off rebuilds the balances: notes included.
CREATE OR REPLACE FUNCTION "merchant_balances_rebuild"() RETURNS void LANGUAGE sql AS $$
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
    UNION ALL
    SELECT organization_id, merchant_id, count(*), sum(total_amount), 0, 0
    FROM "bill_notes" WHERE kind = 'debit' AND status <> 'cancelled'
    GROUP BY organization_id, merchant_id
    UNION ALL
    SELECT organization_id, merchant_id, 0, 0, count(*), sum(total_amount)
    FROM "bill_notes" WHERE kind = 'credit' AND status <> 'cancelled'
    GROUP BY organization_id, merchant_id
  ) AS existing
  GROUP BY organization_id, merchant_id;
$$;
