-- What a network delivery's reason and last error are, and an event's (delivery-channel.ts CHANNEL_REASONS),
-- for a console to say in its language beside the provider's words; null when unknown (older rows).
ALTER TABLE "network_deliveries" ADD COLUMN "reason_code" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "network_deliveries" ADD COLUMN "last_error_code" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "network_delivery_events" ADD COLUMN "reason_code" text COLLATE "C";