CREATE TABLE "bill_counters" (
	"organization_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "bill_counters_pkey" PRIMARY KEY("organization_id","prefix","financial_year")
);
--> statement-breakpoint
CREATE TABLE "bill_lines" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"po_number" text NOT NULL,
	"design_code" text NOT NULL,
	"design_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "bill_lines_pkey" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "bill_orders" (
	"organization_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"is_live" boolean DEFAULT true NOT NULL,
	CONSTRAINT "bill_orders_pkey" PRIMARY KEY("organization_id","bill_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date NOT NULL,
	"bill_type" text NOT NULL,
	"gst_rate" integer NOT NULL,
	"sac" text,
	"place_of_supply" text NOT NULL,
	"taxable_amount" numeric(14, 2) NOT NULL,
	"cgst_amount" numeric(14, 2) NOT NULL,
	"sgst_amount" numeric(14, 2) NOT NULL,
	"igst_amount" numeric(14, 2) NOT NULL,
	"round_off" numeric(14, 2) NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"paid_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"seller" jsonb NOT NULL,
	"merchant" jsonb NOT NULL,
	"notes" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "bills_bill_type_check" CHECK ("bills"."bill_type" in ('tax_invoice', 'bill_of_supply')),
	CONSTRAINT "bills_status_check" CHECK ("bills"."status" in ('unpaid', 'partly_paid', 'paid', 'cancelled')),
	CONSTRAINT "bills_gst_rate_check" CHECK ("bills"."gst_rate" in (0, 5, 12, 18, 28)),
	CONSTRAINT "bills_paid_amount_check" CHECK ("bills"."paid_amount" >= 0 and "bills"."paid_amount" <= "bills"."total_amount"),
	CONSTRAINT "bills_due_date_check" CHECK ("bills"."due_date" >= "bills"."bill_date")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_id" uuid;--> statement-breakpoint
ALTER TABLE "bill_counters" ADD CONSTRAINT "bill_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_bill_fk" FOREIGN KEY ("organization_id","bill_id") REFERENCES "public"."bills"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_orders" ADD CONSTRAINT "bill_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_orders" ADD CONSTRAINT "bill_orders_bill_fk" FOREIGN KEY ("organization_id","bill_id") REFERENCES "public"."bills"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_orders" ADD CONSTRAINT "bill_orders_order_fk" FOREIGN KEY ("organization_id","order_id") REFERENCES "public"."orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_merchant_fk" FOREIGN KEY ("organization_id","merchant_id") REFERENCES "public"."merchants"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_lines_org_bill_idx" ON "bill_lines" USING btree ("organization_id","bill_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_orders_one_live_bill" ON "bill_orders" USING btree ("organization_id","order_id") WHERE "bill_orders"."is_live";--> statement-breakpoint
CREATE UNIQUE INDEX "bills_org_number_unique" ON "bills" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "bills_org_created_idx" ON "bills" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bills_org_bill_date_idx" ON "bills" USING btree ("organization_id","bill_date","id");--> statement-breakpoint
CREATE INDEX "bills_org_due_date_idx" ON "bills" USING btree ("organization_id","due_date","id");--> statement-breakpoint
CREATE INDEX "bills_org_total_idx" ON "bills" USING btree ("organization_id","total_amount","id");--> statement-breakpoint
CREATE INDEX "bills_org_merchant_date_idx" ON "bills" USING btree ("organization_id","merchant_id","bill_date");--> statement-breakpoint
CREATE INDEX "bills_org_status_date_idx" ON "bills" USING btree ("organization_id","status","bill_date");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bill_fk" FOREIGN KEY ("organization_id","bill_id") REFERENCES "public"."bills"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_org_bill_idx" ON "orders" USING btree ("organization_id","bill_id");