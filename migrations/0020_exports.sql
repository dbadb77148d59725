CREATE TABLE `accounting_settings` (
	`account_id` text PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `creditor_numbers` (
	`account_id` text NOT NULL,
	`supplier_key` text NOT NULL,
	`number` integer NOT NULL,
	`name` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `creditor_numbers_supplier_uq` ON `creditor_numbers` (`account_id`,`supplier_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `creditor_numbers_number_uq` ON `creditor_numbers` (`account_id`,`number`);--> statement-breakpoint
ALTER TABLE `customers` ADD `debtor_number` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `customers_debtor_number_uq` ON `customers` (`account_id`,`debtor_number`);