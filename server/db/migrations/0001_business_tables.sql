CREATE TABLE "bank_details" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"bank_name" text NOT NULL,
	"account_holder_name" text,
	"account_number" text NOT NULL,
	"ifsc_code" text NOT NULL,
	"branch" text,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_details_pkey" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "designs" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"design_code" text NOT NULL,
	"description" text,
	"rate" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "designs_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "designs_rate_check" CHECK ("designs"."rate" is null or "designs"."rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"category" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"expense_date" date NOT NULL,
	"description" text,
	"payment_method" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "expenses_amount_check" CHECK ("expenses"."amount" > 0),
	CONSTRAINT "expenses_payment_method_check" CHECK ("expenses"."payment_method" is null or "expenses"."payment_method" in ('cash', 'bank_transfer', 'upi', 'cheque'))
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"design_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "order_lines_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" between 1 and 1000000),
	CONSTRAINT "order_lines_rate_check" CHECK ("order_lines"."rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"po_number" text NOT NULL,
	"order_date" date NOT NULL,
	"delivery_date" date,
	"is_paid" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"notes" text,
	"total_quantity" integer DEFAULT 0 NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'in_progress', 'completed', 'delivered', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "worker_salaries" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"payment_type" text NOT NULL,
	"payment_method" text NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"payment_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"notes" text,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_salaries_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "worker_salaries_payment_type_check" CHECK ("worker_salaries"."payment_type" in ('salary', 'advance', 'bonus', 'overtime')),
	CONSTRAINT "worker_salaries_payment_method_check" CHECK ("worker_salaries"."payment_method" in ('cash', 'bank_transfer', 'upi', 'cheque')),
	CONSTRAINT "worker_salaries_month_check" CHECK ("worker_salaries"."month" between 1 and 12),
	CONSTRAINT "worker_salaries_year_check" CHECK ("worker_salaries"."year" between 2000 and 2100),
	CONSTRAINT "worker_salaries_amount_check" CHECK ("worker_salaries"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "workers" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"address" text,
	"designation" text,
	"joining_date" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"salary_type" text,
	"base_salary" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workers_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "workers_salary_type_check" CHECK ("workers"."salary_type" is null or "workers"."salary_type" in ('monthly', 'daily', 'piece_rate')),
	CONSTRAINT "workers_base_salary_check" CHECK ("workers"."base_salary" is null or "workers"."base_salary" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bank_details" ADD CONSTRAINT "bank_details_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_fk" FOREIGN KEY ("organization_id","order_id") REFERENCES "public"."orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_design_fk" FOREIGN KEY ("organization_id","design_id") REFERENCES "public"."designs"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_fk" FOREIGN KEY ("organization_id","merchant_id") REFERENCES "public"."merchants"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_salaries" ADD CONSTRAINT "worker_salaries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_salaries" ADD CONSTRAINT "worker_salaries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_salaries" ADD CONSTRAINT "worker_salaries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_salaries" ADD CONSTRAINT "worker_salaries_worker_fk" FOREIGN KEY ("organization_id","worker_id") REFERENCES "public"."workers"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_details_one_active" ON "bank_details" USING btree ("organization_id") WHERE "bank_details"."is_active";--> statement-breakpoint
CREATE INDEX "bank_details_org_created_idx" ON "bank_details" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bank_details_org_bank_name_idx" ON "bank_details" USING btree ("organization_id",lower("bank_name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "designs_org_code_unique" ON "designs" USING btree ("organization_id",lower("design_code"));--> statement-breakpoint
CREATE INDEX "designs_org_created_idx" ON "designs" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "designs_org_name_idx" ON "designs" USING btree ("organization_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "expenses_org_created_idx" ON "expenses" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "expenses_org_date_idx" ON "expenses" USING btree ("organization_id","expense_date","id");--> statement-breakpoint
CREATE INDEX "expenses_org_category_idx" ON "expenses" USING btree ("organization_id","category","expense_date");--> statement-breakpoint
CREATE INDEX "expenses_org_amount_idx" ON "expenses" USING btree ("organization_id","amount","id");--> statement-breakpoint
CREATE INDEX "order_lines_org_order_idx" ON "order_lines" USING btree ("organization_id","order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_org_design_idx" ON "order_lines" USING btree ("organization_id","design_id");--> statement-breakpoint
CREATE INDEX "orders_org_created_idx" ON "orders" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_org_order_date_idx" ON "orders" USING btree ("organization_id","order_date","id");--> statement-breakpoint
CREATE INDEX "orders_org_status_date_idx" ON "orders" USING btree ("organization_id","status","order_date");--> statement-breakpoint
CREATE INDEX "orders_org_merchant_date_idx" ON "orders" USING btree ("organization_id","merchant_id","order_date");--> statement-breakpoint
CREATE INDEX "orders_org_total_idx" ON "orders" USING btree ("organization_id","total_amount","id");--> statement-breakpoint
CREATE INDEX "worker_salaries_org_payment_date_idx" ON "worker_salaries" USING btree ("organization_id","payment_date","id");--> statement-breakpoint
CREATE INDEX "worker_salaries_org_worker_idx" ON "worker_salaries" USING btree ("organization_id","worker_id","payment_date");--> statement-breakpoint
CREATE INDEX "worker_salaries_org_period_idx" ON "worker_salaries" USING btree ("organization_id","year","month");--> statement-breakpoint
CREATE INDEX "workers_org_created_idx" ON "workers" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "workers_org_name_idx" ON "workers" USING btree ("organization_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "workers_org_joining_idx" ON "workers" USING btree ("organization_id","joining_date","id");