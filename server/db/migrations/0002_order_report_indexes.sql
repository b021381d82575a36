DROP INDEX "orders_org_order_date_idx";--> statement-breakpoint
DROP INDEX "orders_org_merchant_date_idx";--> statement-breakpoint
CREATE INDEX "orders_org_po_number_idx" ON "orders" USING btree ("organization_id",lower("po_number"),"id","po_number");--> statement-breakpoint
CREATE INDEX "orders_org_order_date_idx" ON "orders" USING btree ("organization_id","order_date","id","status","is_paid","total_quantity","total_amount","merchant_id");--> statement-breakpoint
CREATE INDEX "orders_org_merchant_date_idx" ON "orders" USING btree ("organization_id","merchant_id","order_date","status","is_paid","total_quantity","total_amount");