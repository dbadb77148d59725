CREATE TABLE "channel_connections" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"channel" text COLLATE "C" NOT NULL,
	"enabled" integer NOT NULL,
	"base_url" text COLLATE "C",
	"settings" text COLLATE "C" NOT NULL,
	"sealed_secrets" text COLLATE "C",
	"secret_names" text COLLATE "C" NOT NULL,
	"webhook_token_hash" text COLLATE "C",
	"poll_cursor" text COLLATE "C",
	"last_polled_at" text COLLATE "C",
	"last_poll_error" text COLLATE "C",
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_deliveries" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"document_id" text COLLATE "C" NOT NULL,
	"channel" text COLLATE "C" NOT NULL,
	"network" text COLLATE "C" NOT NULL,
	"profile" text COLLATE "C" NOT NULL,
	"receiver_scheme" text COLLATE "C" NOT NULL,
	"receiver_value" text COLLATE "C" NOT NULL,
	"state" text COLLATE "C" NOT NULL,
	"provider_ref" text COLLATE "C",
	"idempotency_key" text COLLATE "C" NOT NULL,
	"reason" text COLLATE "C",
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_delivery_events" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"delivery_id" text COLLATE "C" NOT NULL,
	"state" text COLLATE "C" NOT NULL,
	"at" text COLLATE "C" NOT NULL,
	"reason" text COLLATE "C",
	"receipt_content_type" text COLLATE "C",
	"receipt" text COLLATE "C",
	"digest" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_received" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"received_id" text COLLATE "C" NOT NULL,
	"channel" text COLLATE "C" NOT NULL,
	"provider_ref" text COLLATE "C" NOT NULL,
	"sender_scheme" text COLLATE "C",
	"sender_value" text COLLATE "C",
	"transport" text COLLATE "C" NOT NULL,
	"receipt_content_type" text COLLATE "C",
	"receipt" text COLLATE "C",
	"response" text COLLATE "C",
	"response_reason" text COLLATE "C",
	"responded_at" text COLLATE "C",
	"response_receipt" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peppol_lookups" (
	"scheme" text COLLATE "C" NOT NULL,
	"value" text COLLATE "C" NOT NULL,
	"registered" integer,
	"invoice" integer,
	"credit_note" integer,
	"xrechnung_ubl" integer,
	"xrechnung_cii" integer,
	"smp_url" text COLLATE "C",
	"checked_at" text COLLATE "C" NOT NULL,
	"error" text COLLATE "C",
	CONSTRAINT "peppol_lookups_scheme_value_pk" PRIMARY KEY("scheme","value")
);
--> statement-breakpoint
ALTER TABLE "channel_connections" ADD CONSTRAINT "channel_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_deliveries" ADD CONSTRAINT "network_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_delivery_events" ADD CONSTRAINT "network_delivery_events_delivery_id_network_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."network_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_received" ADD CONSTRAINT "network_received_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_connections_uq" ON "channel_connections" USING btree ("account_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_connections_webhook_uq" ON "channel_connections" USING btree ("webhook_token_hash");--> statement-breakpoint
CREATE INDEX "network_deliveries_document_idx" ON "network_deliveries" USING btree ("account_id","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "network_deliveries_provider_uq" ON "network_deliveries" USING btree ("account_id","channel","provider_ref");--> statement-breakpoint
CREATE INDEX "network_delivery_events_delivery_idx" ON "network_delivery_events" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "network_delivery_events_digest_uq" ON "network_delivery_events" USING btree ("delivery_id","digest");--> statement-breakpoint
CREATE UNIQUE INDEX "network_received_provider_uq" ON "network_received" USING btree ("account_id","channel","provider_ref");--> statement-breakpoint
CREATE INDEX "network_received_received_idx" ON "network_received" USING btree ("account_id","received_id");