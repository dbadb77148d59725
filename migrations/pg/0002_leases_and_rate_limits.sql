CREATE TABLE "leases" (
	"name" text COLLATE "C" PRIMARY KEY NOT NULL,
	"holder" text COLLATE "C" NOT NULL,
	"until" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"key" text COLLATE "C" NOT NULL,
	"window_start" bigint NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "rate_limit_windows_key_window_start_pk" PRIMARY KEY("key","window_start")
);
