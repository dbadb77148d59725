-- The payables tell suppliers apart by their VAT id as the DATEV export's creditor numbers do
-- (src/modules/exports/use-cases/datev-lines.ts supplierKeyOf): without its spaces, tabs, line breaks and
-- no-break spaces, upper case; as SQLite's migration 0037. The view as migration 0013 wrote it but for
-- `party`, then the rows kept for documents with a VAT id take their new key, with no write to received
-- documents in between (an instance of the previous version still serving): locked until COMMIT.
LOCK TABLE received_documents, received_payments IN SHARE ROW EXCLUSIVE MODE
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
WHERE x.status <> 'rejected'
--> statement-breakpoint
UPDATE payable_items AS p SET party = CASE WHEN upper(translate(x.seller_tax_id, ' ' || chr(9) || chr(10) || chr(13) || chr(160), '')) <> '' THEN 'tax:' || upper(translate(x.seller_tax_id, ' ' || chr(9) || chr(10) || chr(13) || chr(160), ''))
    ELSE 'name:' || coalesce(x.seller_name, '') END
  FROM received_documents AS x
  WHERE x.id = p.document_id AND x.seller_tax_id IS NOT NULL AND x.seller_tax_id <> ''
