CREATE INDEX "documents_source_idx" ON "documents" USING btree ("account_id","source_document_id");--> statement-breakpoint
-- SQLite's json_each(json_text, '$.path') over an array of objects, as the service's SQL uses it (the
-- reports' tax groups, each member read with ->>): one row per element, `key` its index and `value` the
-- element as jsonb (read once into a tree, so its members cost no second reading); nothing for a missing
-- path or anything but an array. ROWS: a few elements each, so a page of documents is not planned as a
-- million rows, which made PostgreSQL compile the statement (JIT, 0.7 s each time); STRICT keeps it a
-- function call, not inlined into the statement, where that estimate would be jsonb_array_elements' 100.
CREATE OR REPLACE FUNCTION json_each(document text, path text) RETURNS TABLE ("key" bigint, "value" jsonb)
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ROWS 4
  AS $$ SELECT e.i - 1, e.v
    FROM (SELECT (document::jsonb) #> string_to_array(substr(path, 3), '.') AS a) AS x,
      jsonb_array_elements(CASE WHEN jsonb_typeof(x.a) = 'array' THEN x.a END) WITH ORDINALITY AS e(v, i) $$;
--> statement-breakpoint
-- The same two over a document read into jsonb once (`jsonb(totals)` in a statement: SQLite's jsonb(), on
-- PostgreSQL a cast), so a statement that reads several members of a row's JSON parses its text once.
CREATE OR REPLACE FUNCTION json_extract(document jsonb, path text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT document #>> string_to_array(substr(path, 3), '.') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION json_each(document jsonb, path text) RETURNS TABLE ("key" bigint, "value" jsonb)
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ROWS 4
  AS $$ SELECT e.i - 1, e.v
    FROM (SELECT document #> string_to_array(substr(path, 3), '.') AS a) AS x,
      jsonb_array_elements(CASE WHEN jsonb_typeof(x.a) = 'array' THEN x.a END) WITH ORDINALITY AS e(v, i) $$;
