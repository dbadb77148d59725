CREATE TABLE `document_disputes` (
	`document_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`note` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `dunning_policies` (
	`account_id` text PRIMARY KEY NOT NULL,
	`enabled` integer NOT NULL,
	`levels` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `reminders` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`document_id` text NOT NULL,
	`level` integer NOT NULL,
	`fee` text NOT NULL,
	`amount_due` text NOT NULL,
	`currency` text NOT NULL,
	`sent_on` text NOT NULL,
	`pay_by` text NOT NULL,
	`delivery_id` text NOT NULL,
	`letter_blob_key` text NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminders_document_level_uq` ON `reminders` (`document_id`,`level`);--> statement-breakpoint
CREATE INDEX `reminders_document_idx` ON `reminders` (`account_id`,`document_id`,`id`);--> statement-breakpoint
ALTER TABLE `deliveries` ADD `letter_blob_key` text;--> statement-breakpoint
ALTER TABLE `deliveries` ADD `letter_filename` text;