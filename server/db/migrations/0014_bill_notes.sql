CREATE TABLE "bill_note_counters" (
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "bill_note_counters_pkey" PRIMARY KEY("organization_id","kind","financial_year"),
	CONSTRAINT "bill_note_counters_kind_check" CHECK ("bill_note_counters"."kind" in ('credit', 'debit'))
);
--> statement-breakpoint
CREATE TABLE "bill_notes" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"bill_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"note_date" date NOT NULL,
	"due_date" date,
	"reason" text NOT NULL,
	"gst_rate" integer NOT NULL,
	"sac" text,
	"place_of_supply" text NOT NULL,
	"taxable_amount" numeric(14, 2) NOT NULL,
	"cgst_amount" numeric(14, 2) NOT NULL,
	"sgst_amount" numeric(14, 2) NOT NULL,
	"igst_amount" numeric(14, 2) NOT NULL,
	"round_off" numeric(14, 2) NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"applied_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"paid_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"seller" jsonb NOT NULL,
	"merchant" jsonb NOT NULL,
	"notes" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_notes_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "bill_notes_kind_check" CHECK ("bill_notes"."kind" in ('credit', 'debit')),
	CONSTRAINT "bill_notes_reason_check" CHECK ("bill_notes"."reason" in ('sales_return', 'post_sale_discount', 'deficiency_in_service', 'correction_in_invoice', 'change_in_pos', 'finalization_of_provisional_assessment', 'others')),
	CONSTRAINT "bill_notes_status_check" CHECK (("bill_notes"."kind" = 'credit' and "bill_notes"."status" in ('issued', 'cancelled'))
        or ("bill_notes"."kind" = 'debit' and "bill_notes"."status" in ('unpaid', 'partly_paid', 'paid', 'cancelled'))),
	CONSTRAINT "bill_notes_gst_rate_check" CHECK ("bill_notes"."gst_rate" in (0, 5, 12, 18, 28)),
	CONSTRAINT "bill_notes_taxable_amount_check" CHECK ("bill_notes"."taxable_amount" > 0),
	CONSTRAINT "bill_notes_applied_amount_check" CHECK ("bill_notes"."applied_amount" >= 0 and "bill_notes"."applied_amount" <= "bill_notes"."total_amount"
        and ("bill_notes"."kind" = 'credit' or "bill_notes"."applied_amount" = 0)),
	CONSTRAINT "bill_notes_paid_amount_check" CHECK ("bill_notes"."paid_amount" >= 0 and "bill_notes"."paid_amount" <= "bill_notes"."total_amount"
        and ("bill_notes"."kind" = 'debit' or "bill_notes"."paid_amount" = 0)),
	CONSTRAINT "bill_notes_due_date_check" CHECK (("bill_notes"."kind" = 'credit' and "bill_notes"."due_date" is null)
        or ("bill_notes"."kind" = 'debit' and "bill_notes"."due_date" >= "bill_notes"."note_date"))
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "credit_note_prefix" text DEFAULT 'CN' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "debit_note_prefix" text DEFAULT 'DN' NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_note_counters" ADD CONSTRAINT "bill_note_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_notes" ADD CONSTRAINT "bill_notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_notes" ADD CONSTRAINT "bill_notes_bill_fk" FOREIGN KEY ("organization_id","bill_id") REFERENCES "public"."bills"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_notes" ADD CONSTRAINT "bill_notes_merchant_fk" FOREIGN KEY ("organization_id","merchant_id") REFERENCES "public"."merchants"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_notes_org_number_unique" ON "bill_notes" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "bill_notes_org_date_idx" ON "bill_notes" USING btree ("organization_id","note_date","id");--> statement-breakpoint
CREATE INDEX "bill_notes_org_bill_idx" ON "bill_notes" USING btree ("organization_id","bill_id");--> statement-breakpoint
CREATE INDEX "bill_notes_org_merchant_date_idx" ON "bill_notes" USING btree ("organization_id","merchant_id","note_date");