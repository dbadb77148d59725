ALTER TABLE `business_profiles` ADD `electronic_address` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `electronic_address` text;