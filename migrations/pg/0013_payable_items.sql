-- No write to received documents or their payments between the rows' backfill and their triggers (an
-- instance of the previous version still serving while this one migrates): locked until COMMIT.
LOCK TABLE received_documents, received_payments IN SHARE ROW EXCLUSIVE MODE
--> statement-breakpoint
CREATE TABLE "payable_items" (
	"document_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"party" text COLLATE "C" NOT NULL,
	"currency" text COLLATE "C" NOT NULL,
	"document_type" text COLLATE "C" NOT NULL,
	"day" text COLLATE "C" NOT NULL,
	"due_date" text COLLATE "C",
	"open_units" bigint NOT NULL,
	"open_parts" bigint NOT NULL,
	"last_event" text COLLATE "C" NOT NULL,
	"settled_from" text COLLATE "C" NOT NULL,
	"latest" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payable_items_open_idx" ON "payable_items" USING btree ("account_id","settled_from","document_id","last_event","day","document_type","party","currency","due_date","open_units","open_parts");--> statement-breakpoint
CREATE INDEX "payable_items_party_idx" ON "payable_items" USING btree ("account_id","party","latest");
--> statement-breakpoint
-- The payables' rows kept as received documents and their payments change: a document's row is written
-- again from payable_items_now when it or one of its payments changes.
-- What each received document that counts (not rejected) stands at for the payables (issue 42 §4;
-- docs/reports.md; the table: payableItems in src/modules/receiving/schema.ts), computed from the received
-- documents and their payments there are: the row `payable_items` keeps for it, as the payables report
-- sums it (src/modules/receiving/report-sums.ts; amounts split as sql-money.ts splits them). An invoice: its
-- amount due less all its payments, dated by the later of its day and its latest payment; settled from
-- that day when nothing is open. A credit note: its amount due, dated by its day, never settled. The same
-- rows as SQLite's view of migration 0033, written with LATERAL so that each part is computed once a row.
CREATE VIEW payable_items_now AS
SELECT x.id AS document_id, x.account_id, k.party, x.currency, x.document_type, k.day, x.due_date,
  o.open_units, o.open_parts, o.last_event,
  CASE WHEN x.document_type <> 'credit_note' AND o.open_units = 0 AND o.open_parts = 0 THEN o.last_event
    ELSE '9999-99-99' END AS settled_from,
  coalesce(x.issue_date, '') || '|' || x.id AS latest
FROM received_documents AS x
CROSS JOIN LATERAL (
  SELECT CASE WHEN x.seller_tax_id IS NOT NULL AND x.seller_tax_id <> '' THEN 'tax:' || x.seller_tax_id
      ELSE 'name:' || coalesce(x.seller_name, '') END AS party,
    coalesce(x.issue_date, substr(x.created_at, 1, 10)) AS day,
    CAST(CASE WHEN instr(x.amount_due, '.') = 0 THEN x.amount_due ELSE substr(x.amount_due, 1, instr(x.amount_due, '.') - 1) END AS BIGINT) AS au, (CASE WHEN instr(x.amount_due, '.') = 0 THEN 0 ELSE CAST(substr(substr(x.amount_due, instr(x.amount_due, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(x.amount_due, 1, 1) = '-' THEN -1 ELSE 1 END) END) AS ap OFFSET 0) AS k
CROSS JOIN LATERAL (
  SELECT CAST(coalesce(sum(CAST(CASE WHEN instr(p.amount, '.') = 0 THEN p.amount ELSE substr(p.amount, 1, instr(p.amount, '.') - 1) END AS BIGINT)), 0) AS BIGINT) AS units,
    CAST(coalesce(sum((CASE WHEN instr(p.amount, '.') = 0 THEN 0 ELSE CAST(substr(substr(p.amount, instr(p.amount, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(p.amount, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0) AS BIGINT) AS parts, max(p.date) AS last
  FROM received_payments AS p
  WHERE x.document_type <> 'credit_note' AND p.account_id = x.account_id AND p.received_document_id = x.id) AS pay
CROSS JOIN LATERAL (SELECT k.au - pay.units AS units, k.ap - pay.parts AS parts OFFSET 0) AS s
CROSS JOIN LATERAL (
  SELECT s.units + (s.parts - (((s.parts % 10000000000) + 10000000000) % 10000000000)) / 10000000000 AS open_units, (((s.parts % 10000000000) + 10000000000) % 10000000000) AS open_parts,
    greatest(k.day, pay.last) AS last_event OFFSET 0) AS o
WHERE x.status <> 'rejected'
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payable_items_refresh(ids text[]) RETURNS void
  LANGUAGE plpgsql
  -- One plan for the session, not one per call: planning the view's statement costs more than running it.
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  WITH fresh AS MATERIALIZED (SELECT document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest FROM payable_items_now WHERE document_id = ANY (ids)),
  gone AS (
    DELETE FROM payable_items AS r WHERE r.document_id = ANY (ids)
      AND NOT EXISTS (SELECT 1 FROM fresh WHERE fresh.document_id = r.document_id))
  INSERT INTO payable_items (document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest) SELECT document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest FROM fresh
    ON CONFLICT (document_id) DO UPDATE SET account_id = excluded.account_id, party = excluded.party, currency = excluded.currency, document_type = excluded.document_type, day = excluded.day, due_date = excluded.due_date, open_units = excluded.open_units, open_parts = excluded.open_parts, last_event = excluded.last_event, settled_from = excluded.settled_from, latest = excluded.latest;
END $$
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payable_items_keep_payments() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM payable_items_refresh(ARRAY[NEW.received_document_id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM payable_items_refresh(ARRAY[OLD.received_document_id]);
  ELSIF OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.received_document_id IS DISTINCT FROM NEW.received_document_id OR OLD.amount IS DISTINCT FROM NEW.amount OR OLD.date IS DISTINCT FROM NEW.date THEN
    PERFORM payable_items_refresh(ARRAY[OLD.received_document_id, NEW.received_document_id]);
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER payable_items_keep AFTER INSERT OR DELETE OR UPDATE ON received_payments
  FOR EACH ROW EXECUTE FUNCTION payable_items_keep_payments()
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payable_items_keep_documents() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'rejected' THEN
      PERFORM payable_items_refresh(ARRAY[NEW.id]);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'rejected' THEN
      PERFORM payable_items_refresh(ARRAY[OLD.id]);
    END IF;
  ELSIF (OLD.id IS DISTINCT FROM NEW.id OR OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.document_type IS DISTINCT FROM NEW.document_type OR OLD.issue_date IS DISTINCT FROM NEW.issue_date OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.due_date IS DISTINCT FROM NEW.due_date OR OLD.currency IS DISTINCT FROM NEW.currency OR OLD.amount_due IS DISTINCT FROM NEW.amount_due OR OLD.seller_tax_id IS DISTINCT FROM NEW.seller_tax_id OR OLD.seller_name IS DISTINCT FROM NEW.seller_name OR (OLD.status <> 'rejected') IS DISTINCT FROM (NEW.status <> 'rejected'))
      AND (OLD.status <> 'rejected' OR NEW.status <> 'rejected') THEN
    PERFORM payable_items_refresh(ARRAY[OLD.id, NEW.id]);
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER payable_items_keep AFTER INSERT OR DELETE OR UPDATE ON received_documents
  FOR EACH ROW EXECUTE FUNCTION payable_items_keep_documents()
--> statement-breakpoint
INSERT INTO payable_items (document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest)
  SELECT document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest FROM payable_items_now
