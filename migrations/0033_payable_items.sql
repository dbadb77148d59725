CREATE TABLE `payable_items` (
	`document_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`party` text NOT NULL,
	`currency` text NOT NULL,
	`document_type` text NOT NULL,
	`day` text NOT NULL,
	`due_date` text,
	`open_units` integer NOT NULL,
	`open_parts` integer NOT NULL,
	`last_event` text NOT NULL,
	`settled_from` text NOT NULL,
	`latest` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payable_items_open_idx` ON `payable_items` (`account_id`,`settled_from`,`document_id`,`last_event`,`day`,`document_type`,`party`,`currency`,`due_date`,`open_units`,`open_parts`);--> statement-breakpoint
CREATE INDEX `payable_items_party_idx` ON `payable_items` (`account_id`,`party`,`latest`);
--> statement-breakpoint
-- The payables' rows kept as received documents and their payments change: a document's row is written
-- again from payable_items_now when it or one of its payments changes.
-- What each received document that counts (not rejected) stands at for the payables (issue 42 §4;
-- docs/reports.md; the table: payableItems in src/modules/receiving/schema.ts), computed from the received
-- documents and their payments there are: the row `payable_items` keeps for it, as the payables report
-- sums it (src/modules/receiving/report-sums.ts; amounts split as sql-money.ts splits them). An invoice: its
-- amount due less all its payments, dated by the later of its day and its latest payment; settled from
-- that day when nothing is open. A credit note: its amount due, dated by its day, never settled. (max() of
-- an expression: on the bare column SQLite would walk an index of the account's payments by date.)
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
          CASE WHEN x.seller_tax_id IS NOT NULL AND x.seller_tax_id <> '' THEN 'tax:' || x.seller_tax_id ELSE 'name:' || coalesce(x.seller_name, '') END AS party,
          x.currency, x.document_type, coalesce(x.issue_date, substr(x.created_at, 1, 10)) AS day, x.due_date,
          x.amount_due AS amount, coalesce(x.issue_date, '') || '|' || x.id AS latest
        FROM received_documents AS x WHERE x.status <> 'rejected') AS d
    ) AS a
  ) AS s
) AS n
--> statement-breakpoint
CREATE TRIGGER payable_items_payment_insert AFTER INSERT ON received_payments
BEGIN
DELETE FROM payable_items WHERE document_id IN (NEW.received_document_id);
INSERT INTO payable_items (document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest)
  SELECT document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest FROM payable_items_now WHERE document_id IN (NEW.received_document_id);
END
--> statement-breakpoint
CREATE TRIGGER payable_items_payment_delete AFTER DELETE ON received_payments
BEGIN
DELETE FROM payable_items WHERE document_id IN (OLD.received_document_id);
INSERT INTO payable_items (document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest)
  SELECT document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest FROM payable_items_now WHERE document_id IN (OLD.received_document_id);
END
--> statement-breakpoint
CREATE TRIGGER payable_items_payment_update AFTER UPDATE ON received_payments
WHEN OLD.account_id IS NOT NEW.account_id OR OLD.received_document_id IS NOT NEW.received_document_id OR OLD.amount IS NOT NEW.amount OR OLD.date IS NOT NEW.date
BEGIN
DELETE FROM payable_items WHERE document_id IN (OLD.received_document_id, NEW.received_document_id);
INSERT INTO payable_items (document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest)
  SELECT document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest FROM payable_items_now WHERE document_id IN (OLD.received_document_id, NEW.received_document_id);
END
--> statement-breakpoint
CREATE TRIGGER payable_items_document_insert AFTER INSERT ON received_documents
WHEN NEW.status <> 'rejected'
BEGIN
DELETE FROM payable_items WHERE document_id IN (NEW.id);
INSERT INTO payable_items (document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest)
  SELECT document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest FROM payable_items_now WHERE document_id IN (NEW.id);
END
--> statement-breakpoint
CREATE TRIGGER payable_items_document_delete AFTER DELETE ON received_documents
WHEN OLD.status <> 'rejected'
BEGIN
DELETE FROM payable_items WHERE document_id IN (OLD.id);
INSERT INTO payable_items (document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest)
  SELECT document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest FROM payable_items_now WHERE document_id IN (OLD.id);
END
--> statement-breakpoint
CREATE TRIGGER payable_items_document_update AFTER UPDATE ON received_documents
WHEN (OLD.id IS NOT NEW.id OR OLD.account_id IS NOT NEW.account_id OR OLD.document_type IS NOT NEW.document_type OR OLD.issue_date IS NOT NEW.issue_date OR OLD.created_at IS NOT NEW.created_at OR OLD.due_date IS NOT NEW.due_date OR OLD.currency IS NOT NEW.currency OR OLD.amount_due IS NOT NEW.amount_due OR OLD.seller_tax_id IS NOT NEW.seller_tax_id OR OLD.seller_name IS NOT NEW.seller_name OR (OLD.status <> 'rejected') IS NOT (NEW.status <> 'rejected'))
    AND (OLD.status <> 'rejected' OR NEW.status <> 'rejected')
BEGIN
DELETE FROM payable_items WHERE document_id IN (OLD.id, NEW.id);
INSERT INTO payable_items (document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest)
  SELECT document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest FROM payable_items_now WHERE document_id IN (OLD.id, NEW.id);
END
--> statement-breakpoint
INSERT INTO payable_items (document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest)
  SELECT document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest FROM payable_items_now
