-- Deleted drafts whose sequence number could not be given back (a later number was taken since): the gap
-- in the numbering, with who deleted the draft and when, for the tax auditor (GoBD; docs/documents.md "Numbers").
CREATE TABLE "numbering_gaps" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"sequence_id" text COLLATE "C" NOT NULL,
	"number" text COLLATE "C" NOT NULL,
	"document_id" text COLLATE "C" NOT NULL,
	"document_type" text COLLATE "C" NOT NULL,
	"issue_date" text COLLATE "C" NOT NULL,
	"deleted_by" text COLLATE "C" NOT NULL,
	"deleted_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "numbering_gaps" ADD CONSTRAINT "numbering_gaps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "numbering_gaps_sequence_idx" ON "numbering_gaps" USING btree ("account_id","sequence_id","id");--> statement-breakpoint
CREATE INDEX "numbering_gaps_issue_date_idx" ON "numbering_gaps" USING btree ("account_id","issue_date");