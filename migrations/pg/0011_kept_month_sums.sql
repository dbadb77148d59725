-- No write to either table between the sums' backfill and their triggers (an instance of the previous
-- version still serving while this one migrates): the tables are locked against writes until COMMIT.
LOCK TABLE documents, received_documents IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "issued_month_sums" (
	"account_id" text COLLATE "C" NOT NULL,
	"currency" text COLLATE "C" NOT NULL,
	"month" text COLLATE "C" NOT NULL,
	"document_type" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"category_key" text COLLATE "C" NOT NULL,
	"category" text COLLATE "C",
	"rate_key" text COLLATE "C" NOT NULL,
	"rate" text COLLATE "C",
	"documents" bigint NOT NULL,
	"a_units" bigint NOT NULL,
	"a_parts" bigint NOT NULL,
	"b_units" bigint NOT NULL,
	"b_parts" bigint NOT NULL,
	CONSTRAINT "issued_month_sums_account_id_currency_month_document_type_kind_category_key_rate_key_pk" PRIMARY KEY("account_id","currency","month","document_type","kind","category_key","rate_key")
);
--> statement-breakpoint
CREATE TABLE "received_month_sums" (
	"account_id" text COLLATE "C" NOT NULL,
	"currency" text COLLATE "C" NOT NULL,
	"month" text COLLATE "C" NOT NULL,
	"document_type" text COLLATE "C" NOT NULL,
	"documents" bigint NOT NULL,
	"gross_units" bigint NOT NULL,
	"gross_parts" bigint NOT NULL,
	"tax_units" bigint NOT NULL,
	"tax_parts" bigint NOT NULL,
	"net_units" bigint NOT NULL,
	"net_parts" bigint NOT NULL,
	CONSTRAINT "received_month_sums_account_id_currency_month_document_type_pk" PRIMARY KEY("account_id","currency","month","document_type")
);
--> statement-breakpoint
CREATE INDEX "documents_issue_idx" ON "documents" USING btree ("account_id","issue_date","id");
--> statement-breakpoint
-- Revenue's sums kept as documents change (issue 42 §4; docs/reports.md; the table: issuedMonthRows in
-- src/modules/documents/schema.ts): the triggers add a counted invoice's or credit note's figures to its
-- month's rows when it starts to count and take them away when it stops counting, changes or is deleted; then
-- the rows are filled once from the documents there are. Amounts are split into whole units and
-- ten-billionths as src/modules/documents/sql-money.ts splits them (a missing amount counts 0, as a sum
-- skips it). NULL category or rate: the key '!null' (no category or rate is written so).
CREATE OR REPLACE FUNCTION issued_month_sums_add(doc documents, factor bigint) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
    SELECT doc.account_id, doc.currency, substr(doc.issue_date, 1, 7), doc.document_type, 'totals', '', NULL, '', NULL, factor,
      factor * coalesce(CAST(CASE WHEN instr(v.t, '.') = 0 THEN v.t ELSE substr(v.t, 1, instr(v.t, '.') - 1) END AS BIGINT), 0), factor * coalesce((CASE WHEN instr(v.t, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.t, instr(v.t, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.t, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
      factor * coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0), factor * coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)
    FROM (SELECT json_extract(doc.totals, '$.total') AS t, json_extract(doc.totals, '$.tax_total') AS x) AS v
    WHERE doc.status IN ('finalized', 'sent', 'paid', 'archived') AND doc.voided_at IS NULL AND doc.document_type IN ('invoice', 'credit_note')
    ON CONFLICT (account_id, currency, month, document_type, kind, category_key, rate_key) DO UPDATE SET documents = issued_month_sums.documents + excluded.documents,
      a_units = issued_month_sums.a_units + excluded.a_units, a_parts = issued_month_sums.a_parts + excluded.a_parts,
      b_units = issued_month_sums.b_units + excluded.b_units, b_parts = issued_month_sums.b_parts + excluded.b_parts;
  INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
    SELECT doc.account_id, doc.currency, substr(doc.issue_date, 1, 7), doc.document_type, 'rate',
      coalesce(g.category, '!null'), g.category, coalesce(g.rate, '!null'), g.rate, factor * count(*),
      factor * sum(coalesce(CAST(CASE WHEN instr(g.taxable, '.') = 0 THEN g.taxable ELSE substr(g.taxable, 1, instr(g.taxable, '.') - 1) END AS BIGINT), 0)), factor * sum(coalesce((CASE WHEN instr(g.taxable, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.taxable, instr(g.taxable, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.taxable, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)),
      factor * sum(coalesce(CAST(CASE WHEN instr(g.tax, '.') = 0 THEN g.tax ELSE substr(g.tax, 1, instr(g.tax, '.') - 1) END AS BIGINT), 0)), factor * sum(coalesce((CASE WHEN instr(g.tax, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.tax, instr(g.tax, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.tax, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0))
    FROM (SELECT json_extract(e.value, '$.category') AS category, json_extract(e.value, '$.rate') AS rate, json_extract(e.value, '$.taxable_amount') AS taxable,
        json_extract(e.value, '$.tax_amount') AS tax FROM json_each(doc.totals, '$.tax_groups') AS e) AS g
    WHERE doc.status IN ('finalized', 'sent', 'paid', 'archived') AND doc.voided_at IS NULL AND doc.document_type IN ('invoice', 'credit_note')
    GROUP BY g.category, g.rate
    ON CONFLICT (account_id, currency, month, document_type, kind, category_key, rate_key) DO UPDATE SET documents = issued_month_sums.documents + excluded.documents,
      a_units = issued_month_sums.a_units + excluded.a_units, a_parts = issued_month_sums.a_parts + excluded.a_parts,
      b_units = issued_month_sums.b_units + excluded.b_units, b_parts = issued_month_sums.b_parts + excluded.b_parts;
END $$
--> statement-breakpoint
CREATE OR REPLACE FUNCTION issued_month_sums_keep() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NOT (OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.document_type IS DISTINCT FROM NEW.document_type OR OLD.issue_date IS DISTINCT FROM NEW.issue_date
      OR OLD.currency IS DISTINCT FROM NEW.currency OR OLD.totals IS DISTINCT FROM NEW.totals OR (OLD.status IN ('finalized', 'sent', 'paid', 'archived') AND OLD.voided_at IS NULL AND OLD.document_type IN ('invoice', 'credit_note')) IS DISTINCT FROM (NEW.status IN ('finalized', 'sent', 'paid', 'archived') AND NEW.voided_at IS NULL AND NEW.document_type IN ('invoice', 'credit_note'))) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM issued_month_sums_add(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM issued_month_sums_add(NEW, 1);
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER issued_month_sums_keep AFTER INSERT OR DELETE OR UPDATE ON documents
  FOR EACH ROW EXECUTE FUNCTION issued_month_sums_keep()
--> statement-breakpoint
INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
  SELECT v.account_id, v.currency, v.month, v.document_type, 'totals', '', NULL, '', NULL, count(*),
    sum(coalesce(CAST(CASE WHEN instr(v.t, '.') = 0 THEN v.t ELSE substr(v.t, 1, instr(v.t, '.') - 1) END AS BIGINT), 0)), sum(coalesce((CASE WHEN instr(v.t, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.t, instr(v.t, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.t, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)), sum(coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0)), sum(coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0))
  FROM (SELECT d.account_id, d.currency, substr(d.issue_date, 1, 7) AS month, d.document_type,
      json_extract(d.totals, '$.total') AS t, json_extract(d.totals, '$.tax_total') AS x
    FROM documents AS d WHERE d.status IN ('finalized', 'sent', 'paid', 'archived') AND d.voided_at IS NULL AND d.document_type IN ('invoice', 'credit_note')) AS v
  GROUP BY v.account_id, v.currency, v.month, v.document_type
--> statement-breakpoint
INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
  SELECT g.account_id, g.currency, g.month, g.document_type, 'rate', coalesce(g.category, '!null'), g.category,
    coalesce(g.rate, '!null'), g.rate, count(*),
    sum(coalesce(CAST(CASE WHEN instr(g.taxable, '.') = 0 THEN g.taxable ELSE substr(g.taxable, 1, instr(g.taxable, '.') - 1) END AS BIGINT), 0)), sum(coalesce((CASE WHEN instr(g.taxable, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.taxable, instr(g.taxable, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.taxable, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)), sum(coalesce(CAST(CASE WHEN instr(g.tax, '.') = 0 THEN g.tax ELSE substr(g.tax, 1, instr(g.tax, '.') - 1) END AS BIGINT), 0)), sum(coalesce((CASE WHEN instr(g.tax, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.tax, instr(g.tax, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.tax, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0))
  FROM (SELECT d.account_id, d.currency, substr(d.issue_date, 1, 7) AS month, d.document_type,
      json_extract(e.value, '$.category') AS category, json_extract(e.value, '$.rate') AS rate, json_extract(e.value, '$.taxable_amount') AS taxable,
      json_extract(e.value, '$.tax_amount') AS tax
    FROM documents AS d, json_each(d.totals, '$.tax_groups') AS e WHERE d.status IN ('finalized', 'sent', 'paid', 'archived') AND d.voided_at IS NULL AND d.document_type IN ('invoice', 'credit_note')) AS g
  GROUP BY g.account_id, g.currency, g.month, g.document_type, g.category, g.rate
--> statement-breakpoint
-- Expenses' sums kept as received documents change (the table: receivedMonthRows in
-- src/modules/receiving/schema.ts), as the issued documents' above: a received document that counts (not
-- rejected) is dated by its issue date, else the day it arrived; its gross is `total`, its tax
-- `totals.tax_total` (missing: 0), its net `totals.net_total` (missing: gross less tax).
CREATE OR REPLACE FUNCTION received_month_sums_add(doc received_documents, factor bigint) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO received_month_sums (account_id, currency, month, document_type, documents, gross_units, gross_parts, tax_units, tax_parts, net_units, net_parts)
    SELECT doc.account_id, doc.currency, substr(coalesce(doc.issue_date, substr(doc.created_at, 1, 10)), 1, 7), doc.document_type, factor,
      factor * coalesce(CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT), 0), factor * coalesce((CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
      factor * coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0), factor * coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
      factor * coalesce(coalesce(CAST(CASE WHEN instr(v.n, '.') = 0 THEN v.n ELSE substr(v.n, 1, instr(v.n, '.') - 1) END AS BIGINT), CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT) - CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT)), 0), factor * coalesce(coalesce((CASE WHEN instr(v.n, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.n, instr(v.n, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.n, 1, 1) = '-' THEN -1 ELSE 1 END) END), (CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END) - (CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0)
    FROM (SELECT doc.total AS g, coalesce(json_extract(doc.totals, '$.tax_total'), '0') AS x, json_extract(doc.totals, '$.net_total') AS n) AS v
    WHERE doc.status <> 'rejected'
    ON CONFLICT (account_id, currency, month, document_type) DO UPDATE SET documents = received_month_sums.documents + excluded.documents,
      gross_units = received_month_sums.gross_units + excluded.gross_units, gross_parts = received_month_sums.gross_parts + excluded.gross_parts,
      tax_units = received_month_sums.tax_units + excluded.tax_units, tax_parts = received_month_sums.tax_parts + excluded.tax_parts,
      net_units = received_month_sums.net_units + excluded.net_units, net_parts = received_month_sums.net_parts + excluded.net_parts;
END $$
--> statement-breakpoint
CREATE OR REPLACE FUNCTION received_month_sums_keep() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NOT (OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.document_type IS DISTINCT FROM NEW.document_type OR OLD.issue_date IS DISTINCT FROM NEW.issue_date
      OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.currency IS DISTINCT FROM NEW.currency OR OLD.total IS DISTINCT FROM NEW.total
      OR OLD.totals IS DISTINCT FROM NEW.totals OR (OLD.status <> 'rejected') IS DISTINCT FROM (NEW.status <> 'rejected')) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM received_month_sums_add(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM received_month_sums_add(NEW, 1);
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER received_month_sums_keep AFTER INSERT OR DELETE OR UPDATE ON received_documents
  FOR EACH ROW EXECUTE FUNCTION received_month_sums_keep()
--> statement-breakpoint
INSERT INTO received_month_sums (account_id, currency, month, document_type, documents, gross_units, gross_parts, tax_units, tax_parts, net_units, net_parts)
  SELECT v.account_id, v.currency, v.month, v.document_type, count(*),
    sum(coalesce(CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT), 0)), sum(coalesce((CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)),
    sum(coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0)), sum(coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)),
    sum(coalesce(coalesce(CAST(CASE WHEN instr(v.n, '.') = 0 THEN v.n ELSE substr(v.n, 1, instr(v.n, '.') - 1) END AS BIGINT), CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT) - CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT)), 0)), sum(coalesce(coalesce((CASE WHEN instr(v.n, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.n, instr(v.n, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.n, 1, 1) = '-' THEN -1 ELSE 1 END) END), (CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END) - (CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0))
  FROM (SELECT r.account_id, r.currency, substr(coalesce(r.issue_date, substr(r.created_at, 1, 10)), 1, 7) AS month,
      r.document_type, r.total AS g, coalesce(json_extract(r.totals, '$.tax_total'), '0') AS x,
      json_extract(r.totals, '$.net_total') AS n
    FROM received_documents AS r WHERE r.status <> 'rejected') AS v
  GROUP BY v.account_id, v.currency, v.month, v.document_type
--> statement-breakpoint
-- Expenses read the received documents of a part of a month by that day (receiving/report-sums.ts):
-- an index on the expression the statements use (drizzle's schema has no expression indexes).
CREATE INDEX received_documents_day_idx ON received_documents (account_id, coalesce(issue_date, substr(created_at, 1, 10)), id)
