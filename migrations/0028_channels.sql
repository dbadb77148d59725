CREATE TABLE `channel_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`channel` text NOT NULL,
	`enabled` integer NOT NULL,
	`base_url` text,
	`settings` text NOT NULL,
	`sealed_secrets` text,
	`secret_names` text NOT NULL,
	`webhook_token_hash` text,
	`poll_cursor` text,
	`last_polled_at` text,
	`last_poll_error` text,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channel_connections_uq` ON `channel_connections` (`account_id`,`channel`);--> statement-breakpoint
CREATE UNIQUE INDEX `channel_connections_webhook_uq` ON `channel_connections` (`webhook_token_hash`);--> statement-breakpoint
CREATE TABLE `network_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`document_id` text NOT NULL,
	`channel` text NOT NULL,
	`network` text NOT NULL,
	`profile` text NOT NULL,
	`receiver_scheme` text NOT NULL,
	`receiver_value` text NOT NULL,
	`state` text NOT NULL,
	`provider_ref` text,
	`idempotency_key` text NOT NULL,
	`reason` text,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `network_deliveries_document_idx` ON `network_deliveries` (`account_id`,`document_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `network_deliveries_provider_uq` ON `network_deliveries` (`account_id`,`channel`,`provider_ref`);--> statement-breakpoint
CREATE TABLE `network_delivery_events` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`delivery_id` text NOT NULL,
	`state` text NOT NULL,
	`at` text NOT NULL,
	`reason` text,
	`receipt_content_type` text,
	`receipt` text,
	`digest` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`delivery_id`) REFERENCES `network_deliveries`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `network_delivery_events_delivery_idx` ON `network_delivery_events` (`delivery_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `network_delivery_events_digest_uq` ON `network_delivery_events` (`delivery_id`,`digest`);--> statement-breakpoint
CREATE TABLE `network_received` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`received_id` text NOT NULL,
	`channel` text NOT NULL,
	`provider_ref` text NOT NULL,
	`sender_scheme` text,
	`sender_value` text,
	`transport` text NOT NULL,
	`receipt_content_type` text,
	`receipt` text,
	`response` text,
	`response_reason` text,
	`responded_at` text,
	`response_receipt` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `network_received_provider_uq` ON `network_received` (`account_id`,`channel`,`provider_ref`);--> statement-breakpoint
CREATE INDEX `network_received_received_idx` ON `network_received` (`account_id`,`received_id`);--> statement-breakpoint
CREATE TABLE `peppol_lookups` (
	`scheme` text NOT NULL,
	`value` text NOT NULL,
	`registered` integer,
	`invoice` integer,
	`credit_note` integer,
	`xrechnung_ubl` integer,
	`xrechnung_cii` integer,
	`smp_url` text,
	`checked_at` text NOT NULL,
	`error` text,
	PRIMARY KEY(`scheme`, `value`)
);
