CREATE TABLE `branding_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`is_default` integer NOT NULL,
	`logo_file_id` text,
	`primary_color` text NOT NULL,
	`accent_color` text NOT NULL,
	`font_family` text,
	`header_text` text,
	`footer_text` text NOT NULL,
	`hide_service_branding` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `branding_profiles_account_idx` ON `branding_profiles` (`account_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `branding_profiles_default_uq` ON `branding_profiles` (`account_id`) WHERE "branding_profiles"."is_default" = 1;--> statement-breakpoint
CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`blob_key` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `files_account_idx` ON `files` (`account_id`,`id`);--> statement-breakpoint
CREATE TABLE `custom_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`base_template_id` text NOT NULL,
	`config` text NOT NULL,
	`status` text NOT NULL,
	`is_default` integer NOT NULL,
	`next_version` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`published_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `custom_templates_account_idx` ON `custom_templates` (`account_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `custom_templates_default_uq` ON `custom_templates` (`account_id`) WHERE "custom_templates"."is_default" = 1;--> statement-breakpoint
CREATE TABLE `template_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`template_id` text NOT NULL,
	`version` integer NOT NULL,
	`label` text,
	`changelog` text,
	`config` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `template_versions_number_uq` ON `template_versions` (`template_id`,`version`);