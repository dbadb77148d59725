PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_idempotency_keys` (
	`account_id` text NOT NULL,
	`principal` text DEFAULT 'account' NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`response_status` integer,
	`response_headers` text,
	`response_body` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`account_id`, `principal`, `key`)
);
--> statement-breakpoint
INSERT INTO `__new_idempotency_keys`("account_id", "key", "request_hash", "response_status", "response_headers", "response_body", "created_at") SELECT "account_id", "key", "request_hash", "response_status", "response_headers", "response_body", "created_at" FROM `idempotency_keys`;--> statement-breakpoint
DROP TABLE `idempotency_keys`;--> statement-breakpoint
ALTER TABLE `__new_idempotency_keys` RENAME TO `idempotency_keys`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `imports` ADD `created_by` text;