-- A received foreign-currency document's rate to the euro as the bookkeeper sets it (PATCH exchange_rate,
-- docs/receiving.md) when its file states none, and when it was set: the DATEV export books it (Kurs,
-- Basis-Umsatz) and dates its file by it.
ALTER TABLE "received_documents" ADD COLUMN "euro_rate" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "received_documents" ADD COLUMN "euro_rate_set_at" text COLLATE "C";
