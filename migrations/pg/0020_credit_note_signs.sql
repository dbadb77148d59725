-- A credit note entered with negative amounts (docs/calculation.md) credits as much as one entered
-- positive, as its e-invoice (every amount negated: docs/einvoicing-xml.md) and the invoice's
-- amount_credited (docs/payments.md) already had it; the revenue report's kept monthly sums and the
-- receivables' kept rows took it with its sign, so it was subtracted as a negative: added to revenue and
-- to what the customer owed. Now a credit note whose total is negative is read negated (its total, tax,
-- groups and amount due) wherever the database keeps sums, and the sums are made again from the documents.
LOCK TABLE documents, payments IN SHARE ROW EXCLUSIVE MODE
--> statement-breakpoint
CREATE OR REPLACE FUNCTION issued_month_sums_add(doc documents, factor bigint) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
    SELECT doc.account_id, doc.currency, substr(doc.issue_date, 1, 7), doc.document_type, 'totals', '', NULL, '', NULL, factor,
      factor * coalesce(CAST(CASE WHEN instr(v.t, '.') = 0 THEN v.t ELSE substr(v.t, 1, instr(v.t, '.') - 1) END AS BIGINT), 0), factor * coalesce((CASE WHEN instr(v.t, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.t, instr(v.t, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.t, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
      factor * coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0), factor * coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)
    FROM (SELECT (CASE WHEN doc.document_type = 'credit_note' AND substr(json_extract(doc.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(doc.totals, '$.total'), 1, 1) = '-' THEN substr(json_extract(doc.totals, '$.total'), 2) ELSE '-' || json_extract(doc.totals, '$.total') END) ELSE json_extract(doc.totals, '$.total') END) AS t, (CASE WHEN doc.document_type = 'credit_note' AND substr(json_extract(doc.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(doc.totals, '$.tax_total'), 1, 1) = '-' THEN substr(json_extract(doc.totals, '$.tax_total'), 2) ELSE '-' || json_extract(doc.totals, '$.tax_total') END) ELSE json_extract(doc.totals, '$.tax_total') END) AS x) AS v
    WHERE doc.status IN ('finalized', 'sent', 'paid', 'archived') AND doc.voided_at IS NULL AND doc.document_type IN ('invoice', 'credit_note')
    ON CONFLICT (account_id, currency, month, document_type, kind, category_key, rate_key) DO UPDATE SET documents = issued_month_sums.documents + excluded.documents,
      a_units = issued_month_sums.a_units + excluded.a_units, a_parts = issued_month_sums.a_parts + excluded.a_parts,
      b_units = issued_month_sums.b_units + excluded.b_units, b_parts = issued_month_sums.b_parts + excluded.b_parts;
  INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
    SELECT doc.account_id, doc.currency, substr(doc.issue_date, 1, 7), doc.document_type, 'rate',
      coalesce(g.category, '!null'), g.category, coalesce(g.rate, '!null'), g.rate, factor * count(*),
      factor * sum(coalesce(CAST(CASE WHEN instr(g.taxable, '.') = 0 THEN g.taxable ELSE substr(g.taxable, 1, instr(g.taxable, '.') - 1) END AS BIGINT), 0)), factor * sum(coalesce((CASE WHEN instr(g.taxable, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.taxable, instr(g.taxable, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.taxable, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)),
      factor * sum(coalesce(CAST(CASE WHEN instr(g.tax, '.') = 0 THEN g.tax ELSE substr(g.tax, 1, instr(g.tax, '.') - 1) END AS BIGINT), 0)), factor * sum(coalesce((CASE WHEN instr(g.tax, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.tax, instr(g.tax, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.tax, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0))
    FROM (SELECT json_extract(e.value, '$.category') AS category, json_extract(e.value, '$.rate') AS rate, (CASE WHEN doc.document_type = 'credit_note' AND substr(json_extract(doc.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(e.value, '$.taxable_amount'), 1, 1) = '-' THEN substr(json_extract(e.value, '$.taxable_amount'), 2) ELSE '-' || json_extract(e.value, '$.taxable_amount') END) ELSE json_extract(e.value, '$.taxable_amount') END) AS taxable,
        (CASE WHEN doc.document_type = 'credit_note' AND substr(json_extract(doc.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(e.value, '$.tax_amount'), 1, 1) = '-' THEN substr(json_extract(e.value, '$.tax_amount'), 2) ELSE '-' || json_extract(e.value, '$.tax_amount') END) ELSE json_extract(e.value, '$.tax_amount') END) AS tax FROM json_each(doc.totals, '$.tax_groups') AS e) AS g
    WHERE doc.status IN ('finalized', 'sent', 'paid', 'archived') AND doc.voided_at IS NULL AND doc.document_type IN ('invoice', 'credit_note')
    GROUP BY g.category, g.rate
    ON CONFLICT (account_id, currency, month, document_type, kind, category_key, rate_key) DO UPDATE SET documents = issued_month_sums.documents + excluded.documents,
      a_units = issued_month_sums.a_units + excluded.a_units, a_parts = issued_month_sums.a_parts + excluded.a_parts,
      b_units = issued_month_sums.b_units + excluded.b_units, b_parts = issued_month_sums.b_parts + excluded.b_parts;
END $$
--> statement-breakpoint
DELETE FROM issued_month_sums
--> statement-breakpoint
INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
  SELECT v.account_id, v.currency, v.month, v.document_type, 'totals', '', NULL, '', NULL, count(*),
    sum(coalesce(CAST(CASE WHEN instr(v.t, '.') = 0 THEN v.t ELSE substr(v.t, 1, instr(v.t, '.') - 1) END AS BIGINT), 0)), sum(coalesce((CASE WHEN instr(v.t, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.t, instr(v.t, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.t, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)), sum(coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0)), sum(coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0))
  FROM (SELECT d.account_id, d.currency, substr(d.issue_date, 1, 7) AS month, d.document_type,
      (CASE WHEN d.document_type = 'credit_note' AND substr(json_extract(d.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(d.totals, '$.total'), 1, 1) = '-' THEN substr(json_extract(d.totals, '$.total'), 2) ELSE '-' || json_extract(d.totals, '$.total') END) ELSE json_extract(d.totals, '$.total') END) AS t, (CASE WHEN d.document_type = 'credit_note' AND substr(json_extract(d.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(d.totals, '$.tax_total'), 1, 1) = '-' THEN substr(json_extract(d.totals, '$.tax_total'), 2) ELSE '-' || json_extract(d.totals, '$.tax_total') END) ELSE json_extract(d.totals, '$.tax_total') END) AS x
    FROM documents AS d WHERE d.status IN ('finalized', 'sent', 'paid', 'archived') AND d.voided_at IS NULL AND d.document_type IN ('invoice', 'credit_note')) AS v
  GROUP BY v.account_id, v.currency, v.month, v.document_type
--> statement-breakpoint
INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
  SELECT g.account_id, g.currency, g.month, g.document_type, 'rate', coalesce(g.category, '!null'), g.category,
    coalesce(g.rate, '!null'), g.rate, count(*),
    sum(coalesce(CAST(CASE WHEN instr(g.taxable, '.') = 0 THEN g.taxable ELSE substr(g.taxable, 1, instr(g.taxable, '.') - 1) END AS BIGINT), 0)), sum(coalesce((CASE WHEN instr(g.taxable, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.taxable, instr(g.taxable, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.taxable, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)), sum(coalesce(CAST(CASE WHEN instr(g.tax, '.') = 0 THEN g.tax ELSE substr(g.tax, 1, instr(g.tax, '.') - 1) END AS BIGINT), 0)), sum(coalesce((CASE WHEN instr(g.tax, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.tax, instr(g.tax, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.tax, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0))
  FROM (SELECT d.account_id, d.currency, substr(d.issue_date, 1, 7) AS month, d.document_type,
      json_extract(e.value, '$.category') AS category, json_extract(e.value, '$.rate') AS rate, (CASE WHEN d.document_type = 'credit_note' AND substr(json_extract(d.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(e.value, '$.taxable_amount'), 1, 1) = '-' THEN substr(json_extract(e.value, '$.taxable_amount'), 2) ELSE '-' || json_extract(e.value, '$.taxable_amount') END) ELSE json_extract(e.value, '$.taxable_amount') END) AS taxable,
      (CASE WHEN d.document_type = 'credit_note' AND substr(json_extract(d.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(e.value, '$.tax_amount'), 1, 1) = '-' THEN substr(json_extract(e.value, '$.tax_amount'), 2) ELSE '-' || json_extract(e.value, '$.tax_amount') END) ELSE json_extract(e.value, '$.tax_amount') END) AS tax
    FROM documents AS d, json_each(d.totals, '$.tax_groups') AS e WHERE d.status IN ('finalized', 'sent', 'paid', 'archived') AND d.voided_at IS NULL AND d.document_type IN ('invoice', 'credit_note')) AS g
  GROUP BY g.account_id, g.currency, g.month, g.document_type, g.category, g.rate
--> statement-breakpoint
CREATE OR REPLACE VIEW receivable_items_now AS
SELECT x.id AS document_id, x.account_id, x.customer_id, x.currency, x.document_type, x.issue_date, x.due_date,
  o.open_units, o.open_parts, o.last_event,
  CASE WHEN x.document_type = 'invoice' AND o.open_units = 0 AND o.open_parts = 0 THEN o.last_event
    WHEN x.document_type = 'credit_note' AND tg.issue_date IS NOT NULL THEN o.last_event
    ELSE '9999-99-99' END AS settled_from
FROM documents AS x
CROSS JOIN LATERAL (SELECT (CASE WHEN x.document_type = 'credit_note' AND substr(json_extract(x.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(coalesce(json_extract(x.totals, '$.amount_due'), json_extract(x.totals, '$.total')), 1, 1) = '-' THEN substr(coalesce(json_extract(x.totals, '$.amount_due'), json_extract(x.totals, '$.total')), 2) ELSE '-' || coalesce(json_extract(x.totals, '$.amount_due'), json_extract(x.totals, '$.total')) END) ELSE coalesce(json_extract(x.totals, '$.amount_due'), json_extract(x.totals, '$.total')) END) AS amount OFFSET 0) AS m
CROSS JOIN LATERAL (SELECT CAST(CASE WHEN instr(m.amount, '.') = 0 THEN m.amount ELSE substr(m.amount, 1, instr(m.amount, '.') - 1) END AS BIGINT) AS au, (CASE WHEN instr(m.amount, '.') = 0 THEN 0 ELSE CAST(substr(substr(m.amount, instr(m.amount, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(m.amount, 1, 1) = '-' THEN -1 ELSE 1 END) END) AS ap OFFSET 0) AS v
CROSS JOIN LATERAL (
  SELECT CAST(coalesce(sum(CAST(CASE WHEN instr(p.amount, '.') = 0 THEN p.amount ELSE substr(p.amount, 1, instr(p.amount, '.') - 1) END AS BIGINT)), 0) AS BIGINT) AS units,
    CAST(coalesce(sum((CASE WHEN instr(p.amount, '.') = 0 THEN 0 ELSE CAST(substr(substr(p.amount, instr(p.amount, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(p.amount, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0) AS BIGINT) AS parts, max(p.date) AS last
  FROM payments AS p
  WHERE x.document_type = 'invoice' AND p.account_id = x.account_id AND p.document_id = x.id) AS pay
CROSS JOIN LATERAL (
  SELECT CAST(coalesce(sum(CAST(CASE WHEN instr(k.amount, '.') = 0 THEN k.amount ELSE substr(k.amount, 1, instr(k.amount, '.') - 1) END AS BIGINT)), 0) AS BIGINT) AS units,
    CAST(coalesce(sum((CASE WHEN instr(k.amount, '.') = 0 THEN 0 ELSE CAST(substr(substr(k.amount, instr(k.amount, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(k.amount, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0) AS BIGINT) AS parts, max(k.issue_date) AS last
  FROM (SELECT (CASE WHEN c.document_type = 'credit_note' AND substr(json_extract(c.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(coalesce(json_extract(c.totals, '$.amount_due'), json_extract(c.totals, '$.total')), 1, 1) = '-' THEN substr(coalesce(json_extract(c.totals, '$.amount_due'), json_extract(c.totals, '$.total')), 2) ELSE '-' || coalesce(json_extract(c.totals, '$.amount_due'), json_extract(c.totals, '$.total')) END) ELSE coalesce(json_extract(c.totals, '$.amount_due'), json_extract(c.totals, '$.total')) END) AS amount, c.issue_date FROM documents AS c
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
DELETE FROM receivable_items
--> statement-breakpoint
INSERT INTO receivable_items (document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from)
  SELECT document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from FROM receivable_items_now
