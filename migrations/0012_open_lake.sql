ALTER TABLE `received_documents` ADD `source` text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE `received_documents` ADD `source_file_name` text;--> statement-breakpoint
ALTER TABLE `received_documents` ADD `source_email` text;