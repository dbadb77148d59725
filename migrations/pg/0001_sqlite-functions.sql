-- The two SQLite functions the service's SQL uses, so the query builder's SQL means the same on PostgreSQL:
-- instr(haystack, needle) is strpos; json_extract(json_text, '$.a.b') reads a path from a JSON text column
-- as text (the service keeps JSON in text columns and reads only string values this way).
CREATE OR REPLACE FUNCTION instr(haystack text, needle text) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT strpos(haystack, needle) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION json_extract(document text, path text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT (document::jsonb) #>> string_to_array(substr(path, 3), '.') $$;
