-- Where a membership came from: the office whose work for a client made it (docs/office.md "Who in the office
-- reaches a client"); null for the others. It ends when its person is no longer in that office.
ALTER TABLE "workspace_members" ADD COLUMN "via_office_id" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_via_office_id_accounts_id_fk" FOREIGN KEY ("via_office_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;