ALTER TABLE "deliveries" ADD COLUMN "mail_amount" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "mail_due_date" text COLLATE "C";