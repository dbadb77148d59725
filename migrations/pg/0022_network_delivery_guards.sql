-- Network deliveries (docs/channels.md): one live delivery of a document unless sent again on purpose
-- (`resend`), held by a partial unique index so two requests at once cannot both queue one; why a waiting
-- delivery waits (`last_error`); a receipt kept cut short says so (`receipt_truncated`). Documents that two
-- requests at once delivered twice before the index keep both deliveries, the later ones counted as sent
-- again, so the index can be made. A receipt kept whole before (a provider's answer of any size, answered
-- whole by every list of deliveries) is cut to its first 65,536 characters and marked truncated, as a new
-- one is cut to 64 KiB.
ALTER TABLE "network_deliveries" ADD COLUMN "last_error" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "network_deliveries" ADD COLUMN "resend" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "network_delivery_events" ADD COLUMN "receipt_truncated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "network_delivery_events" SET "receipt" = substr("receipt", 1, 65536), "receipt_truncated" = 1 WHERE length("receipt") > 65536;--> statement-breakpoint
UPDATE "network_deliveries" SET "resend" = 1 WHERE "state" NOT IN ('failed', 'rejected') AND EXISTS (SELECT 1 FROM "network_deliveries" AS "earlier" WHERE "earlier"."account_id" = "network_deliveries"."account_id" AND "earlier"."document_id" = "network_deliveries"."document_id" AND "earlier"."state" NOT IN ('failed', 'rejected') AND "earlier"."id" < "network_deliveries"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "network_deliveries_live_uq" ON "network_deliveries" USING btree ("account_id","document_id") WHERE "state" NOT IN ('failed', 'rejected') AND "resend" = 0;