-- hand-written below
-- The dues report sums every live bill and every payment of an organization up to a day by
-- merchant. Carrying the summed columns in the date indexes lets both sums read the index alone
-- (index-only scans) instead of visiting tens of thousands of table rows.
CREATE INDEX "bills_org_live_date_totals_idx" ON "bills" USING btree ("organization_id","bill_date")
  INCLUDE ("merchant_id","total_amount") WHERE "status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "payments_org_date_totals_idx" ON "payments" USING btree ("organization_id","payment_date")
  INCLUDE ("merchant_id","amount","tds_amount");
