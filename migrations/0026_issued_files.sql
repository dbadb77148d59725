CREATE TABLE `issued_files` (
	`account_id` text NOT NULL,
	`document_id` text NOT NULL,
	`kind` text NOT NULL,
	`profile` text NOT NULL,
	`blob_key` text NOT NULL,
	`content_type` text NOT NULL,
	`sha256` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`first_use` text NOT NULL,
	`template_id` text,
	`template_version` integer,
	`page_size` text,
	`compliance` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`document_id`, `kind`, `profile`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `issued_files_account_idx` ON `issued_files` (`account_id`,`document_id`);--> statement-breakpoint
ALTER TABLE `renders` ADD `copy` integer DEFAULT false NOT NULL;