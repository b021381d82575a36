CREATE TABLE "sample_workshops" (
	"sample_organization_id" uuid PRIMARY KEY NOT NULL,
	"real_organization_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"opening_token_hash" text,
	"opening_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sample_workshops" ADD CONSTRAINT "sample_workshops_sample_organization_id_organizations_id_fk" FOREIGN KEY ("sample_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_workshops" ADD CONSTRAINT "sample_workshops_real_organization_id_organizations_id_fk" FOREIGN KEY ("real_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sample_workshops_real_unique" ON "sample_workshops" USING btree ("real_organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_workshops_opening_unique" ON "sample_workshops" USING btree ("opening_token_hash");