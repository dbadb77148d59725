-- Deleted drafts whose sequence number could not be given back (a later number was taken since): the gap
-- in the numbering, with who deleted the draft and when, for the tax auditor (GoBD; docs/documents.md "Numbers").
CREATE TABLE `numbering_gaps` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`sequence_id` text NOT NULL,
	`number` text NOT NULL,
	`document_id` text NOT NULL,
	`document_type` text NOT NULL,
	`issue_date` text NOT NULL,
	`deleted_by` text NOT NULL,
	`deleted_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `numbering_gaps_sequence_idx` ON `numbering_gaps` (`account_id`,`sequence_id`,`id`);--> statement-breakpoint
CREATE INDEX `numbering_gaps_issue_date_idx` ON `numbering_gaps` (`account_id`,`issue_date`);