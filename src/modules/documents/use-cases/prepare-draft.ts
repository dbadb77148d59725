import type { AccountCtx } from '../../../shared/context';
import { type FieldError, validationError } from '../../../shared/errors';
import { findBusinessProfile } from '../../business-profiles';
import { findCustomer } from '../../customers';
import type { DocumentType } from '../../reference';
import { documentProblems, documentTotals } from '../checks';
import { CONTENT_KEYS } from '../content';
import type { DocumentData } from '../model';
import type { StoredTotals } from '../present';
import { findDocument } from '../repo';

/** A draft as it will be stored, before its checks ran. */
export interface DraftCandidate {
  documentType: DocumentType;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  locale: string | null;
  reason: string | null;
  businessProfileId: string;
  customerId: string;
  sourceDocumentId: string | null;
  content: Record<string, unknown>;
}

function referenceProblems(ctx: AccountCtx, draft: DraftCandidate): FieldError[] {
  const problems: FieldError[] = [];
  const missing = (loc: string, what: string) =>
    problems.push({ loc, msg: `${what} not found`, type: 'not_found' });
  if (!findBusinessProfile(ctx.db, ctx.accountId, draft.businessProfileId)) {
    missing('body.business_profile_id', 'Business profile');
  }
  if (!findCustomer(ctx.db, ctx.accountId, draft.customerId)) missing('body.customer_id', 'Customer');
  if (draft.sourceDocumentId !== null) {
    const source = findDocument(ctx.db, ctx.accountId, draft.sourceDocumentId);
    if (!source) missing('body.source_document_id', 'Source document');
    else if (draft.documentType === 'credit_note' && source.documentType !== 'invoice') {
      problems.push({
        loc: 'body.source_document_id',
        msg: 'a credit note corrects an invoice',
        type: 'invalid_value',
      });
    }
  } else if (draft.documentType === 'credit_note') {
    problems.push({
      loc: 'body.source_document_id',
      msg: 'a credit note needs the invoice it corrects',
      type: 'missing',
    });
  }
  return problems;
}

type DraftContent = Pick<DocumentData, 'line_items' | 'discounts' | 'shipping' | 'tax_scheme' | 'ship_to'>;

/** Every problem of a draft (references, content, totals), with `body.` locs, as a value. */
export function draftProblems(ctx: AccountCtx, draft: DraftCandidate): FieldError[] {
  const content = draft.content as DraftContent;
  return [
    ...referenceProblems(ctx, draft),
    ...documentProblems(
      { ...draft, content },
      { content: 'body', issueDate: 'body.issue_date', dueDate: 'body.due_date' },
    ),
  ];
}

/** Checks a draft completely (references, content, totals) and returns the totals to store with it. */
export function prepareDraft(ctx: AccountCtx, draft: DraftCandidate): StoredTotals {
  const content = draft.content as DraftContent;
  const problems = draftProblems(ctx, draft);
  if (problems.length > 0) throw validationError(problems);
  const totals = documentTotals(draft.currency, content);
  if (!totals.ok) throw validationError(totals.problems.map((p) => ({ ...p, loc: `body.${p.loc}` })));
  return { ...totals.totals, currency: draft.currency };
}

/** The content keys of a request, without the undefined (omitted) and null (cleared) ones. */
export function pickContent(source: Record<string, unknown>): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const key of CONTENT_KEYS) {
    const value = source[key];
    if (value !== undefined && value !== null) content[key] = value;
  }
  return content;
}
