CREATE TABLE `received_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`received_document_id` text NOT NULL,
	`amount` text NOT NULL,
	`currency` text NOT NULL,
	`date` text NOT NULL,
	`method` text,
	`reference` text,
	`note` text,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`received_document_id`) REFERENCES `received_documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `received_payments_document_idx` ON `received_payments` (`account_id`,`received_document_id`,`id`);--> statement-breakpoint
ALTER TABLE `received_documents` ADD `amount_paid` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `received_documents` ADD `format` text;