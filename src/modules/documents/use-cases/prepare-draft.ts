import { CONTENT_KEYS } from '../../../domain/document-content';
import type { AccountCtx } from '../../../shared/context';
import { type FieldError, validationError } from '../../../shared/errors';
import { type BusinessProfileRow, findBusinessProfile } from '../../business-profiles';
import { type CustomerRow, findCustomer } from '../../customers';
import type { DocumentType } from '../../reference';
import { documentProblems, documentTotals } from '../checks';
import type { DocumentData } from '../model';
import type { StoredTotals } from '../present';
import { findDocument } from '../repo';
import type { DocumentRow } from '../schema';

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

/** How a draft's references are found: straight from the database, or remembered (see below). */
export interface ReferenceLookup {
  businessProfileExists(id: string): Promise<boolean>;
  customerExists(id: string): Promise<boolean>;
  document(id: string): Promise<DocumentRow | undefined>;
}

export function databaseLookup(ctx: AccountCtx): ReferenceLookup {
  return {
    businessProfileExists: async (id) => (await findBusinessProfile(ctx.db, ctx.accountId, id)) !== undefined,
    customerExists: async (id) => (await findCustomer(ctx.db, ctx.accountId, id)) !== undefined,
    document: async (id) => await findDocument(ctx.db, ctx.accountId, id),
  };
}

/** A draft's profile and customer as the caller read them (undefined: the account has no such row). */
export interface DraftParties {
  profile: BusinessProfileRow | undefined;
  customer: CustomerRow | undefined;
}

/** Reads the draft's profile and customer, once each: create checks with them and answers with them. */
export async function draftPartiesOf(
  ctx: AccountCtx,
  draft: Pick<DraftCandidate, 'businessProfileId' | 'customerId'>,
): Promise<DraftParties> {
  return {
    profile: await findBusinessProfile(ctx.db, ctx.accountId, draft.businessProfileId),
    customer: await findCustomer(ctx.db, ctx.accountId, draft.customerId),
  };
}

/** The database lookup, answering for the draft's own profile and customer from the rows already read. */
export function knownPartiesLookup(
  ctx: AccountCtx,
  draft: Pick<DraftCandidate, 'businessProfileId' | 'customerId'>,
  known: DraftParties,
): ReferenceLookup {
  const direct = databaseLookup(ctx);
  return {
    businessProfileExists: async (id) =>
      id === draft.businessProfileId ? known.profile !== undefined : await direct.businessProfileExists(id),
    customerExists: async (id) =>
      id === draft.customerId ? known.customer !== undefined : await direct.customerExists(id),
    document: direct.document,
  };
}

/**
 * Looks each id up once: for checking many drafts in one synchronous step (an import's rows, which mostly
 * share a seller and a few customers), where nothing can change between two of them.
 */
export function rememberingLookup(ctx: AccountCtx): ReferenceLookup {
  const direct = databaseLookup(ctx);
  const remember = <T>(find: (id: string) => T) => {
    const seen = new Map<string, T>();
    return (id: string): T => {
      if (!seen.has(id)) seen.set(id, find(id));
      return seen.get(id) as T;
    };
  };
  return {
    businessProfileExists: remember(direct.businessProfileExists),
    customerExists: remember(direct.customerExists),
    document: remember(direct.document),
  };
}

async function referenceProblems(draft: DraftCandidate, lookup: ReferenceLookup): Promise<FieldError[]> {
  const problems: FieldError[] = [];
  const missing = (loc: string, what: string) =>
    problems.push({ loc, msg: `${what} not found`, type: 'not_found' });
  if (!(await lookup.businessProfileExists(draft.businessProfileId))) {
    missing('body.business_profile_id', 'Business profile');
  }
  if (!(await lookup.customerExists(draft.customerId))) missing('body.customer_id', 'Customer');
  if (draft.sourceDocumentId !== null) {
    const source = await lookup.document(draft.sourceDocumentId);
    if (!source) missing('body.source_document_id', 'Source document');
    else if (draft.documentType === 'credit_note' && source.documentType !== 'invoice') {
      problems.push({
        loc: 'body.source_document_id',
        msg: 'a credit note corrects an invoice',
        type: 'invalid_value',
      });
    } else if (
      draft.documentType === 'credit_note' &&
      source.customerId !== null &&
      source.customerId !== draft.customerId
    ) {
      // Its credit would be set against another customer's invoice, and its e-invoice name that invoice.
      problems.push({
        loc: 'body.source_document_id',
        msg: "the invoice is another customer's: a credit note corrects an invoice of its own customer",
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
export async function draftProblems(
  ctx: AccountCtx,
  draft: DraftCandidate,
  lookup: ReferenceLookup = databaseLookup(ctx),
): Promise<FieldError[]> {
  const content = draft.content as DraftContent;
  return [
    ...(await referenceProblems(draft, lookup)),
    ...documentProblems(
      { ...draft, content },
      { content: 'body', issueDate: 'body.issue_date', dueDate: 'body.due_date' },
    ),
  ];
}

/**
 * Checks a draft completely (references, content, totals) and returns the totals to store with it;
 * `more`: the caller's own problems of the same request (its links' ids), answered in the same 422;
 * `lookup`: how its references are found (the database, or rows the caller has read).
 */
export async function prepareDraft(
  ctx: AccountCtx,
  draft: DraftCandidate,
  more: readonly FieldError[] = [],
  lookup: ReferenceLookup = databaseLookup(ctx),
): Promise<StoredTotals> {
  const content = draft.content as DraftContent;
  const problems = [...(await draftProblems(ctx, draft, lookup)), ...more];
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
