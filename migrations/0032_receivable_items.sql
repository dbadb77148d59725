CREATE TABLE `receivable_items` (
	`document_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`currency` text NOT NULL,
	`document_type` text NOT NULL,
	`issue_date` text NOT NULL,
	`due_date` text,
	`open_units` integer NOT NULL,
	`open_parts` integer NOT NULL,
	`last_event` text NOT NULL,
	`settled_from` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `receivable_items_open_idx` ON `receivable_items` (`account_id`,`settled_from`,`document_id`,`last_event`,`issue_date`,`document_type`,`customer_id`,`currency`,`due_date`,`open_units`,`open_parts`);
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
-- with nothing open and a credit note that settles its invoice; else never ('9999-99-99').
-- (Each max() is of an expression: on the bare column SQLite would find it by walking an index of the
-- account's dates from the top, every payment or document of the account, instead of this document's few.)
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
          FROM (SELECT coalesce(json_extract(c.totals, '$.amount_due'), json_extract(c.totals, '$.total')) AS amount FROM documents AS c WHERE c.account_id = d.account_id AND c.source_document_id = d.id AND c.status IN ('finalized', 'sent', 'paid', 'archived') AND c.voided_at IS NULL AND c.document_type = 'credit_note' AND c.currency = d.currency) AS k) ELSE 0 END AS cu,
        CASE WHEN d.document_type = 'invoice' THEN (SELECT CAST(coalesce(sum((CASE WHEN instr(k.amount, '.') = 0 THEN 0 ELSE CAST(substr(substr(k.amount, instr(k.amount, '.') + 1) || '0000000000', 1, 10) AS BIGINT) * (CASE WHEN substr(k.amount, 1, 1) = '-' THEN -1 ELSE 1 END) END)), 0) AS BIGINT)
          FROM (SELECT coalesce(json_extract(c.totals, '$.amount_due'), json_extract(c.totals, '$.total')) AS amount FROM documents AS c WHERE c.account_id = d.account_id AND c.source_document_id = d.id AND c.status IN ('finalized', 'sent', 'paid', 'archived') AND c.voided_at IS NULL AND c.document_type = 'credit_note' AND c.currency = d.currency) AS k) ELSE 0 END AS cp,
        CASE WHEN d.document_type = 'invoice' THEN (SELECT max(c.issue_date || '') FROM documents AS c WHERE c.account_id = d.account_id AND c.source_document_id = d.id AND c.status IN ('finalized', 'sent', 'paid', 'archived') AND c.voided_at IS NULL AND c.document_type = 'credit_note' AND c.currency = d.currency)
          ELSE (SELECT max(t.issue_date || '') FROM documents AS t WHERE t.account_id = d.account_id AND t.id = d.source_document_id AND t.status IN ('finalized', 'sent', 'paid', 'archived') AND t.voided_at IS NULL AND t.document_type = 'invoice' AND t.currency = d.currency) END AS last_credit,
        CASE WHEN d.document_type = 'credit_note' AND EXISTS (SELECT 1 FROM documents AS t WHERE t.account_id = d.account_id AND t.id = d.source_document_id AND t.status IN ('finalized', 'sent', 'paid', 'archived') AND t.voided_at IS NULL AND t.document_type = 'invoice' AND t.currency = d.currency) THEN 1 ELSE 0 END AS applied
      FROM (SELECT x.id, x.account_id, x.customer_id, x.currency, x.document_type, x.issue_date, x.due_date,
          x.source_document_id, coalesce(json_extract(x.totals, '$.amount_due'), json_extract(x.totals, '$.total')) AS amount
        FROM documents AS x WHERE x.status IN ('finalized', 'sent', 'paid', 'archived') AND x.voided_at IS NULL AND x.document_type IN ('invoice', 'credit_note')) AS d
      WHERE d.amount IS NOT NULL
    ) AS a
  ) AS s
) AS n
--> statement-breakpoint
CREATE TRIGGER receivable_items_payment_insert AFTER INSERT ON payments
BEGIN
DELETE FROM receivable_items WHERE document_id IN (NEW.document_id);
INSERT INTO receivable_items (document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from)
  SELECT document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from FROM receivable_items_now WHERE document_id IN (NEW.document_id);
END
--> statement-breakpoint
CREATE TRIGGER receivable_items_payment_delete AFTER DELETE ON payments
BEGIN
DELETE FROM receivable_items WHERE document_id IN (OLD.document_id);
INSERT INTO receivable_items (document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from)
  SELECT document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from FROM receivable_items_now WHERE document_id IN (OLD.document_id);
END
--> statement-breakpoint
CREATE TRIGGER receivable_items_payment_update AFTER UPDATE ON payments
WHEN OLD.account_id IS NOT NEW.account_id OR OLD.document_id IS NOT NEW.document_id OR OLD.amount IS NOT NEW.amount OR OLD.date IS NOT NEW.date
BEGIN
DELETE FROM receivable_items WHERE document_id IN (OLD.document_id, NEW.document_id);
INSERT INTO receivable_items (document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from)
  SELECT document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from FROM receivable_items_now WHERE document_id IN (OLD.document_id, NEW.document_id);
END
--> statement-breakpoint
CREATE TRIGGER receivable_items_document_insert AFTER INSERT ON documents
WHEN (NEW.status IN ('finalized', 'sent', 'paid', 'archived') AND NEW.voided_at IS NULL AND NEW.document_type IN ('invoice', 'credit_note'))
BEGIN
DELETE FROM receivable_items WHERE document_id IN (SELECT NEW.id UNION SELECT NEW.source_document_id UNION SELECT c.id FROM documents AS c INDEXED BY documents_source_idx WHERE c.account_id = NEW.account_id AND c.source_document_id = NEW.id);
INSERT INTO receivable_items (document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from)
  SELECT document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from FROM receivable_items_now WHERE document_id IN (SELECT NEW.id UNION SELECT NEW.source_document_id UNION SELECT c.id FROM documents AS c INDEXED BY documents_source_idx WHERE c.account_id = NEW.account_id AND c.source_document_id = NEW.id);
END
--> statement-breakpoint
CREATE TRIGGER receivable_items_document_delete AFTER DELETE ON documents
WHEN (OLD.status IN ('finalized', 'sent', 'paid', 'archived') AND OLD.voided_at IS NULL AND OLD.document_type IN ('invoice', 'credit_note'))
BEGIN
DELETE FROM receivable_items WHERE document_id IN (SELECT OLD.id UNION SELECT OLD.source_document_id UNION SELECT c.id FROM documents AS c INDEXED BY documents_source_idx WHERE c.account_id = OLD.account_id AND c.source_document_id = OLD.id);
INSERT INTO receivable_items (document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from)
  SELECT document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from FROM receivable_items_now WHERE document_id IN (SELECT OLD.id UNION SELECT OLD.source_document_id UNION SELECT c.id FROM documents AS c INDEXED BY documents_source_idx WHERE c.account_id = OLD.account_id AND c.source_document_id = OLD.id);
END
--> statement-breakpoint
CREATE TRIGGER receivable_items_document_update AFTER UPDATE ON documents
WHEN (OLD.id IS NOT NEW.id OR OLD.account_id IS NOT NEW.account_id OR OLD.document_type IS NOT NEW.document_type OR OLD.issue_date IS NOT NEW.issue_date OR OLD.due_date IS NOT NEW.due_date OR OLD.customer_id IS NOT NEW.customer_id OR OLD.currency IS NOT NEW.currency OR OLD.totals IS NOT NEW.totals OR OLD.source_document_id IS NOT NEW.source_document_id OR (OLD.status IN ('finalized', 'sent', 'paid', 'archived') AND OLD.voided_at IS NULL) IS NOT (NEW.status IN ('finalized', 'sent', 'paid', 'archived') AND NEW.voided_at IS NULL))
    AND ((OLD.status IN ('finalized', 'sent', 'paid', 'archived') AND OLD.voided_at IS NULL AND OLD.document_type IN ('invoice', 'credit_note')) OR (NEW.status IN ('finalized', 'sent', 'paid', 'archived') AND NEW.voided_at IS NULL AND NEW.document_type IN ('invoice', 'credit_note')))
BEGIN
DELETE FROM receivable_items WHERE document_id IN (SELECT OLD.id UNION SELECT NEW.id UNION SELECT OLD.source_document_id UNION SELECT NEW.source_document_id UNION SELECT c.id FROM documents AS c INDEXED BY documents_source_idx WHERE c.account_id = OLD.account_id AND c.source_document_id = OLD.id UNION SELECT c.id FROM documents AS c INDEXED BY documents_source_idx WHERE c.account_id = NEW.account_id AND c.source_document_id = NEW.id);
INSERT INTO receivable_items (document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from)
  SELECT document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from FROM receivable_items_now WHERE document_id IN (SELECT OLD.id UNION SELECT NEW.id UNION SELECT OLD.source_document_id UNION SELECT NEW.source_document_id UNION SELECT c.id FROM documents AS c INDEXED BY documents_source_idx WHERE c.account_id = OLD.account_id AND c.source_document_id = OLD.id UNION SELECT c.id FROM documents AS c INDEXED BY documents_source_idx WHERE c.account_id = NEW.account_id AND c.source_document_id = NEW.id);
END
--> statement-breakpoint
INSERT INTO receivable_items (document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from)
  SELECT document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from FROM receivable_items_now
