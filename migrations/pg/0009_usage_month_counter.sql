CREATE TABLE "usage_month_counters" (
	"account_id" text COLLATE "C" NOT NULL,
	"month" text COLLATE "C" NOT NULL,
	"renders" bigint NOT NULL,
	"overage_renders" bigint NOT NULL,
	CONSTRAINT "usage_month_counters_account_id_month_pk" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
ALTER TABLE "usage_month_counters" ADD CONSTRAINT "usage_month_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_events_hold_idx" ON "usage_events" USING btree ("account_id","pending_until");--> statement-breakpoint
INSERT INTO "usage_month_counters" ("account_id", "month", "renders", "overage_renders") SELECT "account_id", substr("created_at", 1, 7), count(*), coalesce(sum("overage"), 0) FROM "usage_events" WHERE "pending_until" IS NULL GROUP BY "account_id", substr("created_at", 1, 7);
