CREATE TABLE `renders` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`document_id` text,
	`document_type` text NOT NULL,
	`format` text NOT NULL,
	`template_id` text NOT NULL,
	`template_version` integer,
	`page_size` text NOT NULL,
	`blob_key` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`calculation` text NOT NULL,
	`compliance` text,
	`expires_at` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `renders_account_idx` ON `renders` (`account_id`,`id`);--> statement-breakpoint
CREATE INDEX `renders_expiry_idx` ON `renders` (`expires_at`);--> statement-breakpoint
CREATE INDEX `renders_document_idx` ON `renders` (`account_id`,`document_id`,`id`);--> statement-breakpoint
CREATE TABLE `usage_events` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`render_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `usage_events_account_idx` ON `usage_events` (`account_id`,`id`);--> statement-breakpoint
CREATE INDEX `usage_events_month_idx` ON `usage_events` (`account_id`,`created_at`);