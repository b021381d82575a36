DROP INDEX "login_attempts_ip_idx";--> statement-breakpoint
-- Rows from before this migration are all failed sign-ins.
ALTER TABLE "login_attempts" ADD COLUMN "action" text DEFAULT 'signIn' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_attempts" ALTER COLUMN "action" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "login_attempts_ip_action_idx" ON "login_attempts" USING btree ("ip","action","attempted_at");
