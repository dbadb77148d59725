ALTER TABLE `business_profiles` ADD `bank_account` text;--> statement-breakpoint
ALTER TABLE `business_profiles` ADD `tax_number` text;--> statement-breakpoint
ALTER TABLE `business_profiles` ADD `registration_number` text;--> statement-breakpoint
ALTER TABLE `business_profiles` ADD `managing_directors` text;--> statement-breakpoint
ALTER TABLE `business_profiles` ADD `default_page_size` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `buyer_reference` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `einvoice_profile` text;--> statement-breakpoint
ALTER TABLE `deliveries` ADD `einvoice_profile` text;