-- What a network delivery's reason and last error are, and an event's (delivery-channel.ts CHANNEL_REASONS),
-- for a console to say in its language beside the provider's words; null when unknown (older rows).
ALTER TABLE `network_deliveries` ADD `reason_code` text;--> statement-breakpoint
ALTER TABLE `network_deliveries` ADD `last_error_code` text;--> statement-breakpoint
ALTER TABLE `network_delivery_events` ADD `reason_code` text;