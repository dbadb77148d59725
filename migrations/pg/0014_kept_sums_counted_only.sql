-- A document that does not count in revenue (a draft, a quote, a voided invoice) adds nothing to the kept
-- monthly sums: the trigger of 0011 no longer runs issued_month_sums_add's two statements for it only to find
-- no row (every draft's insert and edit paid them; issue 42 §5). Same sums: add() itself keeps its filter.
CREATE OR REPLACE FUNCTION issued_month_sums_keep() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NOT (OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.document_type IS DISTINCT FROM NEW.document_type OR OLD.issue_date IS DISTINCT FROM NEW.issue_date
      OR OLD.currency IS DISTINCT FROM NEW.currency OR OLD.totals IS DISTINCT FROM NEW.totals OR (OLD.status IN ('finalized', 'sent', 'paid', 'archived') AND OLD.voided_at IS NULL AND OLD.document_type IN ('invoice', 'credit_note')) IS DISTINCT FROM (NEW.status IN ('finalized', 'sent', 'paid', 'archived') AND NEW.voided_at IS NULL AND NEW.document_type IN ('invoice', 'credit_note'))) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status IN ('finalized', 'sent', 'paid', 'archived') AND OLD.voided_at IS NULL AND OLD.document_type IN ('invoice', 'credit_note') THEN
    PERFORM issued_month_sums_add(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('finalized', 'sent', 'paid', 'archived') AND NEW.voided_at IS NULL AND NEW.document_type IN ('invoice', 'credit_note') THEN
    PERFORM issued_month_sums_add(NEW, 1);
  END IF;
  RETURN NULL;
END $$
