CREATE TABLE `billing_accounts` (
	`account_id` text PRIMARY KEY NOT NULL,
	`provider_customer_id` text,
	`subscription_id` text,
	`subscription_status` text,
	`subscription_price_id` text,
	`current_period_end` text,
	`last_event_created` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_accounts_customer_uq` ON `billing_accounts` (`provider_customer_id`);--> statement-breakpoint
CREATE TABLE `billing_webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`account_id` text,
	`outcome` text NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `overage_settings` (
	`account_id` text PRIMARY KEY NOT NULL,
	`enabled` integer NOT NULL,
	`cap` integer,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `api_keys` ADD `workspace_member_id` text;--> statement-breakpoint
CREATE INDEX `api_keys_member_idx` ON `api_keys` (`workspace_member_id`);--> statement-breakpoint
ALTER TABLE `batches` ADD `created_by` text;--> statement-breakpoint
ALTER TABLE `branding_profiles` ADD `created_by` text;--> statement-breakpoint
ALTER TABLE `business_profiles` ADD `created_by` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `created_by` text;--> statement-breakpoint
ALTER TABLE `deliveries` ADD `created_by` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `created_by` text;--> statement-breakpoint
ALTER TABLE `files` ADD `created_by` text;--> statement-breakpoint
ALTER TABLE `numbering_sequences` ADD `created_by` text;--> statement-breakpoint
ALTER TABLE `plans` ADD `overage_cents_per_render` text;--> statement-breakpoint
ALTER TABLE `recurring_invoices` ADD `created_by` text;--> statement-breakpoint
ALTER TABLE `custom_templates` ADD `created_by` text;--> statement-breakpoint
ALTER TABLE `usage_events` ADD `overage` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `plans` SET `overage_cents_per_render` = '0.4' WHERE `id` = 'plan_starter' AND `overage_cents_per_render` IS NULL;--> statement-breakpoint
UPDATE `plans` SET `overage_cents_per_render` = '0.25' WHERE `id` = 'plan_pro' AND `overage_cents_per_render` IS NULL;
