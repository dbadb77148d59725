CREATE TABLE "accounting_settings" (
	"account_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"settings" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"plan_id" text COLLATE "C" NOT NULL,
	"disabled_at" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"lookup" text COLLATE "C" NOT NULL,
	"secret_hash" text COLLATE "C" NOT NULL,
	"last4" text COLLATE "C" NOT NULL,
	"workspace_member_id" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"revoked_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "batch_items" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"batch_id" text COLLATE "C" NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"position" bigint NOT NULL,
	"external_id" text COLLATE "C",
	"document_type" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"data" text COLLATE "C",
	"render_id" text COLLATE "C",
	"error_message" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"operation" text COLLATE "C" NOT NULL,
	"template_id" text COLLATE "C" NOT NULL,
	"template_version" bigint,
	"output" text COLLATE "C" NOT NULL,
	"total_items" bigint NOT NULL,
	"completed_items" bigint DEFAULT 0 NOT NULL,
	"failed_items" bigint DEFAULT 0 NOT NULL,
	"combined_blob_key" text COLLATE "C",
	"error_message" text COLLATE "C",
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL,
	"completed_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "billing_accounts" (
	"account_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"provider_customer_id" text COLLATE "C",
	"subscription_id" text COLLATE "C",
	"subscription_status" text COLLATE "C",
	"subscription_price_id" text COLLATE "C",
	"current_period_end" text COLLATE "C",
	"last_event_created" bigint,
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_webhook_events" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"type" text COLLATE "C" NOT NULL,
	"account_id" text COLLATE "C",
	"outcome" text COLLATE "C" NOT NULL,
	"received_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branding_profiles" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"is_default" integer NOT NULL,
	"logo_file_id" text COLLATE "C",
	"primary_color" text COLLATE "C" NOT NULL,
	"accent_color" text COLLATE "C" NOT NULL,
	"primary_color_chosen" integer DEFAULT 0 NOT NULL,
	"accent_color_chosen" integer DEFAULT 0 NOT NULL,
	"font_family" text COLLATE "C",
	"header_text" text COLLATE "C",
	"footer_text" text COLLATE "C" NOT NULL,
	"hide_service_branding" integer NOT NULL,
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_profiles" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"legal_name" text COLLATE "C" NOT NULL,
	"display_name" text COLLATE "C",
	"email" text COLLATE "C",
	"phone" text COLLATE "C",
	"website" text COLLATE "C",
	"tax_id" text COLLATE "C",
	"address" text COLLATE "C",
	"default_currency" text COLLATE "C",
	"default_locale" text COLLATE "C",
	"default_timezone" text COLLATE "C",
	"logo_file_id" text COLLATE "C",
	"electronic_address" text COLLATE "C",
	"bank_account" text COLLATE "C",
	"tax_number" text COLLATE "C",
	"registration_number" text COLLATE "C",
	"managing_directors" text COLLATE "C",
	"default_page_size" text COLLATE "C",
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creditor_numbers" (
	"account_id" text COLLATE "C" NOT NULL,
	"supplier_key" text COLLATE "C" NOT NULL,
	"number" bigint NOT NULL,
	"name" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_templates" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"description" text COLLATE "C",
	"base_template_id" text COLLATE "C" NOT NULL,
	"config" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"is_default" integer NOT NULL,
	"next_version" bigint NOT NULL,
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL,
	"published_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"email" text COLLATE "C",
	"phone" text COLLATE "C",
	"tax_id" text COLLATE "C",
	"billing_address" text COLLATE "C",
	"shipping_address" text COLLATE "C",
	"metadata" text COLLATE "C",
	"electronic_address" text COLLATE "C",
	"buyer_reference" text COLLATE "C",
	"einvoice_profile" text COLLATE "C",
	"debtor_number" bigint,
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"document_id" text COLLATE "C" NOT NULL,
	"to" text COLLATE "C" NOT NULL,
	"cc" text COLLATE "C" NOT NULL,
	"bcc" text COLLATE "C" NOT NULL,
	"subject" text COLLATE "C" NOT NULL,
	"message" text COLLATE "C",
	"attach_pdf" integer NOT NULL,
	"einvoice_profile" text COLLATE "C",
	"letter_blob_key" text COLLATE "C",
	"letter_filename" text COLLATE "C",
	"render_id" text COLLATE "C",
	"status" text COLLATE "C" NOT NULL,
	"error_message" text COLLATE "C",
	"retry_of" text COLLATE "C",
	"message_id" text COLLATE "C",
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL,
	"sent_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "document_disputes" (
	"document_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"note" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"document_type" text COLLATE "C" NOT NULL,
	"number" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"issue_date" text COLLATE "C" NOT NULL,
	"due_date" text COLLATE "C",
	"currency" text COLLATE "C" NOT NULL,
	"locale" text COLLATE "C",
	"business_profile_id" text COLLATE "C" NOT NULL,
	"customer_id" text COLLATE "C" NOT NULL,
	"source_document_id" text COLLATE "C",
	"reason" text COLLATE "C",
	"numbering_sequence_id" text COLLATE "C",
	"data" text COLLATE "C" NOT NULL,
	"totals" text COLLATE "C" NOT NULL,
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL,
	"finalized_at" text COLLATE "C",
	"sent_at" text COLLATE "C",
	"paid_at" text COLLATE "C",
	"voided_at" text COLLATE "C",
	"archived_at" text COLLATE "C",
	"amount_paid" text COLLATE "C" DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dunning_policies" (
	"account_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"enabled" integer NOT NULL,
	"levels" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_archives" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"from" text COLLATE "C" NOT NULL,
	"to" text COLLATE "C" NOT NULL,
	"created_by" text COLLATE "C",
	"blob_key" text COLLATE "C",
	"size_bytes" bigint,
	"error_message" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL,
	"completed_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"filename" text COLLATE "C" NOT NULL,
	"content_type" text COLLATE "C" NOT NULL,
	"size_bytes" bigint NOT NULL,
	"blob_key" text COLLATE "C" NOT NULL,
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"account_id" text COLLATE "C" NOT NULL,
	"principal" text COLLATE "C" DEFAULT 'account' NOT NULL,
	"key" text COLLATE "C" NOT NULL,
	"request_hash" text COLLATE "C" NOT NULL,
	"response_status" bigint,
	"response_headers" text COLLATE "C",
	"response_body" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_principal_key_pk" PRIMARY KEY("account_id","principal","key")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"resource" text COLLATE "C" NOT NULL,
	"source_format" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"total_rows" bigint NOT NULL,
	"imported_rows" bigint NOT NULL,
	"failed_rows" bigint NOT NULL,
	"errors" text COLLATE "C",
	"valid_rows" text COLLATE "C",
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL,
	"completed_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"token_hash" text COLLATE "C" NOT NULL,
	"email" text COLLATE "C",
	"workspace_id" text COLLATE "C",
	"role" text COLLATE "C",
	"user_id" text COLLATE "C",
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"expires_at" text COLLATE "C" NOT NULL,
	"used_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"run_key" text COLLATE "C",
	"payload" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"max_attempts" bigint NOT NULL,
	"run_at" text COLLATE "C" NOT NULL,
	"lease_until" text COLLATE "C",
	"last_error" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL,
	"finished_at" text COLLATE "C",
	CONSTRAINT "jobs_run_key_unique" UNIQUE("run_key")
);
--> statement-breakpoint
CREATE TABLE "numbering_sequences" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"prefix" text COLLATE "C" NOT NULL,
	"pattern" text COLLATE "C" NOT NULL,
	"reset" text COLLATE "C" NOT NULL,
	"next_number" bigint NOT NULL,
	"period" text COLLATE "C",
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "overage_settings" (
	"account_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"enabled" integer NOT NULL,
	"cap" bigint,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"document_id" text COLLATE "C" NOT NULL,
	"customer_id" text COLLATE "C" NOT NULL,
	"amount" text COLLATE "C" NOT NULL,
	"currency" text COLLATE "C" NOT NULL,
	"date" text COLLATE "C" NOT NULL,
	"method" text COLLATE "C",
	"reference" text COLLATE "C",
	"note" text COLLATE "C",
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"price_id" text COLLATE "C",
	"monthly_render_quota" bigint NOT NULL,
	"requests_per_second" bigint NOT NULL,
	"overage_cents_per_render" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"description" text COLLATE "C",
	"unit_code" text COLLATE "C",
	"unit_price" text COLLATE "C",
	"tax_rate" text COLLATE "C",
	"tax_category" text COLLATE "C",
	"currency" text COLLATE "C",
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "received_documents" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"syntax" text COLLATE "C" NOT NULL,
	"profile" text COLLATE "C",
	"customization_id" text COLLATE "C",
	"document_type" text COLLATE "C" NOT NULL,
	"type_code" text COLLATE "C" NOT NULL,
	"invoice_number" text COLLATE "C",
	"issue_date" text COLLATE "C",
	"due_date" text COLLATE "C",
	"currency" text COLLATE "C" NOT NULL,
	"seller_name" text COLLATE "C",
	"seller_tax_id" text COLLATE "C",
	"seller_electronic_address" text COLLATE "C",
	"total" text COLLATE "C" NOT NULL,
	"amount_due" text COLLATE "C" NOT NULL,
	"amount_paid" text COLLATE "C" DEFAULT '0' NOT NULL,
	"format" text COLLATE "C",
	"valid" integer,
	"compliance" text COLLATE "C",
	"data" text COLLATE "C" NOT NULL,
	"totals" text COLLATE "C" NOT NULL,
	"warnings" text COLLATE "C" NOT NULL,
	"duplicate_of" text COLLATE "C",
	"sha256" text COLLATE "C" NOT NULL,
	"content_type" text COLLATE "C" NOT NULL,
	"size_bytes" bigint NOT NULL,
	"blob_key" text COLLATE "C" NOT NULL,
	"note" text COLLATE "C",
	"source" text COLLATE "C" DEFAULT 'upload' NOT NULL,
	"source_file_name" text COLLATE "C",
	"source_email" text COLLATE "C",
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "received_payments" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"received_document_id" text COLLATE "C" NOT NULL,
	"amount" text COLLATE "C" NOT NULL,
	"currency" text COLLATE "C" NOT NULL,
	"date" text COLLATE "C" NOT NULL,
	"method" text COLLATE "C",
	"reference" text COLLATE "C",
	"note" text COLLATE "C",
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_invoices" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"business_profile_id" text COLLATE "C" NOT NULL,
	"customer_id" text COLLATE "C" NOT NULL,
	"frequency" text COLLATE "C" NOT NULL,
	"interval" bigint NOT NULL,
	"start_date" text COLLATE "C" NOT NULL,
	"next_occurrence_date" text COLLATE "C",
	"end_date" text COLLATE "C",
	"occurrences_created" bigint DEFAULT 0 NOT NULL,
	"max_occurrences" bigint,
	"numbering_sequence_id" text COLLATE "C",
	"auto_finalize" integer NOT NULL,
	"invoice_template" text COLLATE "C" NOT NULL,
	"last_error" text COLLATE "C",
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_occurrences" (
	"recurring_invoice_id" text COLLATE "C" NOT NULL,
	"occurrence_date" text COLLATE "C" NOT NULL,
	"document_id" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"document_id" text COLLATE "C" NOT NULL,
	"level" bigint NOT NULL,
	"fee" text COLLATE "C" NOT NULL,
	"amount_due" text COLLATE "C" NOT NULL,
	"currency" text COLLATE "C" NOT NULL,
	"sent_on" text COLLATE "C" NOT NULL,
	"pay_by" text COLLATE "C" NOT NULL,
	"delivery_id" text COLLATE "C" NOT NULL,
	"letter_blob_key" text COLLATE "C" NOT NULL,
	"created_by" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renders" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"document_id" text COLLATE "C",
	"document_type" text COLLATE "C" NOT NULL,
	"format" text COLLATE "C" NOT NULL,
	"template_id" text COLLATE "C" NOT NULL,
	"template_version" bigint,
	"page_size" text COLLATE "C" NOT NULL,
	"blob_key" text COLLATE "C" NOT NULL,
	"size_bytes" bigint NOT NULL,
	"calculation" text COLLATE "C" NOT NULL,
	"compliance" text COLLATE "C",
	"expires_at" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"token_hash" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"last_seen_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_versions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"template_id" text COLLATE "C" NOT NULL,
	"version" bigint NOT NULL,
	"label" text COLLATE "C",
	"changelog" text COLLATE "C",
	"config" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"render_id" text COLLATE "C" NOT NULL,
	"overage" integer DEFAULT 0 NOT NULL,
	"pending_until" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"email" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"password_hash" text COLLATE "C",
	"password_changed_at" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"email" text COLLATE "C" NOT NULL,
	"role" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD CONSTRAINT "accounting_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branding_profiles" ADD CONSTRAINT "branding_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD CONSTRAINT "business_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creditor_numbers" ADD CONSTRAINT "creditor_numbers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_templates" ADD CONSTRAINT "custom_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_disputes" ADD CONSTRAINT "document_disputes_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_disputes" ADD CONSTRAINT "document_disputes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_business_profile_id_business_profiles_id_fk" FOREIGN KEY ("business_profile_id") REFERENCES "public"."business_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_policies" ADD CONSTRAINT "dunning_policies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_archives" ADD CONSTRAINT "export_archives_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "numbering_sequences" ADD CONSTRAINT "numbering_sequences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overage_settings" ADD CONSTRAINT "overage_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_documents" ADD CONSTRAINT "received_documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_payments" ADD CONSTRAINT "received_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_payments" ADD CONSTRAINT "received_payments_received_document_id_received_documents_id_fk" FOREIGN KEY ("received_document_id") REFERENCES "public"."received_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_business_profile_id_business_profiles_id_fk" FOREIGN KEY ("business_profile_id") REFERENCES "public"."business_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_recurring_invoice_id_recurring_invoices_id_fk" FOREIGN KEY ("recurring_invoice_id") REFERENCES "public"."recurring_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renders" ADD CONSTRAINT "renders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_lookup_uq" ON "api_keys" USING btree ("lookup");--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "api_keys_member_idx" ON "api_keys" USING btree ("workspace_member_id");--> statement-breakpoint
CREATE INDEX "batch_items_order_idx" ON "batch_items" USING btree ("batch_id","position");--> statement-breakpoint
CREATE INDEX "batch_items_status_idx" ON "batch_items" USING btree ("batch_id","status","position");--> statement-breakpoint
CREATE INDEX "batches_account_idx" ON "batches" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_accounts_customer_uq" ON "billing_accounts" USING btree ("provider_customer_id");--> statement-breakpoint
CREATE INDEX "branding_profiles_account_idx" ON "branding_profiles" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "branding_profiles_default_uq" ON "branding_profiles" USING btree ("account_id") WHERE "is_default" = 1;--> statement-breakpoint
CREATE INDEX "business_profiles_account_idx" ON "business_profiles" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "creditor_numbers_supplier_uq" ON "creditor_numbers" USING btree ("account_id","supplier_key");--> statement-breakpoint
CREATE UNIQUE INDEX "creditor_numbers_number_uq" ON "creditor_numbers" USING btree ("account_id","number");--> statement-breakpoint
CREATE INDEX "custom_templates_account_idx" ON "custom_templates" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_templates_default_uq" ON "custom_templates" USING btree ("account_id") WHERE "is_default" = 1;--> statement-breakpoint
CREATE INDEX "customers_account_idx" ON "customers" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_debtor_number_uq" ON "customers" USING btree ("account_id","debtor_number");--> statement-breakpoint
CREATE INDEX "deliveries_account_idx" ON "deliveries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "deliveries_document_idx" ON "deliveries" USING btree ("account_id","document_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_number_uq" ON "documents" USING btree ("account_id","number");--> statement-breakpoint
CREATE INDEX "documents_account_idx" ON "documents" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "documents_customer_idx" ON "documents" USING btree ("account_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "documents_updated_idx" ON "documents" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "files_account_idx" ON "files" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "imports_account_idx" ON "imports" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_uq" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_account_idx" ON "invitations" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","kind","run_at");--> statement-breakpoint
CREATE INDEX "numbering_sequences_account_idx" ON "numbering_sequences" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "payments_document_idx" ON "payments" USING btree ("account_id","document_id","id");--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("account_id","date");--> statement-breakpoint
CREATE INDEX "products_account_idx" ON "products" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "received_documents_account_idx" ON "received_documents" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "received_documents_sha_idx" ON "received_documents" USING btree ("account_id","sha256");--> statement-breakpoint
CREATE INDEX "received_documents_identity_idx" ON "received_documents" USING btree ("account_id","invoice_number","issue_date");--> statement-breakpoint
CREATE INDEX "received_payments_document_idx" ON "received_payments" USING btree ("account_id","received_document_id","id");--> statement-breakpoint
CREATE INDEX "recurring_account_idx" ON "recurring_invoices" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "recurring_due_idx" ON "recurring_invoices" USING btree ("status","next_occurrence_date");--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_occurrences_uq" ON "recurring_occurrences" USING btree ("recurring_invoice_id","occurrence_date");--> statement-breakpoint
CREATE INDEX "recurring_occurrences_doc_idx" ON "recurring_occurrences" USING btree ("recurring_invoice_id","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_document_level_uq" ON "reminders" USING btree ("document_id","level");--> statement-breakpoint
CREATE INDEX "reminders_document_idx" ON "reminders" USING btree ("account_id","document_id","id");--> statement-breakpoint
CREATE INDEX "renders_account_idx" ON "renders" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "renders_expiry_idx" ON "renders" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "renders_document_idx" ON "renders" USING btree ("account_id","document_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "template_versions_number_uq" ON "template_versions" USING btree ("template_id","version");--> statement-breakpoint
CREATE INDEX "usage_events_account_idx" ON "usage_events" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "usage_events_month_idx" ON "usage_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_account_idx" ON "users" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_email_uq" ON "workspace_members" USING btree ("workspace_id","email");--> statement-breakpoint
CREATE INDEX "workspaces_account_idx" ON "workspaces" USING btree ("account_id","id");