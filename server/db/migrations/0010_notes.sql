CREATE TABLE "note_mentions" (
	"organization_id" uuid NOT NULL,
	"note_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "note_mentions_pkey" PRIMARY KEY("organization_id","note_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "note_reads" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"read_seq" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "note_reads_pkey" PRIMARY KEY("organization_id","user_id","subject_type","subject_id"),
	CONSTRAINT "note_reads_subject_type_check" CHECK ("note_reads"."subject_type" in ('order', 'merchant'))
);
--> statement-breakpoint
CREATE TABLE "note_threads" (
	"organization_id" uuid NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"order_id" uuid,
	"merchant_id" uuid,
	"last_seq" bigint NOT NULL,
	"note_count" integer NOT NULL,
	CONSTRAINT "note_threads_pkey" PRIMARY KEY("organization_id","subject_type","subject_id"),
	CONSTRAINT "note_threads_subject_check" CHECK (("note_threads"."subject_type" = 'order' and "note_threads"."order_id" = "note_threads"."subject_id" and "note_threads"."merchant_id" is null)
        or ("note_threads"."subject_type" = 'merchant' and "note_threads"."merchant_id" = "note_threads"."subject_id" and "note_threads"."order_id" is null))
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject_type" text NOT NULL,
	"order_id" uuid,
	"merchant_id" uuid,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "notes_subject_check" CHECK (("notes"."subject_type" = 'order' and "notes"."order_id" is not null and "notes"."merchant_id" is null)
        or ("notes"."subject_type" = 'merchant' and "notes"."merchant_id" is not null and "notes"."order_id" is null))
);
--> statement-breakpoint
ALTER TABLE "note_mentions" ADD CONSTRAINT "note_mentions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_mentions" ADD CONSTRAINT "note_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_mentions" ADD CONSTRAINT "note_mentions_note_fk" FOREIGN KEY ("organization_id","note_id") REFERENCES "public"."notes"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_reads" ADD CONSTRAINT "note_reads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_reads" ADD CONSTRAINT "note_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_threads" ADD CONSTRAINT "note_threads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_threads" ADD CONSTRAINT "note_threads_order_fk" FOREIGN KEY ("organization_id","order_id") REFERENCES "public"."orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_threads" ADD CONSTRAINT "note_threads_merchant_fk" FOREIGN KEY ("organization_id","merchant_id") REFERENCES "public"."merchants"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_order_fk" FOREIGN KEY ("organization_id","order_id") REFERENCES "public"."orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_merchant_fk" FOREIGN KEY ("organization_id","merchant_id") REFERENCES "public"."merchants"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_mentions_org_user_idx" ON "note_mentions" USING btree ("organization_id","user_id","note_id");--> statement-breakpoint
CREATE INDEX "note_threads_org_last_idx" ON "note_threads" USING btree ("organization_id","last_seq");--> statement-breakpoint
CREATE INDEX "notes_org_order_seq_idx" ON "notes" USING btree ("organization_id","order_id","seq") WHERE "notes"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "notes_org_merchant_seq_idx" ON "notes" USING btree ("organization_id","merchant_id","seq") WHERE "notes"."merchant_id" is not null;--> statement-breakpoint
CREATE INDEX "notes_org_seq_idx" ON "notes" USING btree ("organization_id","seq");