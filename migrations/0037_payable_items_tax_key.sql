-- The payables tell suppliers apart by their VAT id as the DATEV export's creditor numbers do
-- (src/modules/exports/use-cases/datev-lines.ts supplierKeyOf): without its spaces, tabs, line breaks and
-- no-break spaces, upper case. "DE 811 907 980" and "de811907980" are one supplier; a VAT id of blanks
-- only is none (the seller's name tells it apart). The view as migration 0033 wrote it but for `party`,
-- then the rows kept for documents with a VAT id take their new key (triggers keep them from here on).
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
        FROM received_documents AS x WHERE x.status <> 'rejected') AS d
    ) AS a
  ) AS s
) AS n
--> statement-breakpoint
UPDATE payable_items SET party = CASE WHEN upper(replace(replace(replace(replace(replace(x.seller_tax_id, ' ', ''), char(9), ''), char(10), ''), char(13), ''), char(160), '')) <> '' THEN 'tax:' || upper(replace(replace(replace(replace(replace(x.seller_tax_id, ' ', ''), char(9), ''), char(10), ''), char(13), ''), char(160), ''))
    ELSE 'name:' || coalesce(x.seller_name, '') END
  FROM received_documents AS x
  WHERE x.id = payable_items.document_id AND x.seller_tax_id IS NOT NULL AND x.seller_tax_id <> ''
