import { Value } from '@sinclair/typebox/value';
import { toFieldErrors } from '../../../http/validation';
import type { FieldError } from '../../../shared/errors';
import { documentProblems, documentTotals } from '../checks';
import { StatelessBody } from '../model';
import { presentTotals } from '../present';

const NAMES = { content: 'body.data', issueDate: 'body.data.issue_date', dueDate: 'body.data.due_date' };

/** Fields a complete document needs beyond what the calculation needs. */
function completenessProblems(body: StatelessBody): FieldError[] {
  const problems: FieldError[] = [];
  for (const key of ['issue_date', 'seller', 'buyer'] as const) {
    if (body.data[key] === undefined)
      problems.push({ loc: `body.data.${key}`, msg: 'Field required', type: 'missing' });
  }
  return problems;
}

/** Semantic problems of a body that passed the schema (calculate needs only currency and lines). */
export function statelessProblems(body: StatelessBody, completeness: boolean): FieldError[] {
  const subject = {
    documentType: body.document_type ?? 'invoice',
    currency: body.data.currency,
    locale: body.data.locale,
    issueDate: body.data.issue_date,
    dueDate: body.data.due_date,
    reason: body.data.reason,
    seller: body.data.seller,
    buyer: body.data.buyer,
    content: body.data,
  };
  return [...(completeness ? completenessProblems(body) : []), ...documentProblems(subject, NAMES)];
}

/**
 * POST /documents/validate: any body, answered as a value, never a 422: `valid` plus the same field list a
 * 422 from the other endpoints would carry.
 */
export function validateDocumentData(body: unknown): { valid: boolean; fields: FieldError[] } {
  if (!Value.Check(StatelessBody, body)) {
    return { valid: false, fields: toFieldErrors('body', [...Value.Errors(StatelessBody, body)]) };
  }
  const fields = statelessProblems(body, true);
  return { valid: fields.length === 0, fields };
}

/** POST /documents/calculate: exactly the totals storing the same content would give. */
export function calculateDocument(body: StatelessBody) {
  const totals = documentTotals(body.data.currency, body.data);
  if (!totals.ok) throw new Error('calculate called on content that failed its checks');
  return { calculation: presentTotals(totals.totals, body.data.currency) };
}
