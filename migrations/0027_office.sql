CREATE TABLE `datev_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`from` text NOT NULL,
	`to` text NOT NULL,
	`entries` integer NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `datev_exports_account_idx` ON `datev_exports` (`account_id`,`kind`,`to`);--> statement-breakpoint
CREATE TABLE `office_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text,
	`status` text NOT NULL,
	`from` text NOT NULL,
	`to` text NOT NULL,
	`client_ids` text NOT NULL,
	`results` text,
	`created_by` text,
	`blob_key` text,
	`size_bytes` integer,
	`error_message` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `user_accounts` (
	`user_id` text NOT NULL,
	`account_id` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_accounts_uq` ON `user_accounts` (`user_id`,`account_id`);--> statement-breakpoint
CREATE INDEX `user_accounts_account_idx` ON `user_accounts` (`account_id`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `office` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `account_id` text REFERENCES accounts(id);--> statement-breakpoint
INSERT INTO `user_accounts` (`user_id`, `account_id`, `created_at`) SELECT `id`, `account_id`, `created_at` FROM `users`;--> statement-breakpoint
UPDATE `accounts` SET `office` = 1 WHERE `id` = (SELECT `id` FROM `accounts` WHERE `plan_id` = 'plan_self_hosted' ORDER BY `created_at`, `id` LIMIT 1);