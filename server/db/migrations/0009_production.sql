CREATE TABLE "job_card_workers" (
	"organization_id" uuid NOT NULL,
	"job_card_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	CONSTRAINT "job_card_workers_pkey" PRIMARY KEY("organization_id","job_card_id","worker_id")
);
--> statement-breakpoint
CREATE TABLE "job_cards" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"design_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"stage_id" uuid NOT NULL,
	"notes" text,
	"pieces_done" integer DEFAULT 0 NOT NULL,
	"pieces_rejected" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_cards_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "job_cards_quantity_check" CHECK ("job_cards"."quantity" between 1 and 1000000),
	CONSTRAINT "job_cards_pieces_within_quantity" CHECK ("job_cards"."pieces_done" >= 0 and "job_cards"."pieces_rejected" >= 0 and "job_cards"."pieces_done" + "job_cards"."pieces_rejected" <= "job_cards"."quantity")
);
--> statement-breakpoint
CREATE TABLE "production_entries" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"job_card_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"pieces_done" integer NOT NULL,
	"pieces_rejected" integer DEFAULT 0 NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) GENERATED ALWAYS AS ((pieces_done * rate)::numeric(14,2)) STORED NOT NULL,
	"notes" text,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_entries_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "production_entries_pieces_check" CHECK ("production_entries"."pieces_done" between 0 and 1000000 and "production_entries"."pieces_rejected" between 0 and 1000000),
	CONSTRAINT "production_entries_rate_check" CHECK ("production_entries"."rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "production_stages" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_stages_pkey" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "job_card_workers" ADD CONSTRAINT "job_card_workers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_card_workers" ADD CONSTRAINT "job_card_workers_card_fk" FOREIGN KEY ("organization_id","job_card_id") REFERENCES "public"."job_cards"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_card_workers" ADD CONSTRAINT "job_card_workers_worker_fk" FOREIGN KEY ("organization_id","worker_id") REFERENCES "public"."workers"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_cards" ADD CONSTRAINT "job_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_cards" ADD CONSTRAINT "job_cards_order_fk" FOREIGN KEY ("organization_id","order_id") REFERENCES "public"."orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_cards" ADD CONSTRAINT "job_cards_order_line_fk" FOREIGN KEY ("organization_id","order_line_id") REFERENCES "public"."order_lines"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_cards" ADD CONSTRAINT "job_cards_design_fk" FOREIGN KEY ("organization_id","design_id") REFERENCES "public"."designs"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_cards" ADD CONSTRAINT "job_cards_stage_fk" FOREIGN KEY ("organization_id","stage_id") REFERENCES "public"."production_stages"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_entries" ADD CONSTRAINT "production_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_entries" ADD CONSTRAINT "production_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_entries" ADD CONSTRAINT "production_entries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_entries" ADD CONSTRAINT "production_entries_worker_fk" FOREIGN KEY ("organization_id","worker_id") REFERENCES "public"."workers"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_entries" ADD CONSTRAINT "production_entries_card_fk" FOREIGN KEY ("organization_id","job_card_id") REFERENCES "public"."job_cards"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_stages" ADD CONSTRAINT "production_stages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_card_workers_org_worker_idx" ON "job_card_workers" USING btree ("organization_id","worker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_cards_org_line_unique" ON "job_cards" USING btree ("organization_id","order_line_id");--> statement-breakpoint
CREATE INDEX "job_cards_org_order_idx" ON "job_cards" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE INDEX "job_cards_org_stage_idx" ON "job_cards" USING btree ("organization_id","stage_id","created_at","id");--> statement-breakpoint
CREATE INDEX "job_cards_org_created_idx" ON "job_cards" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "production_entries_org_date_idx" ON "production_entries" USING btree ("organization_id","work_date","id");--> statement-breakpoint
CREATE INDEX "production_entries_org_worker_date_idx" ON "production_entries" USING btree ("organization_id","worker_id","work_date");--> statement-breakpoint
CREATE INDEX "production_entries_org_card_idx" ON "production_entries" USING btree ("organization_id","job_card_id");--> statement-breakpoint
CREATE INDEX "production_entries_org_created_idx" ON "production_entries" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "production_stages_org_name_unique" ON "production_stages" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "production_stages_org_position_unique" ON "production_stages" USING btree ("organization_id","position");--> statement-breakpoint
-- hand-written below
-- Every change to an entry moves its card's piece counts by the difference, under the card's row
-- lock, so entries arriving at once add up exactly and the card's check refuses one that would
-- take done + rejected past the quantity. The card's version is left alone: logging work is not
-- an edit of the card, and must not turn a supervisor's move or reassignment into a conflict.
CREATE FUNCTION "production_entries_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."job_card_id" = NEW."job_card_id" THEN
    IF OLD."pieces_done" <> NEW."pieces_done" OR OLD."pieces_rejected" <> NEW."pieces_rejected" THEN
      UPDATE "job_cards"
         SET "pieces_done" = "pieces_done" + NEW."pieces_done" - OLD."pieces_done",
             "pieces_rejected" = "pieces_rejected" + NEW."pieces_rejected" - OLD."pieces_rejected",
             "updated_at" = now()
       WHERE "organization_id" = NEW."organization_id" AND "id" = NEW."job_card_id";
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "job_cards"
       SET "pieces_done" = "pieces_done" - OLD."pieces_done",
           "pieces_rejected" = "pieces_rejected" - OLD."pieces_rejected",
           "updated_at" = now()
     WHERE "organization_id" = OLD."organization_id" AND "id" = OLD."job_card_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "job_cards"
       SET "pieces_done" = "pieces_done" + NEW."pieces_done",
           "pieces_rejected" = "pieces_rejected" + NEW."pieces_rejected",
           "updated_at" = now()
     WHERE "organization_id" = NEW."organization_id" AND "id" = NEW."job_card_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "production_entries_roll_up" AFTER INSERT OR UPDATE OR DELETE ON "production_entries"
  FOR EACH ROW EXECUTE FUNCTION "production_entries_roll_up"();--> statement-breakpoint
-- Organizations made before stages existed get the same defaults as a new one.
INSERT INTO "production_stages" ("organization_id", "id", "name", "position")
SELECT o."id", gen_random_uuid(), s."name", s."position"
  FROM "organizations" o
 CROSS JOIN (VALUES ('Design punching', 0), ('Machine embroidery', 1), ('Thread cutting', 2),
                    ('Checking', 3), ('Packing', 4)) AS s("name", "position");--> statement-breakpoint
-- Orders already in progress get their cards in the first stage, as a status change would make.
INSERT INTO "job_cards" ("organization_id", "id", "order_id", "order_line_id", "design_id", "quantity", "stage_id")
SELECT l."organization_id", gen_random_uuid(), l."order_id", l."id", l."design_id", l."quantity", st."id"
  FROM "order_lines" l
  JOIN "orders" o ON o."organization_id" = l."organization_id" AND o."id" = l."order_id"
  JOIN "production_stages" st ON st."organization_id" = l."organization_id" AND st."position" = 0
 WHERE o."status" = 'in_progress';
