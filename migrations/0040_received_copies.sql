-- Another file of an invoice already received (`duplicate_of`) is no second invoice: the payables and the
-- expenses counted every file of it (three files of one invoice: three times what is owed), where the
-- DATEV export books it once. Now the file that counts is the one whose `duplicate_of` is null, the
-- first received that is not rejected, one with payments before one without (src/modules/receiving/copies.ts keeps it so as files arrive, are
-- rejected, restored or deleted); the other files name it. The kept sums and payables rows count only
-- that file, and this migration first makes every group so (a group whose first file was rejected or
-- deleted gets its next file as the one that counts), then makes the kept rows again from the documents.
WITH members AS (
  SELECT m.id, m.account_id, coalesce(m.duplicate_of, m.id) AS grp, m.status, m.amount_paid, m.created_at
  FROM received_documents AS m
  WHERE m.duplicate_of IS NOT NULL
    OR m.id IN (SELECT c.duplicate_of FROM received_documents AS c WHERE c.duplicate_of IS NOT NULL)
),
heads AS (
  SELECT members.id, first_value(members.id) OVER (PARTITION BY members.account_id, members.grp
    ORDER BY CASE WHEN members.status = 'rejected' THEN 1 ELSE 0 END,
      CASE WHEN CAST(members.amount_paid AS DOUBLE PRECISION) <> 0 THEN 0 ELSE 1 END,
      members.created_at, members.id) AS head
  FROM members
)
UPDATE received_documents SET duplicate_of = CASE WHEN heads.head = received_documents.id THEN NULL ELSE heads.head END
FROM heads WHERE heads.id = received_documents.id
--> statement-breakpoint
DROP TRIGGER received_month_sums_insert
--> statement-breakpoint
DROP TRIGGER received_month_sums_delete
--> statement-breakpoint
DROP TRIGGER received_month_sums_update
--> statement-breakpoint
DROP TRIGGER payable_items_document_insert
--> statement-breakpoint
DROP TRIGGER payable_items_document_delete
--> statement-breakpoint
DROP TRIGGER payable_items_document_update
--> statement-breakpoint
DROP VIEW payable_items_now
--> statement-breakpoint
CREATE VIEW payable_items_now AS
SELECT n.document_id, n.account_id, n.party, n.currency, n.document_type, n.day, n.due_date,
  n.open_units, n.open_parts, n.last_event,
  CASE WHEN n.document_type <> 'credit_note' AND n.open_units = 0 AND n.open_parts = 0 THEN n.last_event
    ELSE '9999-99-99' END AS settled_from,
  n.latest
