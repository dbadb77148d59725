CREATE TABLE "cost_centre_documents" (
	"document_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"cost_centre_id" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_centres" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"code" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cost_centre_documents" ADD CONSTRAINT "cost_centre_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centre_documents" ADD CONSTRAINT "cost_centre_documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centre_documents" ADD CONSTRAINT "cost_centre_documents_cost_centre_id_cost_centres_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centres" ADD CONSTRAINT "cost_centres_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cost_centre_documents_centre_idx" ON "cost_centre_documents" USING btree ("account_id","cost_centre_id","document_id");--> statement-breakpoint
CREATE INDEX "cost_centres_account_idx" ON "cost_centres" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centres_code_uq" ON "cost_centres" USING btree ("account_id","code");