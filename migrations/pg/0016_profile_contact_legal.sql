-- EN 16931 BT-41 and BT-33 of a business profile: the contact person buyers ask about invoices, and
-- additional legal information (seat, share capital), copied into the seller of its documents.
ALTER TABLE "business_profiles" ADD COLUMN "contact_name" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "business_profiles" ADD COLUMN "legal_info" text COLLATE "C";
