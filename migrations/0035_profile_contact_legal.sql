-- EN 16931 BT-41 and BT-33 of a business profile: the contact person buyers ask about invoices, and
-- additional legal information (seat, share capital), copied into the seller of its documents.
ALTER TABLE `business_profiles` ADD `contact_name` text;--> statement-breakpoint
ALTER TABLE `business_profiles` ADD `legal_info` text;
