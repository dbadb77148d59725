-- No write to documents or payments between the rows' backfill and their triggers (an instance of the
-- previous version still serving while this one migrates): locked against writes until COMMIT.
LOCK TABLE documents, payments IN SHARE ROW EXCLUSIVE MODE
--> statement-breakpoint
CREATE TABLE "receivable_items" (
	"document_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"customer_id" text COLLATE "C" NOT NULL,
	"currency" text COLLATE "C" NOT NULL,
	"document_type" text COLLATE "C" NOT NULL,
	"issue_date" text COLLATE "C" NOT NULL,
	"due_date" text COLLATE "C",
	"open_units" bigint NOT NULL,
	"open_parts" bigint NOT NULL,
	"last_event" text COLLATE "C" NOT NULL,
	"settled_from" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "receivable_items_open_idx" ON "receivable_items" USING btree ("account_id","settled_from","document_id","last_event","issue_date","document_type","customer_id","currency","due_date","open_units","open_parts");
--> statement-breakpoint
-- The receivables' rows kept as documents and payments change: a document's row is written again from
-- receivable_items_now when it, one of its payments, or a credit note naming it changes (a credit note's
-- row when its invoice changes).
-- What each counted invoice and credit note stands at for the receivables (issue 42 §4; docs/reports.md;
-- the table: receivableItems in src/modules/documents/schema.ts), computed from the documents and payments
-- there are: the row `receivable_items` keeps for it. An invoice: its amount due less all its payments and
-- the counted credit notes of its currency that name it, as the receivables report sums them
-- (src/modules/documents/report-sums.ts; amounts split as sql-money.ts splits them), and the latest day
-- any of them is dated. A credit note: its amount, and whether it settles its invoice (a counted invoice of
-- its currency), then dated by the later of the two issue dates. Settled from: that day, for an invoice
-- with nothing open and a credit note that settles its invoice; else never ('9999-99-99'). The same rows
-- as SQLite's view of migration 0032, written with LATERAL so that each part is computed once a row
-- (OFFSET 0 keeps PostgreSQL from copying an expression into every place that reads it).
CREATE VIEW receivable_items_now AS
SELECT x.id AS document_id, x.account_id, x.customer_id, x.currency, x.document_type, x.issue_date, x.due_date,
  o.open_units, o.open_parts, o.last_event,
  CASE WHEN x.document_type = 'invoice' AND o.open_units = 0 AND o.open_parts = 0 THEN o.last_event
    WHEN x.document_type = 'credit_note' AND tg.issue_date IS NOT NULL THEN o.last_event
    ELSE '9999-99-99' END AS settled_from
FROM documents AS x
CROSS JOIN LATERAL (SELECT coalesce(json_extract(x.totals, '$.amount_due'), json_extract(x.totals, '$.total')) AS amount OFFSET 0) AS m
CROSS JOIN LATERAL (SELECT CAST(CASE WHEN instr(m.amount, '.') = 0 THEN m.amount ELSE substr(m.amount, 1, instr(m.amount, '.') - 1) END AS BIGINT) AS au, (CASE WHEN instr(m.amount, '.') = 0 THEN 0 ELSE CAST(substr(substr(m.amount, instr(m.amount, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(m.amount, 1, 1) = '-' THEN -1 ELSE 1 END) END) AS ap OFFSET 0) AS v
CROSS JOIN LATERAL (
  SELECT CAST(coalesce(sum(CAST(CASE WHEN instr(p.amount, '.') = 0 THEN p.amount ELSE substr(p.amount, 1, instr(p.amount, '.') - 1) END AS BIGINT)), 0) AS BIGINT) AS units,
    CAST(coalesce(sum((CASE WHEN instr(p.amount, '.') = 0 THEN 0 ELSE CAST(substr(substr(p.amount, instr(p.amount, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(p.amount, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0) AS BIGINT) AS parts, max(p.date) AS last
  FROM payments AS p
  WHERE x.document_type = 'invoice' AND p.account_id = x.account_id AND p.document_id = x.id) AS pay
CROSS JOIN LATERAL (
  SELECT CAST(coalesce(sum(CAST(CASE WHEN instr(k.amount, '.') = 0 THEN k.amount ELSE substr(k.amount, 1, instr(k.amount, '.') - 1) END AS BIGINT)), 0) AS BIGINT) AS units,
    CAST(coalesce(sum((CASE WHEN instr(k.amount, '.') = 0 THEN 0 ELSE CAST(substr(substr(k.amount, instr(k.amount, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(k.amount, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0) AS BIGINT) AS parts, max(k.issue_date) AS last
  FROM (SELECT coalesce(json_extract(c.totals, '$.amount_due'), json_extract(c.totals, '$.total')) AS amount, c.issue_date FROM documents AS c
    WHERE x.document_type = 'invoice' AND c.account_id = x.account_id AND c.source_document_id = x.id
      AND c.status IN ('finalized', 'sent', 'paid', 'archived') AND c.voided_at IS NULL AND c.document_type = 'credit_note' AND c.currency = x.currency OFFSET 0) AS k) AS cr
LEFT JOIN LATERAL (
  SELECT max(t.issue_date) AS issue_date FROM documents AS t
  WHERE x.document_type = 'credit_note' AND t.account_id = x.account_id AND t.id = x.source_document_id
    AND t.status IN ('finalized', 'sent', 'paid', 'archived') AND t.voided_at IS NULL AND t.document_type = 'invoice' AND t.currency = x.currency) AS tg ON true
CROSS JOIN LATERAL (SELECT v.au - pay.units - cr.units AS units, v.ap - pay.parts - cr.parts AS parts OFFSET 0) AS s
CROSS JOIN LATERAL (
  SELECT s.units + (s.parts - (((s.parts % 10000000000) + 10000000000) % 10000000000)) / 10000000000 AS open_units, (((s.parts % 10000000000) + 10000000000) % 10000000000) AS open_parts,
    greatest(x.issue_date, pay.last, cr.last, tg.issue_date) AS last_event OFFSET 0) AS o
WHERE x.status IN ('finalized', 'sent', 'paid', 'archived') AND x.voided_at IS NULL AND x.document_type IN ('invoice', 'credit_note') AND m.amount IS NOT NULL
--> statement-breakpoint
CREATE OR REPLACE FUNCTION receivable_items_refresh(ids text[]) RETURNS void
  LANGUAGE plpgsql
  -- One plan for the session, not one per call: planning the view's statement costs more than running it.
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  WITH fresh AS MATERIALIZED (SELECT document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from FROM receivable_items_now WHERE document_id = ANY (ids)),
  gone AS (
    DELETE FROM receivable_items AS r WHERE r.document_id = ANY (ids)
      AND NOT EXISTS (SELECT 1 FROM fresh WHERE fresh.document_id = r.document_id))
  INSERT INTO receivable_items (document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from) SELECT document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from FROM fresh
    ON CONFLICT (document_id) DO UPDATE SET account_id = excluded.account_id, customer_id = excluded.customer_id, currency = excluded.currency, document_type = excluded.document_type, issue_date = excluded.issue_date, due_date = excluded.due_date, open_units = excluded.open_units, open_parts = excluded.open_parts, last_event = excluded.last_event, settled_from = excluded.settled_from;
END $$
--> statement-breakpoint
CREATE OR REPLACE FUNCTION receivable_items_keep_payments() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM receivable_items_refresh(ARRAY[NEW.document_id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM receivable_items_refresh(ARRAY[OLD.document_id]);
  ELSIF OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.document_id IS DISTINCT FROM NEW.document_id OR OLD.amount IS DISTINCT FROM NEW.amount OR OLD.date IS DISTINCT FROM NEW.date THEN
    PERFORM receivable_items_refresh(ARRAY[OLD.document_id, NEW.document_id]);
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER receivable_items_keep AFTER INSERT OR DELETE OR UPDATE ON payments
  FOR EACH ROW EXECUTE FUNCTION receivable_items_keep_payments()
--> statement-breakpoint
CREATE OR REPLACE FUNCTION receivable_items_keep_documents() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  ids text[] := ARRAY[]::text[];
BEGIN
  IF TG_OP = 'UPDATE' AND NOT (OLD.id IS DISTINCT FROM NEW.id OR OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.document_type IS DISTINCT FROM NEW.document_type OR OLD.issue_date IS DISTINCT FROM NEW.issue_date OR OLD.due_date IS DISTINCT FROM NEW.due_date OR OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.currency IS DISTINCT FROM NEW.currency OR OLD.totals IS DISTINCT FROM NEW.totals OR OLD.source_document_id IS DISTINCT FROM NEW.source_document_id OR (OLD.status IN ('finalized', 'sent', 'paid', 'archived') AND OLD.voided_at IS NULL) IS DISTINCT FROM (NEW.status IN ('finalized', 'sent', 'paid', 'archived') AND NEW.voided_at IS NULL)) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND (OLD.status IN ('finalized', 'sent', 'paid', 'archived') AND OLD.voided_at IS NULL AND OLD.document_type IN ('invoice', 'credit_note')) THEN
    ids := ids || ARRAY[OLD.id, OLD.source_document_id] || ARRAY(SELECT c.id FROM documents AS c WHERE c.account_id = OLD.account_id AND c.source_document_id = OLD.id);
  END IF;
  IF TG_OP <> 'DELETE' AND (NEW.status IN ('finalized', 'sent', 'paid', 'archived') AND NEW.voided_at IS NULL AND NEW.document_type IN ('invoice', 'credit_note')) THEN
    ids := ids || ARRAY[NEW.id, NEW.source_document_id] || ARRAY(SELECT c.id FROM documents AS c WHERE c.account_id = NEW.account_id AND c.source_document_id = NEW.id);
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM receivable_items_refresh(ids);
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER receivable_items_keep AFTER INSERT OR DELETE OR UPDATE ON documents
  FOR EACH ROW EXECUTE FUNCTION receivable_items_keep_documents()
--> statement-breakpoint
INSERT INTO receivable_items (document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from)
  SELECT document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from FROM receivable_items_now
