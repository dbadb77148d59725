-- A credit note entered with negative amounts (docs/calculation.md) credits as much as one entered
-- positive, as its e-invoice (every amount negated: docs/einvoicing-xml.md) and the invoice's
-- amount_credited (docs/payments.md) already had it; the revenue report's kept monthly sums and the
-- receivables' kept rows took it with its sign, so it was subtracted as a negative: added to revenue and
-- to what the customer owed. Now a credit note whose total is negative is read negated (its total, tax,
-- groups and amount due) wherever the database keeps sums, and the sums are made again from the documents.
DROP TRIGGER issued_month_sums_insert
--> statement-breakpoint
DROP TRIGGER issued_month_sums_delete
--> statement-breakpoint
DROP TRIGGER issued_month_sums_update
--> statement-breakpoint
CREATE TRIGGER issued_month_sums_insert AFTER INSERT ON documents
WHEN NEW.status IN ('finalized', 'sent', 'paid', 'archived') AND NEW.voided_at IS NULL AND NEW.document_type IN ('invoice', 'credit_note')
BEGIN
INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
  SELECT NEW.account_id, NEW.currency, substr(NEW.issue_date, 1, 7), NEW.document_type, 'totals', '', NULL, '', NULL, 1,
    1 * coalesce(CAST(CASE WHEN instr(v.t, '.') = 0 THEN v.t ELSE substr(v.t, 1, instr(v.t, '.') - 1) END AS BIGINT), 0), 1 * coalesce((CASE WHEN instr(v.t, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.t, instr(v.t, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.t, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
    1 * coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0), 1 * coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)
  FROM (SELECT (CASE WHEN NEW.document_type = 'credit_note' AND substr(json_extract(NEW.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(NEW.totals, '$.total'), 1, 1) = '-' THEN substr(json_extract(NEW.totals, '$.total'), 2) ELSE '-' || json_extract(NEW.totals, '$.total') END) ELSE json_extract(NEW.totals, '$.total') END) AS t, (CASE WHEN NEW.document_type = 'credit_note' AND substr(json_extract(NEW.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(NEW.totals, '$.tax_total'), 1, 1) = '-' THEN substr(json_extract(NEW.totals, '$.tax_total'), 2) ELSE '-' || json_extract(NEW.totals, '$.tax_total') END) ELSE json_extract(NEW.totals, '$.tax_total') END) AS x) AS v
  WHERE NEW.status IN ('finalized', 'sent', 'paid', 'archived') AND NEW.voided_at IS NULL AND NEW.document_type IN ('invoice', 'credit_note')
  ON CONFLICT (account_id, currency, month, document_type, kind, category_key, rate_key) DO UPDATE SET documents = issued_month_sums.documents + excluded.documents,
    a_units = issued_month_sums.a_units + excluded.a_units, a_parts = issued_month_sums.a_parts + excluded.a_parts,
    b_units = issued_month_sums.b_units + excluded.b_units, b_parts = issued_month_sums.b_parts + excluded.b_parts;
INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
  SELECT NEW.account_id, NEW.currency, substr(NEW.issue_date, 1, 7), NEW.document_type, 'rate',
    coalesce(g.category, '!null'), g.category, coalesce(g.rate, '!null'), g.rate, 1 * count(*),
    1 * sum(coalesce(CAST(CASE WHEN instr(g.taxable, '.') = 0 THEN g.taxable ELSE substr(g.taxable, 1, instr(g.taxable, '.') - 1) END AS BIGINT), 0)), 1 * sum(coalesce((CASE WHEN instr(g.taxable, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.taxable, instr(g.taxable, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.taxable, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)),
    1 * sum(coalesce(CAST(CASE WHEN instr(g.tax, '.') = 0 THEN g.tax ELSE substr(g.tax, 1, instr(g.tax, '.') - 1) END AS BIGINT), 0)), 1 * sum(coalesce((CASE WHEN instr(g.tax, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.tax, instr(g.tax, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.tax, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0))
  FROM (SELECT json_extract(e.value, '$.category') AS category, json_extract(e.value, '$.rate') AS rate, (CASE WHEN NEW.document_type = 'credit_note' AND substr(json_extract(NEW.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(e.value, '$.taxable_amount'), 1, 1) = '-' THEN substr(json_extract(e.value, '$.taxable_amount'), 2) ELSE '-' || json_extract(e.value, '$.taxable_amount') END) ELSE json_extract(e.value, '$.taxable_amount') END) AS taxable,
      (CASE WHEN NEW.document_type = 'credit_note' AND substr(json_extract(NEW.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(e.value, '$.tax_amount'), 1, 1) = '-' THEN substr(json_extract(e.value, '$.tax_amount'), 2) ELSE '-' || json_extract(e.value, '$.tax_amount') END) ELSE json_extract(e.value, '$.tax_amount') END) AS tax FROM json_each(NEW.totals, '$.tax_groups') AS e) AS g
  WHERE NEW.status IN ('finalized', 'sent', 'paid', 'archived') AND NEW.voided_at IS NULL AND NEW.document_type IN ('invoice', 'credit_note')
  GROUP BY g.category, g.rate
  ON CONFLICT (account_id, currency, month, document_type, kind, category_key, rate_key) DO UPDATE SET documents = issued_month_sums.documents + excluded.documents,
    a_units = issued_month_sums.a_units + excluded.a_units, a_parts = issued_month_sums.a_parts + excluded.a_parts,
    b_units = issued_month_sums.b_units + excluded.b_units, b_parts = issued_month_sums.b_parts + excluded.b_parts;
END
--> statement-breakpoint
CREATE TRIGGER issued_month_sums_delete AFTER DELETE ON documents
WHEN OLD.status IN ('finalized', 'sent', 'paid', 'archived') AND OLD.voided_at IS NULL AND OLD.document_type IN ('invoice', 'credit_note')
BEGIN
INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
  SELECT OLD.account_id, OLD.currency, substr(OLD.issue_date, 1, 7), OLD.document_type, 'totals', '', NULL, '', NULL, -1,
    -1 * coalesce(CAST(CASE WHEN instr(v.t, '.') = 0 THEN v.t ELSE substr(v.t, 1, instr(v.t, '.') - 1) END AS BIGINT), 0), -1 * coalesce((CASE WHEN instr(v.t, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.t, instr(v.t, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.t, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
    -1 * coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0), -1 * coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)
  FROM (SELECT (CASE WHEN OLD.document_type = 'credit_note' AND substr(json_extract(OLD.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(OLD.totals, '$.total'), 1, 1) = '-' THEN substr(json_extract(OLD.totals, '$.total'), 2) ELSE '-' || json_extract(OLD.totals, '$.total') END) ELSE json_extract(OLD.totals, '$.total') END) AS t, (CASE WHEN OLD.document_type = 'credit_note' AND substr(json_extract(OLD.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(OLD.totals, '$.tax_total'), 1, 1) = '-' THEN substr(json_extract(OLD.totals, '$.tax_total'), 2) ELSE '-' || json_extract(OLD.totals, '$.tax_total') END) ELSE json_extract(OLD.totals, '$.tax_total') END) AS x) AS v
  WHERE OLD.status IN ('finalized', 'sent', 'paid', 'archived') AND OLD.voided_at IS NULL AND OLD.document_type IN ('invoice', 'credit_note')
  ON CONFLICT (account_id, currency, month, document_type, kind, category_key, rate_key) DO UPDATE SET documents = issued_month_sums.documents + excluded.documents,
    a_units = issued_month_sums.a_units + excluded.a_units, a_parts = issued_month_sums.a_parts + excluded.a_parts,
    b_units = issued_month_sums.b_units + excluded.b_units, b_parts = issued_month_sums.b_parts + excluded.b_parts;
INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
  SELECT OLD.account_id, OLD.currency, substr(OLD.issue_date, 1, 7), OLD.document_type, 'rate',
    coalesce(g.category, '!null'), g.category, coalesce(g.rate, '!null'), g.rate, -1 * count(*),
    -1 * sum(coalesce(CAST(CASE WHEN instr(g.taxable, '.') = 0 THEN g.taxable ELSE substr(g.taxable, 1, instr(g.taxable, '.') - 1) END AS BIGINT), 0)), -1 * sum(coalesce((CASE WHEN instr(g.taxable, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.taxable, instr(g.taxable, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.taxable, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)),
    -1 * sum(coalesce(CAST(CASE WHEN instr(g.tax, '.') = 0 THEN g.tax ELSE substr(g.tax, 1, instr(g.tax, '.') - 1) END AS BIGINT), 0)), -1 * sum(coalesce((CASE WHEN instr(g.tax, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.tax, instr(g.tax, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.tax, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0))
  FROM (SELECT json_extract(e.value, '$.category') AS category, json_extract(e.value, '$.rate') AS rate, (CASE WHEN OLD.document_type = 'credit_note' AND substr(json_extract(OLD.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(e.value, '$.taxable_amount'), 1, 1) = '-' THEN substr(json_extract(e.value, '$.taxable_amount'), 2) ELSE '-' || json_extract(e.value, '$.taxable_amount') END) ELSE json_extract(e.value, '$.taxable_amount') END) AS taxable,
      (CASE WHEN OLD.document_type = 'credit_note' AND substr(json_extract(OLD.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(e.value, '$.tax_amount'), 1, 1) = '-' THEN substr(json_extract(e.value, '$.tax_amount'), 2) ELSE '-' || json_extract(e.value, '$.tax_amount') END) ELSE json_extract(e.value, '$.tax_amount') END) AS tax FROM json_each(OLD.totals, '$.tax_groups') AS e) AS g
  WHERE OLD.status IN ('finalized', 'sent', 'paid', 'archived') AND OLD.voided_at IS NULL AND OLD.document_type IN ('invoice', 'credit_note')
  GROUP BY g.category, g.rate
  ON CONFLICT (account_id, currency, month, document_type, kind, category_key, rate_key) DO UPDATE SET documents = issued_month_sums.documents + excluded.documents,
    a_units = issued_month_sums.a_units + excluded.a_units, a_parts = issued_month_sums.a_parts + excluded.a_parts,
    b_units = issued_month_sums.b_units + excluded.b_units, b_parts = issued_month_sums.b_parts + excluded.b_parts;
END
--> statement-breakpoint
CREATE TRIGGER issued_month_sums_update AFTER UPDATE ON documents
WHEN (OLD.account_id IS NOT NEW.account_id OR OLD.document_type IS NOT NEW.document_type OR OLD.issue_date IS NOT NEW.issue_date
    OR OLD.currency IS NOT NEW.currency OR OLD.totals IS NOT NEW.totals OR (OLD.status IN ('finalized', 'sent', 'paid', 'archived') AND OLD.voided_at IS NULL AND OLD.document_type IN ('invoice', 'credit_note')) IS NOT (NEW.status IN ('finalized', 'sent', 'paid', 'archived') AND NEW.voided_at IS NULL AND NEW.document_type IN ('invoice', 'credit_note')))
BEGIN
INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
  SELECT OLD.account_id, OLD.currency, substr(OLD.issue_date, 1, 7), OLD.document_type, 'totals', '', NULL, '', NULL, -1,
    -1 * coalesce(CAST(CASE WHEN instr(v.t, '.') = 0 THEN v.t ELSE substr(v.t, 1, instr(v.t, '.') - 1) END AS BIGINT), 0), -1 * coalesce((CASE WHEN instr(v.t, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.t, instr(v.t, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.t, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
    -1 * coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0), -1 * coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)
  FROM (SELECT (CASE WHEN OLD.document_type = 'credit_note' AND substr(json_extract(OLD.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(OLD.totals, '$.total'), 1, 1) = '-' THEN substr(json_extract(OLD.totals, '$.total'), 2) ELSE '-' || json_extract(OLD.totals, '$.total') END) ELSE json_extract(OLD.totals, '$.total') END) AS t, (CASE WHEN OLD.document_type = 'credit_note' AND substr(json_extract(OLD.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(OLD.totals, '$.tax_total'), 1, 1) = '-' THEN substr(json_extract(OLD.totals, '$.tax_total'), 2) ELSE '-' || json_extract(OLD.totals, '$.tax_total') END) ELSE json_extract(OLD.totals, '$.tax_total') END) AS x) AS v
  WHERE OLD.status IN ('finalized', 'sent', 'paid', 'archived') AND OLD.voided_at IS NULL AND OLD.document_type IN ('invoice', 'credit_note')
  ON CONFLICT (account_id, currency, month, document_type, kind, category_key, rate_key) DO UPDATE SET documents = issued_month_sums.documents + excluded.documents,
    a_units = issued_month_sums.a_units + excluded.a_units, a_parts = issued_month_sums.a_parts + excluded.a_parts,
    b_units = issued_month_sums.b_units + excluded.b_units, b_parts = issued_month_sums.b_parts + excluded.b_parts;
INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
  SELECT OLD.account_id, OLD.currency, substr(OLD.issue_date, 1, 7), OLD.document_type, 'rate',
    coalesce(g.category, '!null'), g.category, coalesce(g.rate, '!null'), g.rate, -1 * count(*),
    -1 * sum(coalesce(CAST(CASE WHEN instr(g.taxable, '.') = 0 THEN g.taxable ELSE substr(g.taxable, 1, instr(g.taxable, '.') - 1) END AS BIGINT), 0)), -1 * sum(coalesce((CASE WHEN instr(g.taxable, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.taxable, instr(g.taxable, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.taxable, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)),
    -1 * sum(coalesce(CAST(CASE WHEN instr(g.tax, '.') = 0 THEN g.tax ELSE substr(g.tax, 1, instr(g.tax, '.') - 1) END AS BIGINT), 0)), -1 * sum(coalesce((CASE WHEN instr(g.tax, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.tax, instr(g.tax, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.tax, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0))
  FROM (SELECT json_extract(e.value, '$.category') AS category, json_extract(e.value, '$.rate') AS rate, (CASE WHEN OLD.document_type = 'credit_note' AND substr(json_extract(OLD.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(e.value, '$.taxable_amount'), 1, 1) = '-' THEN substr(json_extract(e.value, '$.taxable_amount'), 2) ELSE '-' || json_extract(e.value, '$.taxable_amount') END) ELSE json_extract(e.value, '$.taxable_amount') END) AS taxable,
      (CASE WHEN OLD.document_type = 'credit_note' AND substr(json_extract(OLD.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(e.value, '$.tax_amount'), 1, 1) = '-' THEN substr(json_extract(e.value, '$.tax_amount'), 2) ELSE '-' || json_extract(e.value, '$.tax_amount') END) ELSE json_extract(e.value, '$.tax_amount') END) AS tax FROM json_each(OLD.totals, '$.tax_groups') AS e) AS g
  WHERE OLD.status IN ('finalized', 'sent', 'paid', 'archived') AND OLD.voided_at IS NULL AND OLD.document_type IN ('invoice', 'credit_note')
  GROUP BY g.category, g.rate
  ON CONFLICT (account_id, currency, month, document_type, kind, category_key, rate_key) DO UPDATE SET documents = issued_month_sums.documents + excluded.documents,
    a_units = issued_month_sums.a_units + excluded.a_units, a_parts = issued_month_sums.a_parts + excluded.a_parts,
    b_units = issued_month_sums.b_units + excluded.b_units, b_parts = issued_month_sums.b_parts + excluded.b_parts;
INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
  SELECT NEW.account_id, NEW.currency, substr(NEW.issue_date, 1, 7), NEW.document_type, 'totals', '', NULL, '', NULL, 1,
    1 * coalesce(CAST(CASE WHEN instr(v.t, '.') = 0 THEN v.t ELSE substr(v.t, 1, instr(v.t, '.') - 1) END AS BIGINT), 0), 1 * coalesce((CASE WHEN instr(v.t, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.t, instr(v.t, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.t, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0),
    1 * coalesce(CAST(CASE WHEN instr(v.x, '.') = 0 THEN v.x ELSE substr(v.x, 1, instr(v.x, '.') - 1) END AS BIGINT), 0), 1 * coalesce((CASE WHEN instr(v.x, '.') = 0 THEN 0 ELSE CAST(substr(substr(v.x, instr(v.x, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(v.x, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)
  FROM (SELECT (CASE WHEN NEW.document_type = 'credit_note' AND substr(json_extract(NEW.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(NEW.totals, '$.total'), 1, 1) = '-' THEN substr(json_extract(NEW.totals, '$.total'), 2) ELSE '-' || json_extract(NEW.totals, '$.total') END) ELSE json_extract(NEW.totals, '$.total') END) AS t, (CASE WHEN NEW.document_type = 'credit_note' AND substr(json_extract(NEW.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(NEW.totals, '$.tax_total'), 1, 1) = '-' THEN substr(json_extract(NEW.totals, '$.tax_total'), 2) ELSE '-' || json_extract(NEW.totals, '$.tax_total') END) ELSE json_extract(NEW.totals, '$.tax_total') END) AS x) AS v
  WHERE NEW.status IN ('finalized', 'sent', 'paid', 'archived') AND NEW.voided_at IS NULL AND NEW.document_type IN ('invoice', 'credit_note')
  ON CONFLICT (account_id, currency, month, document_type, kind, category_key, rate_key) DO UPDATE SET documents = issued_month_sums.documents + excluded.documents,
    a_units = issued_month_sums.a_units + excluded.a_units, a_parts = issued_month_sums.a_parts + excluded.a_parts,
    b_units = issued_month_sums.b_units + excluded.b_units, b_parts = issued_month_sums.b_parts + excluded.b_parts;
INSERT INTO issued_month_sums (account_id, currency, month, document_type, kind, category_key, category, rate_key, rate, documents, a_units, a_parts, b_units, b_parts)
  SELECT NEW.account_id, NEW.currency, substr(NEW.issue_date, 1, 7), NEW.document_type, 'rate',
    coalesce(g.category, '!null'), g.category, coalesce(g.rate, '!null'), g.rate, 1 * count(*),
    1 * sum(coalesce(CAST(CASE WHEN instr(g.taxable, '.') = 0 THEN g.taxable ELSE substr(g.taxable, 1, instr(g.taxable, '.') - 1) END AS BIGINT), 0)), 1 * sum(coalesce((CASE WHEN instr(g.taxable, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.taxable, instr(g.taxable, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.taxable, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0)),
    1 * sum(coalesce(CAST(CASE WHEN instr(g.tax, '.') = 0 THEN g.tax ELSE substr(g.tax, 1, instr(g.tax, '.') - 1) END AS BIGINT), 0)), 1 * sum(coalesce((CASE WHEN instr(g.tax, '.') = 0 THEN 0 ELSE CAST(substr(substr(g.tax, instr(g.tax, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(g.tax, 1, 1) = '-' THEN -1 ELSE 1 END) END), 0))
  FROM (SELECT json_extract(e.value, '$.category') AS category, json_extract(e.value, '$.rate') AS rate, (CASE WHEN NEW.document_type = 'credit_note' AND substr(json_extract(NEW.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(e.value, '$.taxable_amount'), 1, 1) = '-' THEN substr(json_extract(e.value, '$.taxable_amount'), 2) ELSE '-' || json_extract(e.value, '$.taxable_amount') END) ELSE json_extract(e.value, '$.taxable_amount') END) AS taxable,
      (CASE WHEN NEW.document_type = 'credit_note' AND substr(json_extract(NEW.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(json_extract(e.value, '$.tax_amount'), 1, 1) = '-' THEN substr(json_extract(e.value, '$.tax_amount'), 2) ELSE '-' || json_extract(e.value, '$.tax_amount') END) ELSE json_extract(e.value, '$.tax_amount') END) AS tax FROM json_each(NEW.totals, '$.tax_groups') AS e) AS g
  WHERE NEW.status IN ('finalized', 'sent', 'paid', 'archived') AND NEW.voided_at IS NULL AND NEW.document_type IN ('invoice', 'credit_note')
  GROUP BY g.category, g.rate
  ON CONFLICT (account_id, currency, month, document_type, kind, category_key, rate_key) DO UPDATE SET documents = issued_month_sums.documents + excluded.documents,
    a_units = issued_month_sums.a_units + excluded.a_units, a_parts = issued_month_sums.a_parts + excluded.a_parts,
    b_units = issued_month_sums.b_units + excluded.b_units, b_parts = issued_month_sums.b_parts + excluded.b_parts;
END
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
DROP VIEW receivable_items_now
--> statement-breakpoint
CREATE VIEW receivable_items_now AS
SELECT n.document_id, n.account_id, n.customer_id, n.currency, n.document_type, n.issue_date, n.due_date,
  n.open_units, n.open_parts, n.last_event,
  CASE WHEN n.document_type = 'invoice' AND n.open_units = 0 AND n.open_parts = 0 THEN n.last_event
    WHEN n.document_type = 'credit_note' AND n.applied = 1 THEN n.last_event
    ELSE '9999-99-99' END AS settled_from
FROM (
  SELECT s.document_id, s.account_id, s.customer_id, s.currency, s.document_type, s.issue_date, s.due_date, s.applied,
    s.units + (s.parts - (((s.parts % 10000000000) + 10000000000) % 10000000000)) / 10000000000 AS open_units, (((s.parts % 10000000000) + 10000000000) % 10000000000) AS open_parts,
    CASE WHEN s.last_credit > s.last_paid THEN s.last_credit ELSE s.last_paid END AS last_event
  FROM (
    SELECT a.id AS document_id, a.account_id, a.customer_id, a.currency, a.document_type, a.issue_date, a.due_date,
      a.applied, a.au - a.pu - a.cu AS units, a.ap - a.pp - a.cp AS parts,
      CASE WHEN a.last_paid > a.issue_date THEN a.last_paid ELSE a.issue_date END AS last_paid,
      CASE WHEN a.last_credit > a.issue_date THEN a.last_credit ELSE a.issue_date END AS last_credit
    FROM (
      SELECT d.id, d.account_id, d.customer_id, d.currency, d.document_type, d.issue_date, d.due_date,
        CAST(CASE WHEN instr(d.amount, '.') = 0 THEN d.amount ELSE substr(d.amount, 1, instr(d.amount, '.') - 1) END AS BIGINT) AS au,
        (CASE WHEN instr(d.amount, '.') = 0 THEN 0 ELSE CAST(substr(substr(d.amount, instr(d.amount, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(d.amount, 1, 1) = '-' THEN -1 ELSE 1 END) END) AS ap,
        CASE WHEN d.document_type = 'invoice' THEN (SELECT CAST(coalesce(sum(CAST(CASE WHEN instr(p.amount, '.') = 0 THEN p.amount ELSE substr(p.amount, 1, instr(p.amount, '.') - 1) END AS BIGINT)), 0) AS BIGINT)
          FROM payments AS p WHERE p.account_id = d.account_id AND p.document_id = d.id) ELSE 0 END AS pu,
        CASE WHEN d.document_type = 'invoice' THEN (SELECT CAST(coalesce(sum((CASE WHEN instr(p.amount, '.') = 0 THEN 0 ELSE CAST(substr(substr(p.amount, instr(p.amount, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(p.amount, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0) AS BIGINT)
          FROM payments AS p WHERE p.account_id = d.account_id AND p.document_id = d.id) ELSE 0 END AS pp,
        CASE WHEN d.document_type = 'invoice' THEN (SELECT max(p.date || '') FROM payments AS p WHERE p.account_id = d.account_id AND p.document_id = d.id) END AS last_paid,
        CASE WHEN d.document_type = 'invoice' THEN (SELECT CAST(coalesce(sum(CAST(CASE WHEN instr(k.amount, '.') = 0 THEN k.amount ELSE substr(k.amount, 1, instr(k.amount, '.') - 1) END AS BIGINT)), 0) AS BIGINT)
          FROM (SELECT (CASE WHEN c.document_type = 'credit_note' AND substr(json_extract(c.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(coalesce(json_extract(c.totals, '$.amount_due'), json_extract(c.totals, '$.total')), 1, 1) = '-' THEN substr(coalesce(json_extract(c.totals, '$.amount_due'), json_extract(c.totals, '$.total')), 2) ELSE '-' || coalesce(json_extract(c.totals, '$.amount_due'), json_extract(c.totals, '$.total')) END) ELSE coalesce(json_extract(c.totals, '$.amount_due'), json_extract(c.totals, '$.total')) END) AS amount FROM documents AS c WHERE c.account_id = d.account_id AND c.source_document_id = d.id AND c.status IN ('finalized', 'sent', 'paid', 'archived') AND c.voided_at IS NULL AND c.document_type = 'credit_note' AND c.currency = d.currency) AS k) ELSE 0 END AS cu,
        CASE WHEN d.document_type = 'invoice' THEN (SELECT CAST(coalesce(sum((CASE WHEN instr(k.amount, '.') = 0 THEN 0 ELSE CAST(substr(substr(k.amount, instr(k.amount, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(k.amount, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0) AS BIGINT)
          FROM (SELECT (CASE WHEN c.document_type = 'credit_note' AND substr(json_extract(c.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(coalesce(json_extract(c.totals, '$.amount_due'), json_extract(c.totals, '$.total')), 1, 1) = '-' THEN substr(coalesce(json_extract(c.totals, '$.amount_due'), json_extract(c.totals, '$.total')), 2) ELSE '-' || coalesce(json_extract(c.totals, '$.amount_due'), json_extract(c.totals, '$.total')) END) ELSE coalesce(json_extract(c.totals, '$.amount_due'), json_extract(c.totals, '$.total')) END) AS amount FROM documents AS c WHERE c.account_id = d.account_id AND c.source_document_id = d.id AND c.status IN ('finalized', 'sent', 'paid', 'archived') AND c.voided_at IS NULL AND c.document_type = 'credit_note' AND c.currency = d.currency) AS k) ELSE 0 END AS cp,
        CASE WHEN d.document_type = 'invoice' THEN (SELECT max(c.issue_date || '') FROM documents AS c WHERE c.account_id = d.account_id AND c.source_document_id = d.id AND c.status IN ('finalized', 'sent', 'paid', 'archived') AND c.voided_at IS NULL AND c.document_type = 'credit_note' AND c.currency = d.currency)
          ELSE (SELECT max(t.issue_date || '') FROM documents AS t WHERE t.account_id = d.account_id AND t.id = d.source_document_id AND t.status IN ('finalized', 'sent', 'paid', 'archived') AND t.voided_at IS NULL AND t.document_type = 'invoice' AND t.currency = d.currency) END AS last_credit,
        CASE WHEN d.document_type = 'credit_note' AND EXISTS (SELECT 1 FROM documents AS t WHERE t.account_id = d.account_id AND t.id = d.source_document_id AND t.status IN ('finalized', 'sent', 'paid', 'archived') AND t.voided_at IS NULL AND t.document_type = 'invoice' AND t.currency = d.currency) THEN 1 ELSE 0 END AS applied
      FROM (SELECT x.id, x.account_id, x.customer_id, x.currency, x.document_type, x.issue_date, x.due_date,
          x.source_document_id, (CASE WHEN x.document_type = 'credit_note' AND substr(json_extract(x.totals, '$.total'), 1, 1) = '-' THEN (CASE WHEN substr(coalesce(json_extract(x.totals, '$.amount_due'), json_extract(x.totals, '$.total')), 1, 1) = '-' THEN substr(coalesce(json_extract(x.totals, '$.amount_due'), json_extract(x.totals, '$.total')), 2) ELSE '-' || coalesce(json_extract(x.totals, '$.amount_due'), json_extract(x.totals, '$.total')) END) ELSE coalesce(json_extract(x.totals, '$.amount_due'), json_extract(x.totals, '$.total')) END) AS amount
        FROM documents AS x WHERE x.status IN ('finalized', 'sent', 'paid', 'archived') AND x.voided_at IS NULL AND x.document_type IN ('invoice', 'credit_note')) AS d
      WHERE d.amount IS NOT NULL
    ) AS a
  ) AS s
) AS n
--> statement-breakpoint
DELETE FROM receivable_items
--> statement-breakpoint
INSERT INTO receivable_items (document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from)
  SELECT document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from FROM receivable_items_now