FROM (
  SELECT s.document_id, s.account_id, s.party, s.currency, s.document_type, s.day, s.due_date, s.latest,
    s.units + (s.parts - (((s.parts % 10000000000) + 10000000000) % 10000000000)) / 10000000000 AS open_units, (((s.parts % 10000000000) + 10000000000) % 10000000000) AS open_parts,
    CASE WHEN s.last_paid > s.day THEN s.last_paid ELSE s.day END AS last_event
  FROM (
    SELECT a.id AS document_id, a.account_id, a.party, a.currency, a.document_type, a.day, a.due_date, a.latest,
      a.au - a.pu AS units, a.ap - a.pp AS parts, a.last_paid
    FROM (
      SELECT d.id, d.account_id, d.party, d.currency, d.document_type, d.day, d.due_date, d.latest,
        CAST(CASE WHEN instr(d.amount, '.') = 0 THEN d.amount ELSE substr(d.amount, 1, instr(d.amount, '.') - 1) END AS BIGINT) AS au,
        (CASE WHEN instr(d.amount, '.') = 0 THEN 0 ELSE CAST(substr(substr(d.amount, instr(d.amount, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(d.amount, 1, 1) = '-' THEN -1 ELSE 1 END) END) AS ap,
        CASE WHEN d.document_type <> 'credit_note' THEN (SELECT CAST(coalesce(sum(CAST(CASE WHEN instr(p.amount, '.') = 0 THEN p.amount ELSE substr(p.amount, 1, instr(p.amount, '.') - 1) END AS BIGINT)), 0) AS BIGINT)
          FROM received_payments AS p WHERE p.account_id = d.account_id AND p.received_document_id = d.id) ELSE 0 END AS pu,
        CASE WHEN d.document_type <> 'credit_note' THEN (SELECT CAST(coalesce(sum((CASE WHEN instr(p.amount, '.') = 0 THEN 0 ELSE CAST(substr(substr(p.amount, instr(p.amount, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(p.amount, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0) AS BIGINT)
          FROM received_payments AS p WHERE p.account_id = d.account_id AND p.received_document_id = d.id) ELSE 0 END AS pp,
        CASE WHEN d.document_type <> 'credit_note' THEN (SELECT max(p.date || '') FROM received_payments AS p WHERE p.account_id = d.account_id AND p.received_document_id = d.id) END AS last_paid
      FROM (SELECT x.id, x.account_id,
          CASE WHEN upper(replace(replace(replace(replace(replace(x.seller_tax_id, ' ', ''), char(9), ''), char(10), ''), char(13), ''), char(160), '')) <> '' THEN 'tax:' || upper(replace(replace(replace(replace(replace(x.seller_tax_id, ' ', ''), char(9), ''), char(10), ''), char(13), ''), char(160), '')) ELSE 'name:' || coalesce(x.seller_name, '') END AS party,
          x.currency, x.document_type, coalesce(x.issue_date, substr(x.created_at, 1, 10)) AS day, x.due_date,
          x.amount_due AS amount, coalesce(x.issue_date, '') || '|' || x.id AS latest
        FROM received_documents AS x WHERE (x.status <> 'rejected' AND x.duplicate_of IS NULL)) AS d
    ) AS a
  ) AS s
) AS n
--> statement-breakpoint
CREATE TRIGGER received_month_sums_insert AFTER INSERT ON received_documents
WHEN (NEW.status <> 'rejected' AND NEW.duplicate_of IS NULL)
BEGIN
INSERT INTO received_month_sums (account_id, currency, month, document_type, documents, gross_units, gross_parts, tax_units, tax_parts, net_units, net_parts)
  SELECT NEW.account_id, NEW.currency, substr(coalesce(NEW.issue_date, substr(NEW.created_at, 1, 10)), 1, 7), NEW.document_type, 1,
    1 * coalesce(CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT), 0), 1 * coalesce((CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
    1 * coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0), 1 * coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
    1 * coalesce(coalesce(CAST(CASE WHEN instr(v.n, '.') = 0 THEN v.n ELSE substr(v.n, 1, instr(v.n, '.') - 1) END AS BIGINT), CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT) - CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT)), 0), 1 * coalesce(coalesce((CASE WHEN instr(v.n, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.n, instr(v.n, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.n, 1, 1) = '-' THEN -1 ELSE 1 END) END), (CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END) - (CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0)
  FROM (SELECT NEW.total AS g, coalesce(json_extract(NEW.totals, '$.tax_total'), '0') AS x, json_extract(NEW.totals, '$.net_total') AS n) AS v
  WHERE (NEW.status <> 'rejected' AND NEW.duplicate_of IS NULL)
  ON CONFLICT (account_id, currency, month, document_type) DO UPDATE SET documents = received_month_sums.documents + excluded.documents,
    gross_units = received_month_sums.gross_units + excluded.gross_units, gross_parts = received_month_sums.gross_parts + excluded.gross_parts,
    tax_units = received_month_sums.tax_units + excluded.tax_units, tax_parts = received_month_sums.tax_parts + excluded.tax_parts,
    net_units = received_month_sums.net_units + excluded.net_units, net_parts = received_month_sums.net_parts + excluded.net_parts;
END
--> statement-breakpoint
CREATE TRIGGER received_month_sums_delete AFTER DELETE ON received_documents
WHEN (OLD.status <> 'rejected' AND OLD.duplicate_of IS NULL)
BEGIN
INSERT INTO received_month_sums (account_id, currency, month, document_type, documents, gross_units, gross_parts, tax_units, tax_parts, net_units, net_parts)
  SELECT OLD.account_id, OLD.currency, substr(coalesce(OLD.issue_date, substr(OLD.created_at, 1, 10)), 1, 7), OLD.document_type, -1,
    -1 * coalesce(CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT), 0), -1 * coalesce((CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
    -1 * coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0), -1 * coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
    -1 * coalesce(coalesce(CAST(CASE WHEN instr(v.n, '.') = 0 THEN v.n ELSE substr(v.n, 1, instr(v.n, '.') - 1) END AS BIGINT), CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT) - CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT)), 0), -1 * coalesce(coalesce((CASE WHEN instr(v.n, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.n, instr(v.n, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.n, 1, 1) = '-' THEN -1 ELSE 1 END) END), (CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END) - (CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0)
  FROM (SELECT OLD.total AS g, coalesce(json_extract(OLD.totals, '$.tax_total'), '0') AS x, json_extract(OLD.totals, '$.net_total') AS n) AS v
  WHERE (OLD.status <> 'rejected' AND OLD.duplicate_of IS NULL)
  ON CONFLICT (account_id, currency, month, document_type) DO UPDATE SET documents = received_month_sums.documents + excluded.documents,
    gross_units = received_month_sums.gross_units + excluded.gross_units, gross_parts = received_month_sums.gross_parts + excluded.gross_parts,
    tax_units = received_month_sums.tax_units + excluded.tax_units, tax_parts = received_month_sums.tax_parts + excluded.tax_parts,
    net_units = received_month_sums.net_units + excluded.net_units, net_parts = received_month_sums.net_parts + excluded.net_parts;
END
--> statement-breakpoint
CREATE TRIGGER received_month_sums_update AFTER UPDATE ON received_documents
WHEN (OLD.account_id IS NOT NEW.account_id OR OLD.document_type IS NOT NEW.document_type OR OLD.issue_date IS NOT NEW.issue_date
    OR OLD.created_at IS NOT NEW.created_at OR OLD.currency IS NOT NEW.currency OR OLD.total IS NOT NEW.total
    OR OLD.totals IS NOT NEW.totals OR ((OLD.status <> 'rejected' AND OLD.duplicate_of IS NULL)) IS NOT ((NEW.status <> 'rejected' AND NEW.duplicate_of IS NULL)))
BEGIN
INSERT INTO received_month_sums (account_id, currency, month, document_type, documents, gross_units, gross_parts, tax_units, tax_parts, net_units, net_parts)
  SELECT OLD.account_id, OLD.currency, substr(coalesce(OLD.issue_date, substr(OLD.created_at, 1, 10)), 1, 7), OLD.document_type, -1,
    -1 * coalesce(CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT), 0), -1 * coalesce((CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
    -1 * coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0), -1 * coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
    -1 * coalesce(coalesce(CAST(CASE WHEN instr(v.n, '.') = 0 THEN v.n ELSE substr(v.n, 1, instr(v.n, '.') - 1) END AS BIGINT), CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT) - CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT)), 0), -1 * coalesce(coalesce((CASE WHEN instr(v.n, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.n, instr(v.n, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.n, 1, 1) = '-' THEN -1 ELSE 1 END) END), (CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END) - (CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0)
  FROM (SELECT OLD.total AS g, coalesce(json_extract(OLD.totals, '$.tax_total'), '0') AS x, json_extract(OLD.totals, '$.net_total') AS n) AS v
  WHERE (OLD.status <> 'rejected' AND OLD.duplicate_of IS NULL)
  ON CONFLICT (account_id, currency, month, document_type) DO UPDATE SET documents = received_month_sums.documents + excluded.documents,
    gross_units = received_month_sums.gross_units + excluded.gross_units, gross_parts = received_month_sums.gross_parts + excluded.gross_parts,
    tax_units = received_month_sums.tax_units + excluded.tax_units, tax_parts = received_month_sums.tax_parts + excluded.tax_parts,
    net_units = received_month_sums.net_units + excluded.net_units, net_parts = received_month_sums.net_parts + excluded.net_parts;
INSERT INTO received_month_sums (account_id, currency, month, document_type, documents, gross_units, gross_parts, tax_units, tax_parts, net_units, net_parts)
  SELECT NEW.account_id, NEW.currency, substr(coalesce(NEW.issue_date, substr(NEW.created_at, 1, 10)), 1, 7), NEW.document_type, 1,
    1 * coalesce(CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT), 0), 1 * coalesce((CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
    1 * coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0), 1 * coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
    1 * coalesce(coalesce(CAST(CASE WHEN instr(v.n, '.') = 0 THEN v.n ELSE substr(v.n, 1, instr(v.n, '.') - 1) END AS BIGINT), CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT) - CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT)), 0), 1 * coalesce(coalesce((CASE WHEN instr(v.n, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.n, instr(v.n, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.n, 1, 1) = '-' THEN -1 ELSE 1 END) END), (CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END) - (CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0)
  FROM (SELECT NEW.total AS g, coalesce(json_extract(NEW.totals, '$.tax_total'), '0') AS x, json_extract(NEW.totals, '$.net_total') AS n) AS v
  WHERE (NEW.status <> 'rejected' AND NEW.duplicate_of IS NULL)
  ON CONFLICT (account_id, currency, month, document_type) DO UPDATE SET documents = received_month_sums.documents + excluded.documents,
    gross_units = received_month_sums.gross_units + excluded.gross_units, gross_parts = received_month_sums.gross_parts + excluded.gross_parts,
    tax_units = received_month_sums.tax_units + excluded.tax_units, tax_parts = received_month_sums.tax_parts + excluded.tax_parts,
    net_units = received_month_sums.net_units + excluded.net_units, net_parts = received_month_sums.net_parts + excluded.net_parts;
END
--> statement-breakpoint
CREATE TRIGGER payable_items_document_insert AFTER INSERT ON received_documents
WHEN (NEW.status <> 'rejected' AND NEW.duplicate_of IS NULL)
BEGIN
DELETE FROM payable_items WHERE document_id IN (NEW.id);
INSERT INTO payable_items (document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest)
  SELECT document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest FROM payable_items_now WHERE document_id IN (NEW.id);
END
--> statement-breakpoint
CREATE TRIGGER payable_items_document_delete AFTER DELETE ON received_documents
WHEN (OLD.status <> 'rejected' AND OLD.duplicate_of IS NULL)
BEGIN
DELETE FROM payable_items WHERE document_id IN (OLD.id);
INSERT INTO payable_items (document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest)
  SELECT document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest FROM payable_items_now WHERE document_id IN (OLD.id);
END
--> statement-breakpoint
CREATE TRIGGER payable_items_document_update AFTER UPDATE ON received_documents
WHEN (OLD.id IS NOT NEW.id OR OLD.account_id IS NOT NEW.account_id OR OLD.document_type IS NOT NEW.document_type OR OLD.issue_date IS NOT NEW.issue_date OR OLD.created_at IS NOT NEW.created_at OR OLD.due_date IS NOT NEW.due_date OR OLD.currency IS NOT NEW.currency OR OLD.amount_due IS NOT NEW.amount_due OR OLD.seller_tax_id IS NOT NEW.seller_tax_id OR OLD.seller_name IS NOT NEW.seller_name OR ((OLD.status <> 'rejected' AND OLD.duplicate_of IS NULL)) IS NOT ((NEW.status <> 'rejected' AND NEW.duplicate_of IS NULL)))
    AND ((OLD.status <> 'rejected' AND OLD.duplicate_of IS NULL) OR (NEW.status <> 'rejected' AND NEW.duplicate_of IS NULL))
BEGIN
DELETE FROM payable_items WHERE document_id IN (OLD.id, NEW.id);
INSERT INTO payable_items (document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest)
  SELECT document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest FROM payable_items_now WHERE document_id IN (OLD.id, NEW.id);
END
--> statement-breakpoint
DELETE FROM received_month_sums
--> statement-breakpoint
INSERT INTO received_month_sums (account_id, currency, month, document_type, documents, gross_units, gross_parts, tax_units, tax_parts, net_units, net_parts)
  SELECT v.account_id, v.currency, v.month, v.document_type, count(*),
    sum(coalesce(CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT), 0)), sum(coalesce((CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)),
    sum(coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0)), sum(coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)),
    sum(coalesce(coalesce(CAST(CASE WHEN instr(v.n, '.') = 0 THEN v.n ELSE substr(v.n, 1, instr(v.n, '.') - 1) END AS BIGINT), CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT) - CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT)), 0)), sum(coalesce(coalesce((CASE WHEN instr(v.n, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.n, instr(v.n, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.n, 1, 1) = '-' THEN -1 ELSE 1 END) END), (CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END) - (CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0))
  FROM (SELECT r.account_id, r.currency, substr(coalesce(r.issue_date, substr(r.created_at, 1, 10)), 1, 7) AS month,
      r.document_type, r.total AS g, coalesce(json_extract(r.totals, '$.tax_total'), '0') AS x,
      json_extract(r.totals, '$.net_total') AS n
    FROM received_documents AS r WHERE (r.status <> 'rejected' AND r.duplicate_of IS NULL)) AS v
  GROUP BY v.account_id, v.currency, v.month, v.document_type
--> statement-breakpoint
DELETE FROM payable_items
--> statement-breakpoint
INSERT INTO payable_items (document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest)
  SELECT document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest FROM payable_items_now
