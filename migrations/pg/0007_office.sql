CREATE TABLE "datev_exports" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"from" text COLLATE "C" NOT NULL,
	"to" text COLLATE "C" NOT NULL,
	"entries" bigint NOT NULL,
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_exports" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"user_id" text COLLATE "C",
	"status" text COLLATE "C" NOT NULL,
	"from" text COLLATE "C" NOT NULL,
	"to" text COLLATE "C" NOT NULL,
	"client_ids" text COLLATE "C" NOT NULL,
	"results" text COLLATE "C",
	"created_by" text COLLATE "C",
	"blob_key" text COLLATE "C",
	"size_bytes" bigint,
	"error_message" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL,
	"completed_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "user_accounts" (
	"user_id" text COLLATE "C" NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"last_used_at" text COLLATE "C"
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "office" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "account_id" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "datev_exports" ADD CONSTRAINT "datev_exports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_exports" ADD CONSTRAINT "office_exports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "datev_exports_account_idx" ON "datev_exports" USING btree ("account_id","kind","to");--> statement-breakpoint
CREATE UNIQUE INDEX "user_accounts_uq" ON "user_accounts" USING btree ("user_id","account_id");--> statement-breakpoint
CREATE INDEX "user_accounts_account_idx" ON "user_accounts" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "user_accounts" ("user_id", "account_id", "created_at") SELECT "id", "account_id", "created_at" FROM "users";--> statement-breakpoint
UPDATE "accounts" SET "office" = 1 WHERE "id" = (SELECT "id" FROM "accounts" WHERE "plan_id" = 'plan_self_hosted' ORDER BY "created_at", "id" LIMIT 1);