-- A recurring invoice's auto_send (e-mail each finalized invoice to the customer, docs/recurring-invoices.md)
-- and, per occurrence, the delivery that sent it or why it could not be sent. Null: not sent (yet).
ALTER TABLE "recurring_invoices" ADD COLUMN "auto_send" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD COLUMN "delivery_id" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD COLUMN "send_error" text COLLATE "C";