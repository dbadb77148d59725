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
ALTER TABLE `documents` ADD `amount_paid` text DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Invoices marked paid before payments were tracked: one payment of what was due, dated the day they were
-- marked, so amount_paid, amount_due and the payments list agree with the status (docs/payments.md).
INSERT INTO `payments` (`id`, `account_id`, `document_id`, `customer_id`, `amount`, `currency`, `date`, `method`, `reference`, `note`, `created_by`, `created_at`)
SELECT 'pay_' || substr(`id`, 5), `account_id`, `id`, `customer_id`,
  coalesce(json_extract(`totals`, '$.amount_due'), json_extract(`totals`, '$.total')), `currency`,
  substr(`paid_at`, 1, 10), NULL, NULL, 'Recorded by mark-paid', `created_by`, `paid_at`
FROM `documents`
WHERE `paid_at` IS NOT NULL AND `status` IN ('paid', 'archived')
  AND coalesce(json_extract(`totals`, '$.amount_due'), json_extract(`totals`, '$.total')) NOT GLOB '-*'
  AND coalesce(json_extract(`totals`, '$.amount_due'), json_extract(`totals`, '$.total')) GLOB '*[1-9]*';--> statement-breakpoint
UPDATE `documents` SET `amount_paid` = (SELECT `amount` FROM `payments` WHERE `payments`.`document_id` = `documents`.`id`)
WHERE `id` IN (SELECT `document_id` FROM `payments`);
