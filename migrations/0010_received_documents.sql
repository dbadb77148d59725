CREATE TABLE `received_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`status` text NOT NULL,
	`syntax` text NOT NULL,
	`profile` text,
	`customization_id` text,
	`document_type` text NOT NULL,
	`type_code` text NOT NULL,
	`invoice_number` text,
	`issue_date` text,
	`due_date` text,
	`currency` text NOT NULL,
	`seller_name` text,
	`seller_tax_id` text,
	`seller_electronic_address` text,
	`total` text NOT NULL,
	`amount_due` text NOT NULL,
	`valid` integer,
	`compliance` text,
	`data` text NOT NULL,
	`totals` text NOT NULL,
	`warnings` text NOT NULL,
	`duplicate_of` text,
	`sha256` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`blob_key` text NOT NULL,
	`note` text,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `received_documents_account_idx` ON `received_documents` (`account_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `received_documents_sha_idx` ON `received_documents` (`account_id`,`sha256`);--> statement-breakpoint
CREATE INDEX `received_documents_identity_idx` ON `received_documents` (`account_id`,`invoice_number`,`issue_date`);