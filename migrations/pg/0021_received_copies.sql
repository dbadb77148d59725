-- Another file of an invoice already received (`duplicate_of`) is no second invoice: the payables and the
-- expenses counted every file of it (three files of one invoice: three times what is owed), where the
-- DATEV export books it once. Now the file that counts is the one whose `duplicate_of` is null, the
-- first received that is not rejected, one with payments before one without (src/modules/receiving/copies.ts keeps it so as files arrive, are
-- rejected, restored or deleted); the other files name it. The kept sums and payables rows count only
-- that file, and this migration first makes every group so (a group whose first file was rejected or
-- deleted gets its next file as the one that counts), then makes the kept rows again from the documents.
LOCK TABLE received_documents, received_payments IN SHARE ROW EXCLUSIVE MODE
--> statement-breakpoint
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
CREATE OR REPLACE VIEW payable_items_now AS
SELECT x.id AS document_id, x.account_id, k.party, x.currency, x.document_type, k.day, x.due_date,
  o.open_units, o.open_parts, o.last_event,
  CASE WHEN x.document_type <> 'credit_note' AND o.open_units = 0 AND o.open_parts = 0 THEN o.last_event
    ELSE '9999-99-99' END AS settled_from,
  coalesce(x.issue_date, '') || '|' || x.id AS latest
FROM received_documents AS x
CROSS JOIN LATERAL (
  SELECT CASE WHEN upper(translate(x.seller_tax_id, ' ' || chr(9) || chr(10) || chr(13) || chr(160), '')) <> '' THEN 'tax:' || upper(translate(x.seller_tax_id, ' ' || chr(9) || chr(10) || chr(13) || chr(160), ''))
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
WHERE (x.status <> 'rejected' AND x.duplicate_of IS NULL)
--> statement-breakpoint
CREATE OR REPLACE FUNCTION received_month_sums_add(doc received_documents, factor bigint) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO received_month_sums (account_id, currency, month, document_type, documents, gross_units, gross_parts, tax_units, tax_parts, net_units, net_parts)
    SELECT doc.account_id, doc.currency, substr(coalesce(doc.issue_date, substr(doc.created_at, 1, 10)), 1, 7), doc.document_type, factor,
      factor * coalesce(CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT), 0), factor * coalesce((CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
      factor * coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0), factor * coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
      factor * coalesce(coalesce(CAST(CASE WHEN instr(v.n, '.') = 0 THEN v.n ELSE substr(v.n, 1, instr(v.n, '.') - 1) END AS BIGINT), CAST(CASE WHEN instr(v.g, '.') = 0 THEN v.g ELSE substr(v.g, 1, instr(v.g, '.') - 1) END AS BIGINT) - CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT)), 0), factor * coalesce(coalesce((CASE WHEN instr(v.n, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.n, instr(v.n, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.n, 1, 1) = '-' THEN -1 ELSE 1 END) END), (CASE WHEN instr(v.g, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.g, instr(v.g, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.g, 1, 1) = '-' THEN -1 ELSE 1 END) END) - (CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0)
    FROM (SELECT doc.total AS g, coalesce(json_extract(doc.totals, '$.tax_total'), '0') AS x, json_extract(doc.totals, '$.net_total') AS n) AS v
    WHERE (doc.status <> 'rejected' AND doc.duplicate_of IS NULL)
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
      OR OLD.totals IS DISTINCT FROM NEW.totals OR ((OLD.status <> 'rejected' AND OLD.duplicate_of IS NULL)) IS DISTINCT FROM ((NEW.status <> 'rejected' AND NEW.duplicate_of IS NULL))) THEN
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
CREATE OR REPLACE FUNCTION payable_items_keep_documents() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF (NEW.status <> 'rejected' AND NEW.duplicate_of IS NULL) THEN
      PERFORM payable_items_refresh(ARRAY[NEW.id]);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF (OLD.status <> 'rejected' AND OLD.duplicate_of IS NULL) THEN
      PERFORM payable_items_refresh(ARRAY[OLD.id]);
    END IF;
  ELSIF (OLD.id IS DISTINCT FROM NEW.id OR OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.document_type IS DISTINCT FROM NEW.document_type OR OLD.issue_date IS DISTINCT FROM NEW.issue_date OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.due_date IS DISTINCT FROM NEW.due_date OR OLD.currency IS DISTINCT FROM NEW.currency OR OLD.amount_due IS DISTINCT FROM NEW.amount_due OR OLD.seller_tax_id IS DISTINCT FROM NEW.seller_tax_id OR OLD.seller_name IS DISTINCT FROM NEW.seller_name OR ((OLD.status <> 'rejected' AND OLD.duplicate_of IS NULL)) IS DISTINCT FROM ((NEW.status <> 'rejected' AND NEW.duplicate_of IS NULL)))
      AND ((OLD.status <> 'rejected' AND OLD.duplicate_of IS NULL) OR (NEW.status <> 'rejected' AND NEW.duplicate_of IS NULL)) THEN
    PERFORM payable_items_refresh(ARRAY[OLD.id, NEW.id]);
  END IF;
  RETURN NULL;
END $$
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
