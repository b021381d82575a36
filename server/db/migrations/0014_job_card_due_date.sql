ALTER TABLE "job_cards" ADD COLUMN "due_date" date;--> statement-breakpoint
-- A card is due when its order is to be delivered. Triggers copy the date, so every write path
-- (the API, seeds, imports, bulk loads) keeps it in step in the writing transaction.
CREATE FUNCTION "job_cards_due_date_from_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.due_date := (SELECT delivery_date FROM "orders"
                   WHERE organization_id = NEW.organization_id AND id = NEW.order_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "job_cards_due_date" BEFORE INSERT OR UPDATE OF "order_id", "due_date" ON "job_cards"
  FOR EACH ROW EXECUTE FUNCTION "job_cards_due_date_from_order"();
--> statement-breakpoint
CREATE FUNCTION "orders_due_date_to_job_cards"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "job_cards" SET due_date = NEW.delivery_date
  WHERE organization_id = NEW.organization_id AND order_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_due_date_to_job_cards" AFTER UPDATE OF "delivery_date" ON "orders"
  FOR EACH ROW WHEN (OLD.delivery_date IS DISTINCT FROM NEW.delivery_date)
  EXECUTE FUNCTION "orders_due_date_to_job_cards"();
--> statement-breakpoint
-- The triggers exist before the backfill and hold their tables' locks until this migration
-- commits, so no card is left with a stale date.
UPDATE "job_cards" AS cards SET due_date = orders.delivery_date
FROM "orders"
WHERE orders.organization_id = cards.organization_id AND orders.id = cards.order_id
  AND orders.delivery_date IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "job_cards_org_stage_due_idx" ON "job_cards" USING btree ("organization_id","stage_id","due_date","id");
