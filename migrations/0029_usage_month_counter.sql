CREATE TABLE `usage_month_counters` (
	`account_id` text NOT NULL,
	`month` text NOT NULL,
	`renders` integer NOT NULL,
	`overage_renders` integer NOT NULL,
	PRIMARY KEY(`account_id`, `month`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `usage_events_hold_idx` ON `usage_events` (`account_id`,`pending_until`);--> statement-breakpoint
INSERT INTO `usage_month_counters` (`account_id`, `month`, `renders`, `overage_renders`) SELECT `account_id`, substr(`created_at`, 1, 7), count(*), coalesce(sum(`overage`), 0) FROM `usage_events` WHERE `pending_until` IS NULL GROUP BY `account_id`, substr(`created_at`, 1, 7);
