ALTER TABLE `deliveries` ADD `mail_amount` text;--> statement-breakpoint
ALTER TABLE `deliveries` ADD `mail_due_date` text;