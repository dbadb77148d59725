CREATE TABLE "issued_files" (
	"account_id" text COLLATE "C" NOT NULL,
	"document_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"profile" text COLLATE "C" NOT NULL,
	"blob_key" text COLLATE "C" NOT NULL,
	"content_type" text COLLATE "C" NOT NULL,
	"sha256" text COLLATE "C" NOT NULL,
	"size_bytes" bigint NOT NULL,
	"first_use" text COLLATE "C" NOT NULL,
	"template_id" text COLLATE "C",
	"template_version" bigint,
	"page_size" text COLLATE "C",
	"compliance" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	CONSTRAINT "issued_files_document_id_kind_profile_pk" PRIMARY KEY("document_id","kind","profile")
);
--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "copy" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "issued_files" ADD CONSTRAINT "issued_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_files" ADD CONSTRAINT "issued_files_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issued_files_account_idx" ON "issued_files" USING btree ("account_id","document_id");