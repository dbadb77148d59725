CREATE TABLE `business_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`legal_name` text NOT NULL,
	`display_name` text,
	`email` text,
	`phone` text,
	`website` text,
	`tax_id` text,
	`address` text,
	`default_currency` text,
	`default_locale` text,
	`default_timezone` text,
	`logo_file_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `business_profiles_account_idx` ON `business_profiles` (`account_id`,`id`);--> statement-breakpoint
CREATE TABLE `customers` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`tax_id` text,
	`billing_address` text,
	`shipping_address` text,
	`metadata` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `customers_account_idx` ON `customers` (`account_id`,`id`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`document_type` text NOT NULL,
	`number` text NOT NULL,
	`status` text NOT NULL,
	`issue_date` text NOT NULL,
	`due_date` text,
	`currency` text NOT NULL,
	`locale` text,
	`business_profile_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`source_document_id` text,
	`reason` text,
	`numbering_sequence_id` text,
	`data` text NOT NULL,
	`totals` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`finalized_at` text,
	`sent_at` text,
	`paid_at` text,
	`voided_at` text,
	`archived_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`business_profile_id`) REFERENCES `business_profiles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `documents_number_uq` ON `documents` (`account_id`,`number`);--> statement-breakpoint
CREATE INDEX `documents_account_idx` ON `documents` (`account_id`,`id`);--> statement-breakpoint
CREATE INDEX `documents_customer_idx` ON `documents` (`account_id`,`customer_id`,`id`);--> statement-breakpoint
CREATE INDEX `documents_updated_idx` ON `documents` (`account_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `numbering_sequences` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`pattern` text NOT NULL,
	`reset` text NOT NULL,
	`next_number` integer NOT NULL,
	`period` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `numbering_sequences_account_idx` ON `numbering_sequences` (`account_id`,`id`);