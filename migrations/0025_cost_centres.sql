CREATE TABLE `cost_centre_documents` (
	`document_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`cost_centre_id` text NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`cost_centre_id`) REFERENCES `cost_centres`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `cost_centre_documents_centre_idx` ON `cost_centre_documents` (`account_id`,`cost_centre_id`,`document_id`);--> statement-breakpoint
CREATE TABLE `cost_centres` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `cost_centres_account_idx` ON `cost_centres` (`account_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `cost_centres_code_uq` ON `cost_centres` (`account_id`,`code`);