-- A recurring invoice's auto_send (e-mail each finalized invoice to the customer, docs/recurring-invoices.md)
-- and, per occurrence, the delivery that sent it or why it could not be sent. Null: not sent (yet).
ALTER TABLE `recurring_invoices` ADD `auto_send` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `recurring_occurrences` ADD `delivery_id` text;--> statement-breakpoint
ALTER TABLE `recurring_occurrences` ADD `send_error` text;