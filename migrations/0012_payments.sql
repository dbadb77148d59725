CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`document_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`amount` text NOT NULL,
	`currency` text NOT NULL,
	`date` text NOT NULL,
	`method` text,
	`reference` text,
	`note` text,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payments_account_idx` ON `payments` (`account_id`,`id`);--> statement-breakpoint
CREATE INDEX `payments_document_idx` ON `payments` (`account_id`,`document_id`,`id`);--> statement-breakpoint
CREATE INDEX `payments_date_idx` ON `payments` (`account_id`,`date`);--> statement-breakpoint
ALTER TABLE `documents` ADD `amount_paid` text DEFAULT '0' NOT NULL;