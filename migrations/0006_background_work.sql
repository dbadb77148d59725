CREATE TABLE `batch_items` (
	`id` text PRIMARY KEY NOT NULL,
	`batch_id` text NOT NULL,
	`account_id` text NOT NULL,
	`position` integer NOT NULL,
	`external_id` text,
	`document_type` text NOT NULL,
	`status` text NOT NULL,
	`data` text,
	`render_id` text,
	`error_message` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `batch_items_order_idx` ON `batch_items` (`batch_id`,`position`);--> statement-breakpoint
CREATE INDEX `batch_items_status_idx` ON `batch_items` (`batch_id`,`status`,`position`);--> statement-breakpoint
CREATE TABLE `batches` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`status` text NOT NULL,
	`operation` text NOT NULL,
	`template_id` text NOT NULL,
	`template_version` integer,
	`output` text NOT NULL,
	`total_items` integer NOT NULL,
	`completed_items` integer DEFAULT 0 NOT NULL,
	`failed_items` integer DEFAULT 0 NOT NULL,
	`combined_blob_key` text,
	`error_message` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `batches_account_idx` ON `batches` (`account_id`,`id`);--> statement-breakpoint
CREATE TABLE `deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`document_id` text NOT NULL,
	`to` text NOT NULL,
	`cc` text NOT NULL,
	`bcc` text NOT NULL,
	`subject` text NOT NULL,
	`message` text,
	`attach_pdf` integer NOT NULL,
	`render_id` text,
	`status` text NOT NULL,
	`error_message` text,
	`retry_of` text,
	`message_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `deliveries_account_idx` ON `deliveries` (`account_id`,`id`);--> statement-breakpoint
CREATE INDEX `deliveries_document_idx` ON `deliveries` (`account_id`,`document_id`,`id`);--> statement-breakpoint
CREATE TABLE `recurring_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`status` text NOT NULL,
	`business_profile_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`frequency` text NOT NULL,
	`interval` integer NOT NULL,
	`start_date` text NOT NULL,
	`next_occurrence_date` text,
	`end_date` text,
	`occurrences_created` integer DEFAULT 0 NOT NULL,
	`max_occurrences` integer,
	`numbering_sequence_id` text,
	`auto_finalize` integer NOT NULL,
	`invoice_template` text NOT NULL,
	`last_error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`business_profile_id`) REFERENCES `business_profiles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `recurring_account_idx` ON `recurring_invoices` (`account_id`,`id`);--> statement-breakpoint
CREATE INDEX `recurring_due_idx` ON `recurring_invoices` (`status`,`next_occurrence_date`);--> statement-breakpoint
CREATE TABLE `recurring_occurrences` (
	`recurring_invoice_id` text NOT NULL,
	`occurrence_date` text NOT NULL,
	`document_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`recurring_invoice_id`) REFERENCES `recurring_invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recurring_occurrences_uq` ON `recurring_occurrences` (`recurring_invoice_id`,`occurrence_date`);--> statement-breakpoint
CREATE INDEX `recurring_occurrences_doc_idx` ON `recurring_occurrences` (`recurring_invoice_id`,`document_id`);